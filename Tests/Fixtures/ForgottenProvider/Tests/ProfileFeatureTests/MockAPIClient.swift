import APIClientInterface

/// A test's client: accounts a test adds, signed in as the one it chooses, and a log of the
/// accounts asked for.
final class MockAPIClient: APIClient {
  private var accounts: [Int: User] = [:]
  var signedInUserID: Int?
  private(set) var requests: [Int] = []

  func add(_ user: User) {
    accounts[user.id] = user
  }

  func user(id: Int) -> User? {
    requests.append(id)
    return accounts[id]
  }
}
