/// An account, as the API returns it.
///
/// ```swift
/// let ada = User(id: 1, name: "Ada Lovelace")
/// ```
public struct User: Equatable, Sendable {
  /// The account's id.
  public let id: Int
  /// The name the profile shows.
  public let name: String

  /// Creates a user.
  ///
  /// ```swift
  /// let grace = User(id: 2, name: "Grace Hopper")
  /// ```
  ///
  /// - Parameters:
  ///   - id: The account's id.
  ///   - name: The name the profile shows.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}
