/// A service whose builder is `async throws`: opening a database, restoring a session, reading
/// a configuration from disk.
///
/// Resolve it with ``ViewModelBinding/readAsync(_:)-(AsyncServiceSpec<Service>)``. Callers that
/// ask for the same service while it is being built share one build; the rules of
/// ``AsyncViewModelSpec`` for cancellation, failure and resets apply. Once built, the service
/// lives as any other: shared by key, held by bindings, disposed exactly once.
///
/// ```swift
/// let databaseSpec = AsyncServiceSpec(key: "db", aliveForever: true) {
///   try await Database.open(path)
/// }
/// let database = try await binding.readAsync(databaseSpec)
/// ```
public struct AsyncServiceSpec<Service>: Sendable {
  /// The async spec of the box the registry keeps the service in.
  let spec: AsyncViewModelSpec<ServiceBox<Service>>
  /// The dispose closure the spec was written with, for proxies that supply only a builder.
  let onDispose: (@MainActor (Service) -> Void)?

  /// The key the service is shared under, or `nil` for one instance per binding.
  public var key: AnyHashable? { spec.key }
  /// A tag that ``ViewModelRegistry/reset(tag:)`` finds the service by.
  public var tag: AnyHashable? { spec.tag }
  /// Whether the service stays alive after its last holder lets go.
  public var aliveForever: Bool { spec.aliveForever }
  /// How long a released service waits before it is disposed; `nil` disposes at once.
  public var disposeDelay: Duration? { spec.disposeDelay }

  /// Creates an async service spec.
  ///
  /// ```swift
  /// let configSpec = AsyncServiceSpec(key: "config") {
  ///   try await RemoteConfig.fetch()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find it by.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released service is disposed.
  ///   - onDispose: Runs once when the service is disposed, in place of
  ///     ``RegistryDisposable/dispose()``.
  ///   - builder: Makes the service, or throws; runs on the main actor and may suspend.
  public init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, onDispose: (@MainActor (Service) -> Void)? = nil,
    builder: @escaping @MainActor () async throws -> Service
  ) {
    self.onDispose = onDispose
    let disposal = ServiceDisposal(onDispose)
    spec = AsyncViewModelSpec(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay
    ) {
      ServiceBox(try await builder(), disposal: disposal)
    }
  }

  /// Creates an async service spec whose builder resolves the service's own dependencies
  /// through the service's own binding, as a ``ServiceSpec`` can.
  ///
  /// ```swift
  /// let syncSpec = AsyncServiceSpec(key: "sync") { dependencies in
  ///   try await SyncEngine.start(api: dependencies.read(apiSpec))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find it by.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released service is disposed.
  ///   - onDispose: Runs once when the service is disposed.
  ///   - builder: Makes the service from its dependencies, or throws.
  public init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, onDispose: (@MainActor (Service) -> Void)? = nil,
    builder: @escaping @MainActor (ViewModelBinding) async throws -> Service
  ) {
    self.onDispose = onDispose
    let disposal = ServiceDisposal(onDispose)
    spec = AsyncViewModelSpec(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay
    ) {
      try await ServiceBox.build(resolving: builder, disposal: disposal)
    }
  }
}

extension AsyncServiceSpec: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor () async throws -> Service> {
    _ProxyHandle(object: spec, values: spec.values, type: Service.self) { builder in
      let disposal = ServiceDisposal(onDispose)
      return spec.replacingBuilder { ServiceBox(try await builder(), disposal: disposal) }
    }
  }
}
