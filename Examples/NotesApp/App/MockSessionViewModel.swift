import SessionInterface

/// A test double for the session: already signed in to a fixture account, no server involved.
///
/// Provided for ``sessionSpec`` in a test registry only.
final class MockSessionViewModel: SessionViewModel {
  init() {
    super.init(session: Session(user: "mock@example.test"))
  }
}
