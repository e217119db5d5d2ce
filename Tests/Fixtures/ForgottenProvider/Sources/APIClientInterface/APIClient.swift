import Registry

/// What the app asks of its backend. Features read it through ``apiClientSpec``; the
/// composition root provides the live client, and each test provides a mock.
///
/// ```swift
/// let api = viewModelBinding.read(apiClientSpec)
/// if let id = api.signedInUserID { print(api.user(id: id)?.name ?? "unknown") }
/// ```
@MainActor
public protocol APIClient: AnyObject {
  /// The account this client is signed in as, or `nil` when it is signed out.
  var signedInUserID: Int? { get }
  /// The user with `id`, or `nil` when there is none.
  func user(id: Int) -> User?
}

/// The API client, shared under the key `"api"`: an interface, declared without a builder.
///
/// No default makes sense in a test, so tests must provide it: a test that resolves it without
/// a provider fails at the line that resolved it, and goes on with a client that is signed out
/// and knows nobody.
///
/// ```swift
/// // The composition root
/// registry.provide(apiClientSpec) { LiveAPIClient() }
///
/// // A test
/// @Test(.registry { $0.provide(apiClientSpec) { MockAPIClient() } })
/// func showsTheSignedInUser() { … }
/// ```
public let apiClientSpec = ServiceSpec<any APIClient>.interface(
  key: "api", unimplemented: UnimplementedAPIClient())

/// The interfaces this module declares, for the composition root's completeness check.
///
/// ```swift
/// try registry.checkProviders(for: apiClientInterfaces)
/// ```
public let apiClientInterfaces: [any InterfaceSpec] = [apiClientSpec]
