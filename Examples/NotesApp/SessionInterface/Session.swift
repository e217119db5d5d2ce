/// Who is signed in, as the session interface publishes it to every feature.
///
/// ```swift
/// let session = Session(user: "demo@example.com")
/// print(session.isSignedIn)  // true
/// ```
public struct Session: Equatable, Sendable {
  /// The signed-in account, or `nil` when signed out.
  public var user: String?

  /// Whether an account is signed in.
  public var isSignedIn: Bool { user != nil }

  /// Creates a session.
  ///
  /// ```swift
  /// let signedOut = Session()
  /// ```
  ///
  /// - Parameter user: The signed-in account, or `nil` for a signed-out session.
  public init(user: String? = nil) {
    self.user = user
  }
}
