/// A family of service specs made from an argument: one API client per account, one upload
/// session per file.
///
/// It follows the rules of ``ViewModelSpecWithArg``: with a `Hashable` argument and no `key`
/// function the argument is the key, so equal arguments share one service; a `key` function
/// chooses the key instead, and `nil` from it makes the service private to each binding. Calling
/// the family again with an equal `Hashable` argument returns the same spec, made once.
///
/// ```swift
/// let accountAPISpec = ServiceSpecWithArg<any APIClient, AccountID>(
///   builder: { id in LiveAPIClient(account: id) }
/// )
/// let api = binding.read(accountAPISpec(accountID))
/// ```
public struct ServiceSpecWithArg<Service, Arg>: Sendable {
  /// The family of the boxes the registry keeps the services in, with the dispose closure: one
  /// object, so that a copy of the family is one retain.
  @usableFromInline let storage:
    ServiceFamily<ViewModelSpecWithArg<ServiceBox<Service>, Arg>, Service>

  /// The family of the boxes.
  @usableFromInline var family: ViewModelSpecWithArg<ServiceBox<Service>, Arg> { storage.family }
  /// The dispose closure the family was written with.
  var onDispose: (@MainActor (Service) -> Void)? { storage.onDispose }

  /// Creates a family whose builder makes the service for an argument.
  ///
  /// ```swift
  /// let uploadSpec = ServiceSpecWithArg<UploadSession, URL>(
  ///   builder: { try UploadSession(file: $0) }, key: { $0.path },
  ///   onDispose: { $0.cancel() }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Makes the service for an argument; it may throw.
  ///   - key: The key for an argument; `nil` from it means private. Omitted: the argument itself
  ///     when it is `Hashable`.
  ///   - tag: The tag for an argument.
  ///   - aliveForever: Whether the service for an argument outlives its holders.
  ///   - disposeDelay: A grace period before a released service is disposed.
  ///   - keepReleased: How many released services to keep alive for a quick return; beyond it,
  ///     the least recently used is disposed.
  ///   - onDispose: Runs once when a service is disposed, in place of
  ///     ``RegistryDisposable/dispose()``.
  public init(
    builder: @escaping @MainActor (Arg) throws -> Service,
    key: (@MainActor (Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    storage = ServiceFamily(
      ViewModelSpecWithArg(
        throwingBuilder: ServiceBox.argumentMaker(builder, onDispose: onDispose), key: key,
        tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased),
      onDispose: onDispose)
  }

  /// Creates a family whose builder resolves each service's own dependencies through the
  /// service's own binding.
  ///
  /// ```swift
  /// let accountStoreSpec = ServiceSpecWithArg<AccountStore, AccountID>(
  ///   builder: { id, dependencies in
  ///     AccountStore(id: id, api: dependencies.read(apiSpec))
  ///   }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Makes the service for an argument from its dependencies; it may throw.
  ///   - key: The key for an argument; `nil` from it means private.
  ///   - tag: The tag for an argument.
  ///   - aliveForever: Whether the service for an argument outlives its holders.
  ///   - disposeDelay: A grace period before a released service is disposed.
  ///   - keepReleased: How many released services to keep alive for a quick return.
  ///   - onDispose: Runs once when a service is disposed.
  public init(
    builder: @escaping @MainActor (Arg, ViewModelBinding) throws -> Service,
    key: (@MainActor (Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArg(
        throwingBuilder: { arg in
          try ServiceBox.build(resolving: { try builder(arg, $0) }, disposal: disposal)
        }, key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased),
      onDispose: onDispose)
  }

  /// How many released services the family keeps alive for a quick return.
  public var keepReleased: Int { family.keepReleased }

  /// The spec for one argument, made on each call. Where `Arg` is `Hashable`, the overload that
  /// reuses the spec made for an equal argument is chosen instead.
  ///
  /// ```swift
  /// let api = binding.read(accountAPISpec(accountID))
  /// ```
  ///
  /// - Parameter arg: The argument the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ arg: Arg) -> ServiceSpec<Service> {
    ServiceSpec(spec: storage.family(arg))
  }
}

extension ServiceSpecWithArg: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor (Arg) throws -> Service> {
    _ProxyHandle(object: family, values: nil, type: Service.self) { builder in
      family.replacingBuilder(ServiceBox.argumentMaker(builder, onDispose: onDispose))
    }
  }
}

extension ServiceSpecWithArg where Arg: Hashable {
  /// The spec for one argument: the same spec for equal arguments, made once (see
  /// ``ViewModelSpecWithArg`` on the cache). This overload is chosen for `Hashable` arguments.
  ///
  /// ```swift
  /// let api = binding.read(accountAPISpec(accountID))
  /// ```
  ///
  /// - Parameter arg: The argument the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @inlinable @MainActor
  public func callAsFunction(_ arg: Arg) -> ServiceSpec<Service> {
    ServiceSpec(spec: storage.family(arg))
  }
}

/// A service family's box family and its dispose closure, kept together so that the family
/// value is one reference.
@usableFromInline
final class ServiceFamily<Family, Service>: @unchecked Sendable {
  // @unchecked: immutable; the closure runs on the main actor only.
  @usableFromInline let family: Family
  let onDispose: (@MainActor (Service) -> Void)?

  init(_ family: Family, onDispose: (@MainActor (Service) -> Void)?) {
    self.family = family
    self.onDispose = onDispose
  }
}
