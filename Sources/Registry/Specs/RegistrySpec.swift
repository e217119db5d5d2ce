/// A spec of any kind: ``ViewModelSpec``, ``AsyncViewModelSpec``, ``ServiceSpec``,
/// ``AsyncServiceSpec``, their families of one argument and more, and the interfaces declared
/// with them.
///
/// The registry's proxy calls take any of them, so a spec of every kind is replaced the same
/// way: with another spec of its kind, or with a builder of its own shape.
///
/// ```swift
/// registry.setProxy(for: authSpec) { MockAuthViewModel() }  // a ViewModelSpec
/// registry.setProxy(for: userSpec) { id in MockUser(id: id) }  // a family
/// registry.setProxy(for: apiSpec) { MockAPIClient() }  // a ServiceSpec
/// ```
///
/// Only Registry's spec types adopt it: its requirement is made by them alone.
public protocol RegistrySpec: Sendable {
  /// What builds an instance of this spec: `() throws -> VM` for a spec, `(Arg) throws -> VM`
  /// for a family, `() async throws -> Service` for an async service, and so on. A proxy that
  /// keeps the spec and swaps only its builder takes one:
  /// [`setProxy(for:builder:)`](doc:ViewModelRegistry/setProxy(for:fileID:filePath:line:column:builder:)).
  associatedtype Builder

  /// How the registry installs a proxy for this spec. Registry's spec types make it; it is not
  /// API.
  @MainActor var _proxyHandle: _ProxyHandle<Builder> { get }
}

/// What the registry's proxy calls need of a spec: the object proxies are installed under, its
/// values to compare with a proxy's, and how to make the spec again with another builder. Made
/// by Registry's spec types only, on the main actor; it is not API.
public struct _ProxyHandle<Builder> {
  /// What a proxy of this spec is installed under, and what is installed when this spec is the
  /// proxy: the spec itself, or the view-model spec or family a service spec wraps.
  let object: AnyObject
  /// The key and lifetime a proxy spec's are compared with; `nil` for a family, whose changes
  /// are reported per argument when it first builds one.
  let values: InstanceArg.Values?
  /// The type messages name.
  let type: Any.Type
  /// This spec with `builder` instead of its own, keeping everything else it is.
  let replacingBuilder: @MainActor (Builder) -> AnyObject
}
