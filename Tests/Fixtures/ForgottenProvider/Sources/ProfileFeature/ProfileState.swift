import APIClientInterface

/// What the profile screen shows.
///
/// ```swift
/// switch profile.state {
/// case .signedOut: showSignIn()
/// case .loaded(let user): show(user)
/// case .missing(let id): showError("no account \(id)")
/// }
/// ```
public enum ProfileState: Equatable, Sendable {
  /// Nobody is signed in.
  case signedOut
  /// The signed-in account.
  case loaded(User)
  /// The client is signed in as an account the server does not know.
  case missing(userID: Int)
}
