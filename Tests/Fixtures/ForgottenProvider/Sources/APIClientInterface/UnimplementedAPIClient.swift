/// What a test that forgot to provide ``apiClientSpec`` gets, once its resolution has failed the
/// test: a client that is signed out and knows nobody, so that the rest of the test runs
/// without a server.
final class UnimplementedAPIClient: APIClient {
  var signedInUserID: Int? { nil }

  func user(id: Int) -> User? { nil }
}
