/// A spec whose builder is `async throws`: opening a database, restoring a session.
///
/// Resolve it with ``ViewModelBinding/watchAsync(_:)`` or ``ViewModelBinding/readAsync(_:)->VM``.
/// Callers that ask for the same instance while it is being built share one build. If every
/// one of them is cancelled, the build is cancelled and nothing is registered — an instance the
/// builder still returns is disposed (its `onDispose`, dispose blocks and tasks run, but it
/// never got `onCreate`), as is one returned after a reset abandoned the build; if it fails, every caller gets the error and the
/// next call builds again. Once built, the instance lives
/// by the same rules as any other: shared by key, held by bindings, disposed exactly once.
///
/// ```swift
/// let databaseSpec = AsyncViewModelSpec(key: "db", aliveForever: true) {
///   try await DatabaseViewModel.open(path)
/// }
/// let database = try await binding.watchAsync(databaseSpec)
/// ```
///
/// A ``ViewModelHost`` shows the loading, value and failure of such a spec with
/// ``ViewModelHost/load(_:)``.
public final class AsyncViewModelSpec<VM: ViewModel>: @unchecked Sendable {
  // @unchecked: every stored property is a `let`; keys are hashed and the builder run on the
  // main actor only.

  /// The key instances are shared under, or `nil` for one instance per binding.
  public var key: AnyHashable? { values.key }
  /// A tag that cached lookups and ``ViewModelRegistry/reset(tag:)`` find instances by.
  public var tag: AnyHashable? { values.tag }
  /// Whether the instance stays alive after its last holder lets go.
  public var aliveForever: Bool { values.aliveForever }
  /// How long a released instance waits before it is disposed; `nil` disposes at once.
  public var disposeDelay: Duration? { releasePolicy?.disposeDelay }
  /// Key, tag and lifetime, made once and shared by every instance this spec builds.
  let values: InstanceArg.Values
  /// `nil`: a released instance is disposed at once.
  var releasePolicy: ReleasePolicy? { values.releasePolicy }
  let builder: @MainActor () async throws -> VM

  /// Creates an async spec.
  ///
  /// ```swift
  /// let sessionSpec = AsyncViewModelSpec(key: "session") {
  ///   try await SessionViewModel.restore()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - builder: Builds the instance, or throws; runs on the main actor and may suspend.
  public convenience init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, builder: @escaping @MainActor () async throws -> VM
  ) {
    self.init(
      values: InstanceArg.Values(
        key: key, tag: tag, aliveForever: aliveForever,
        releasePolicy: ReleasePolicy(disposeDelay: disposeDelay),
        instanceType: ObjectIdentifier(VM.self)),
      privateIdentity: nil,
      builder: builder)
  }

  /// `privateIdentity`: the identity of the spec whose builder this one replaces, or `nil` for
  /// a spec of its own.
  private init(
    values: InstanceArg.Values, privateIdentity: InstanceIdentity?,
    builder: @escaping @MainActor () async throws -> VM
  ) {
    self.values = values
    self.builder = builder
    sharedIdentity = InstanceIdentity(type: ObjectIdentifier(VM.self), sharedBy: values)
    // Named by a key box of its own, as a `ViewModelSpec`'s: unique for as long as an identity
    // names it, with nothing else kept alive.
    self.privateIdentity =
      privateIdentity
      ?? InstanceIdentity(privateTo: ObjectIdentifier(VM.self), hashedBy: ObjectIdentifier(values))
  }

  /// This spec with another builder: the same key, tag, lifetime and identity.
  func replacingBuilder(_ builder: @escaping @MainActor () async throws -> VM)
    -> AsyncViewModelSpec<VM>
  {
    AsyncViewModelSpec(
      values: values, privateIdentity: privateIdentity,
      builder: builder)
  }

  /// The identity an instance resolved from this spec has when `active` builds it; computed
  /// once per spec, as for ``ViewModelSpec``.
  func identity(buildingWith active: AsyncViewModelSpec<VM>) -> InstanceIdentity {
    active.sharedIdentity ?? privateIdentity
  }

  private let sharedIdentity: InstanceIdentity?
  private let privateIdentity: InstanceIdentity
}

extension AsyncViewModelSpec: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor () async throws -> VM> {
    _ProxyHandle(object: self, values: values, type: VM.self) { self.replacingBuilder($0) }
  }
}
