/// A family of service specs made from 3 arguments; see ``ServiceSpecWithArg`` for the rules.
///
/// When every argument is `Hashable` and no `key` function is given, the arguments together are
/// the key.
///
/// ```swift
/// let feedSpec = ServiceSpecWithArg3<FeedClient, String, Int, Bool>(
///   builder: { FeedClient($0, $1, $2) }
/// )
/// let feed = binding.read(feedSpec("u1", 2, true))
/// ```
public struct ServiceSpecWithArg3<Service, A, B, C>: Sendable {
  /// The family of the boxes the registry keeps the services in, with the dispose closure: one
  /// object, so that a copy of the family is one retain.
  @usableFromInline let storage:
    ServiceFamily<ViewModelSpecWithArg3<ServiceBox<Service>, A, B, C>, Service>

  /// The family of the boxes.
  @usableFromInline var family: ViewModelSpecWithArg3<ServiceBox<Service>, A, B, C> {
    storage.family
  }
  /// The dispose closure the family was written with.
  var onDispose: (@MainActor (Service) -> Void)? { storage.onDispose }

  /// Creates a family whose builder makes the service for the arguments.
  ///
  /// - Parameters:
  ///   - builder: Makes the service for the arguments; it may throw.
  ///   - key: The key for the arguments; `nil` from it means private. Omitted: the arguments
  ///     together, when all are `Hashable`.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the service for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released service is disposed.
  ///   - keepReleased: How many released services to keep alive for a quick return.
  ///   - onDispose: Runs once when a service is disposed, in place of
  ///     ``RegistryDisposable/dispose()``.
  public init(
    builder: @escaping @MainActor (A, B, C) throws -> Service,
    key: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArg3<ServiceBox<Service>, A, B, C>(
        throwingBuilder: { a, b, c in
          ServiceBox(try builder(a, b, c), disposal: disposal)
        },
        key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased), onDispose: onDispose)
  }

  /// Creates a family whose builder resolves each service's own dependencies through the
  /// service's own binding.
  ///
  /// - Parameters:
  ///   - builder: Makes the service for the arguments from its dependencies; it may throw.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the service for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released service is disposed.
  ///   - keepReleased: How many released services to keep alive for a quick return.
  ///   - onDispose: Runs once when a service is disposed.
  public init(
    builder: @escaping @MainActor (A, B, C, ViewModelBinding) throws -> Service,
    key: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArg3<ServiceBox<Service>, A, B, C>(
        throwingBuilder: { a, b, c in
          try ServiceBox.build(resolving: { try builder(a, b, c, $0) }, disposal: disposal)
        },
        key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased), onDispose: onDispose)
  }

  /// The spec for these arguments.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C) -> ServiceSpec<Service> {
    ServiceSpec(spec: family(a, b, c))
  }

  /// Builds every later resolution of this family, for all arguments, with `builder`, in the
  /// current registry, keeping the family's key, tag and lifetime functions.
  ///
  /// ```swift
  /// feedSpec.setProxy { _, _, _ in MockFeedClient() }
  /// ```
  ///
  /// - Parameter builder: Makes the service for the arguments instead; it may throw.
  @MainActor
  public func setProxy(builder: @escaping @MainActor (A, B, C) throws -> Service) {
    let disposal = ServiceDisposal(onDispose)
    ViewModelRegistry.current.setProxy(for: family.family) { args in
      ServiceBox(try builder(args.0, args.1, args.2), disposal: disposal)
    }
  }

  /// Removes the proxy installed on this family in the current registry.
  ///
  /// ```swift
  /// feedSpec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    family.clearProxy()
  }
}

extension ServiceSpecWithArg3 where A: Hashable, B: Hashable, C: Hashable {
  /// The spec for these arguments: the same spec for equal arguments, made once and kept in a
  /// small cache, as ``ViewModelSpecWithArg`` does. This overload is chosen when every argument
  /// is `Hashable`.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C) -> ServiceSpec<Service> {
    ServiceSpec(spec: family(a, b, c))
  }
}
