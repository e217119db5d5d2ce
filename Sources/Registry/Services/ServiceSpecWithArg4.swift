/// A family of service specs made from 4 arguments; see ``ServiceSpecWithArg`` for the rules.
///
/// When every argument is `Hashable` and no `key` function is given, the arguments together are
/// the key.
///
/// ```swift
/// let feedSpec = ServiceSpecWithArg4<FeedClient, String, Int, Bool, Double>(
///   builder: { FeedClient($0, $1, $2, $3) }
/// )
/// let feed = binding.read(feedSpec("u1", 2, true, 0.5))
/// ```
public struct ServiceSpecWithArg4<Service, A, B, C, D>: Sendable {
  /// The family of the boxes the registry keeps the services in, with the dispose closure: one
  /// object, so that a copy of the family is one retain.
  @usableFromInline let storage:
    ServiceFamily<ViewModelSpecWithArg4<ServiceBox<Service>, A, B, C, D>, Service>

  /// The family of the boxes.
  @usableFromInline var family: ViewModelSpecWithArg4<ServiceBox<Service>, A, B, C, D> {
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
    builder: @escaping @MainActor (A, B, C, D) throws -> Service,
    key: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C, D) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArg4<ServiceBox<Service>, A, B, C, D>(
        throwingBuilder: { a, b, c, d in
          ServiceBox(try builder(a, b, c, d), disposal: disposal)
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
    builder: @escaping @MainActor (A, B, C, D, ViewModelBinding) throws -> Service,
    key: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C, D) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArg4<ServiceBox<Service>, A, B, C, D>(
        throwingBuilder: { a, b, c, d in
          try ServiceBox.build(resolving: { try builder(a, b, c, d, $0) }, disposal: disposal)
        },
        key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased), onDispose: onDispose)
  }

  /// The spec for these arguments.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C, _ d: D) -> ServiceSpec<Service> {
    ServiceSpec(spec: family(a, b, c, d))
  }

  /// Builds every later resolution of this family, for all arguments, with `builder`, in the
  /// current registry, keeping the family's key, tag and lifetime functions.
  ///
  /// ```swift
  /// feedSpec.setProxy { _, _, _, _ in MockFeedClient() }
  /// ```
  ///
  /// - Parameter builder: Makes the service for the arguments instead; it may throw.
  @MainActor
  public func setProxy(builder: @escaping @MainActor (A, B, C, D) throws -> Service) {
    let disposal = ServiceDisposal(onDispose)
    ViewModelRegistry.current.setProxy(for: family.family) { args in
      ServiceBox(try builder(args.0, args.1, args.2, args.3), disposal: disposal)
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

extension ServiceSpecWithArg4 where A: Hashable, B: Hashable, C: Hashable, D: Hashable {
  /// The spec for these arguments: the same spec for equal arguments, made once and kept in a
  /// small cache, as ``ViewModelSpecWithArg`` does. This overload is chosen when every argument
  /// is `Hashable`.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C, _ d: D) -> ServiceSpec<Service> {
    ServiceSpec(spec: family(a, b, c, d))
  }
}
