import Registry
import SessionInterface

/// The real session: it signs accounts in against an account directory (a list here, a server
/// in an app).
///
/// Only the composition root imports this module; features see ``SessionViewModel`` alone.
///
/// ```swift
/// registry.provide(sessionSpec) { LiveSessionViewModel(directory: ["demo@example.com"]) }
/// ```
public final class LiveSessionViewModel: SessionViewModel {
  private let directory: Set<String>

  /// Creates the live session.
  ///
  /// ```swift
  /// let session = LiveSessionViewModel(directory: ["demo@example.com"])
  /// ```
  ///
  /// - Parameter directory: The accounts that may sign in.
  public init(directory: Set<String>) {
    self.directory = directory
    super.init()
  }

  /// Signs `user` in when the directory knows it; an unknown account leaves the session as it is.
  ///
  /// ```swift
  /// session.signIn(user: "demo@example.com")
  /// ```
  ///
  /// - Parameter user: The account to sign in.
  override public func signIn(user: String) {
    guard directory.contains(user) else { return }
    super.signIn(user: user)
  }
}
