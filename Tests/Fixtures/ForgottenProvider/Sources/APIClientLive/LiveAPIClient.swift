import APIClientInterface

/// The live client. A real one talks to a server; this one answers from a directory of
/// accounts, signed in as one of them.
///
/// Only the composition root imports this module; features see ``APIClient`` alone.
///
/// ```swift
/// registry.provide(apiClientSpec) { LiveAPIClient() }
/// ```
public final class LiveAPIClient: APIClient {
  private let directory: [Int: User]
  /// The account the client is signed in as.
  public let signedInUserID: Int?

  /// The accounts the server knows, by default.
  ///
  /// ```swift
  /// let api = LiveAPIClient(directory: LiveAPIClient.accounts, signedInUserID: 2)
  /// ```
  public static let accounts = [
    User(id: 1, name: "Ada Lovelace"), User(id: 2, name: "Grace Hopper"),
  ]

  /// Creates a client over `directory`, signed in as `signedInUserID`.
  ///
  /// ```swift
  /// let api = LiveAPIClient(directory: [User(id: 7, name: "Kay")], signedInUserID: 7)
  /// ```
  ///
  /// - Parameters:
  ///   - directory: The accounts the server knows.
  ///   - signedInUserID: The account to be signed in as, or `nil` for none.
  public init(directory: [User] = LiveAPIClient.accounts, signedInUserID: Int? = 1) {
    // The last of two accounts with one id wins, as a server's later record would.
    self.directory = Dictionary(directory.map { ($0.id, $0) }) { _, last in last }
    self.signedInUserID = signedInUserID
  }

  /// The account with `id`, or `nil` when the server has none.
  ///
  /// - Parameter id: The account's id.
  /// - Returns: The account, or `nil`.
  public func user(id: Int) -> User? { directory[id] }
}
