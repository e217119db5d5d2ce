/// A family of service specs made from several arguments; see ``ServiceSpecWithArg`` for the
/// rules.
///
/// When every argument is `Hashable` and no `key` function is given, the arguments together are
/// the key. `ServiceSpecWithArg2`, `3` and `4` are names for it with two, three and four
/// arguments.
///
/// ```swift
/// let feedSpec = ServiceSpecWithArgs<FeedClient, String, Int>(
///   builder: { account, page in FeedClient(account, page) }
/// )
/// let feed = binding.read(feedSpec("u1", 2))
/// ```
public struct ServiceSpecWithArgs<Service, each Arg>: Sendable {
  /// The family of the boxes the registry keeps the services in, with the dispose closure: one
  /// object, so that a copy of the family is one retain.
  @usableFromInline
  let storage: ServiceFamily<ViewModelSpecWithArgs<ServiceBox<Service>, repeat each Arg>, Service>

  /// The family of the boxes.
  var family: ViewModelSpecWithArgs<ServiceBox<Service>, repeat each Arg> { storage.family }
  /// The dispose closure the family was written with.
  var onDispose: (@MainActor (Service) -> Void)? { storage.onDispose }

  /// Creates a family whose builder makes the service for the arguments.
  ///
  /// ```swift
  /// let pageSpec = ServiceSpecWithArgs<PageLoader, URL, Int>(
  ///   builder: { url, page in try PageLoader(url, page) },
  ///   onDispose: { $0.cancel() })
  /// ```
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
    builder: @escaping @MainActor (repeat each Arg) throws -> Service,
    key: (@MainActor (repeat each Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (repeat each Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (repeat each Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArgs(
        builder: { (args: repeat each Arg) in
          ServiceBox(try builder(repeat each args), disposal: disposal)
        },
        key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased), onDispose: onDispose)
  }

  /// Creates a family whose builder resolves each service's own dependencies through the
  /// service's own binding, given before the arguments.
  ///
  /// The binding comes first here, where ``ServiceSpecWithArg`` gives it after its one argument:
  /// Swift 6.3 cannot call a function whose parameter list has anything after its arguments of
  /// a variable number.
  ///
  /// ```swift
  /// let pageSpec = ServiceSpecWithArgs<PageLoader, URL, Int>(
  ///   builder: { dependencies, url, page in
  ///     PageLoader(url, page, api: dependencies.read(apiSpec))
  ///   })
  /// ```
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
    builder: @escaping @MainActor (ViewModelBinding, repeat each Arg) throws -> Service,
    key: (@MainActor (repeat each Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (repeat each Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (repeat each Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0,
    onDispose: (@MainActor (Service) -> Void)? = nil
  ) {
    let disposal = ServiceDisposal(onDispose)
    storage = ServiceFamily(
      ViewModelSpecWithArgs(
        builder: { (args: repeat each Arg) in
          // Kept as a tuple: a closure inside this one cannot name the pack itself.
          let tuple = (repeat each args)
          return try ServiceBox.build(
            resolving: { dependencies in try builder(dependencies, repeat each tuple) },
            disposal: disposal)
        },
        key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
        keepReleased: keepReleased), onDispose: onDispose)
  }

  /// The spec for these arguments, made on each call; with every argument `Hashable`, the same
  /// spec for equal arguments.
  ///
  /// ```swift
  /// let feed = binding.read(feedSpec("u1", 2))
  /// ```
  ///
  /// - Parameter args: The arguments the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ args: repeat each Arg) -> ServiceSpec<Service> {
    ServiceSpec(spec: family(repeat each args))
  }
}

extension ServiceSpecWithArgs: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor ((repeat each Arg)) throws -> Service>
  {
    _ProxyHandle(object: family.family, values: nil, type: Service.self) { builder in
      family.family.replacingBuilder(ServiceBox.argumentMaker(builder, onDispose: onDispose))
    }
  }
}

extension ServiceSpecWithArgs where repeat each Arg: Hashable {
  /// The spec for these arguments: the same spec for equal arguments, made once and kept in a
  /// small cache. This overload is chosen when every argument is `Hashable`.
  ///
  /// ```swift
  /// let feed = binding.read(feedSpec("u1", 2))
  /// ```
  ///
  /// - Parameter args: The arguments the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @inlinable @MainActor
  public func callAsFunction(_ args: repeat each Arg) -> ServiceSpec<Service> {
    // Inlinable, so that the family's lookup is specialized for the caller's argument types.
    ServiceSpec(spec: storage.family(repeat each args))
  }
}

/// A family of service specs made from two arguments.
public typealias ServiceSpecWithArg2<Service, A, B> = ServiceSpecWithArgs<Service, A, B>
/// A family of service specs made from three arguments.
public typealias ServiceSpecWithArg3<Service, A, B, C> = ServiceSpecWithArgs<Service, A, B, C>
/// A family of service specs made from four arguments.
public typealias ServiceSpecWithArg4<Service, A, B, C, D> = ServiceSpecWithArgs<
  Service, A, B, C, D
>
