import Registry

/// A user's profile, as the API returns it.
struct Profile: Equatable, Sendable {
  let id: Int
  let name: String
}

/// What the app asks of its backend: an interface, declared with no builder. The composition
/// root provides the live client; a test provides a mock, and a test that forgets to fails and
/// goes on with ``UnimplementedAPIClient``.
@MainActor
protocol APIClient: AnyObject {
  /// The profile with `id`, or `nil` when there is none.
  func profile(id: Int) -> Profile?
  /// How many requests this client has sent.
  var requestCount: Int { get }
}

let apiClientSpec = ServiceSpec<any APIClient>.interface(
  key: "api", unimplemented: UnimplementedAPIClient())

/// What a test that forgot to provide the client gets, once its resolution has failed the
/// test: a client with no answers, so the rest of the test runs without a server.
@MainActor
final class UnimplementedAPIClient: APIClient {
  var requestCount: Int { 0 }

  func profile(id: Int) -> Profile? { nil }
}

/// The live client. A real one talks to a server; this one answers from a table, and counts
/// its requests as a real client's metrics would.
@MainActor
final class LiveAPIClient: APIClient {
  private let server: [Int: String]
  private(set) var requestCount = 0

  init(server: [Int: String]) {
    self.server = server
  }

  func profile(id: Int) -> Profile? {
    requestCount += 1
    return server[id].map { Profile(id: id, name: $0) }
  }
}

/// A test's client: canned answers, no server.
@MainActor
final class MockAPIClient: APIClient {
  private(set) var requestCount = 0

  func profile(id: Int) -> Profile? {
    requestCount += 1
    return Profile(id: id, name: "Test User")
  }
}
