import Registry

/// A binding that counts its refreshes (`onUpdate`), for tests that check who is told of a change.
@MainActor
final class CountingBinding: ViewModelBinding {
  private(set) var updates = 0

  override func onUpdate() { updates += 1 }
}
