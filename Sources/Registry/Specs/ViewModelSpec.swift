/// How to build a view model and which instance it is: its key, tag and lifetime.
///
/// Declare specs once, at module level, and resolve them through a ``ViewModelBinding``. A spec
/// with a `key` is shared: every binding that resolves `(type, key)` gets the same instance, and
/// the builder runs once. A spec without a key is private: each binding that resolves it gets its
/// own instance.
///
/// ```swift
/// let counterSpec = ViewModelSpec { CounterViewModel() }  // one per binding
/// let sessionSpec = ViewModelSpec(key: "session", aliveForever: true) { SessionViewModel() }
///
/// let counter = binding.watch(counterSpec)
/// ```
///
/// Specs are immutable and safe to declare as globals. Test doubles replace them through
/// ``setProxy(_:)`` without touching the declaration.
public final class ViewModelSpec<VM: ViewModel>: @unchecked Sendable {
  // @unchecked: every stored property is a `let`; the keys are only hashed and the builder only
  // run on the main actor, where all resolution happens.

  /// The key instances are shared under, or `nil` for one instance per binding.
  public let key: AnyHashable?
  /// A tag that cached lookups and group operations can find instances by.
  public let tag: AnyHashable?
  /// Whether the instance stays alive after its last holder lets go.
  public let aliveForever: Bool
  /// How long a released instance waits before it is disposed; `nil` disposes at once.
  public var disposeDelay: Duration? { releasePolicy.disposeDelay }

  let releasePolicy: ReleasePolicy

  let builder: @MainActor () throws -> VM
  /// The shared identity, computed once because it is needed on every resolution.
  let sharedIdentity: InstanceIdentity?
  /// The private identity of a spec made by a family from a hashable argument.
  let privateKey: InstanceKey?
  /// The family this spec was made by, so that a proxy on the family applies to it.
  let origin: SpecOrigin<VM>?

  /// Creates a spec whose builder cannot fail.
  ///
  /// ```swift
  /// let settingsSpec = ViewModelSpec(key: "settings") { SettingsViewModel() }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private to each
  ///     binding.
  ///   - tag: A tag to find the instance by with cached lookups.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period: after its last holder lets go, the instance waits this
  ///     long before it is disposed, and comes back as it is if acquired again meanwhile. Keyed
  ///     instances only: a private one is disposed when its binding lets go.
  ///   - builder: Builds a new instance; runs on the main actor, once per instance.
  public convenience init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, builder: @escaping @MainActor () -> VM
  ) {
    self.init(
      key: key, tag: tag, aliveForever: aliveForever,
      releasePolicy: ReleasePolicy(disposeDelay: disposeDelay), privateKey: nil, origin: nil,
      builder: builder)
  }

  /// Creates a spec whose builder can throw, for instances that may fail to build.
  ///
  /// Resolve it with ``ViewModelBinding/watchThrowing(_:)`` or
  /// ``ViewModelBinding/readThrowing(_:)``: they throw the builder's
  /// error, register nothing, and the next resolution tries again.
  ///
  /// ```swift
  /// let storeSpec = ViewModelSpec(key: "store", throwingBuilder: { try StoreViewModel(path: path) })
  /// let store = try binding.watchThrowing(storeSpec)
  /// ```
  ///
  /// > Important: `watch(_:)` and `read(_:)` cannot throw. If they meet a builder that throws,
  /// > they report the error and stop the program.
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by with cached lookups.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - throwingBuilder: Builds a new instance or throws.
  public convenience init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, throwingBuilder: @escaping @MainActor () throws -> VM
  ) {
    self.init(
      key: key, tag: tag, aliveForever: aliveForever,
      releasePolicy: ReleasePolicy(disposeDelay: disposeDelay), privateKey: nil, origin: nil,
      builder: throwingBuilder)
  }

  init(
    key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool, releasePolicy: ReleasePolicy,
    privateKey: InstanceKey?, origin: SpecOrigin<VM>?,
    builder: @escaping @MainActor () throws -> VM
  ) {
    self.key = key
    self.tag = tag
    self.aliveForever = aliveForever
    self.releasePolicy = releasePolicy
    self.privateKey = privateKey
    self.origin = origin
    self.builder = builder
    self.sharedIdentity = key.map {
      InstanceIdentity(type: ObjectIdentifier(VM.self), key: .shared($0))
    }
    self.privateIdentity = InstanceIdentity(
      type: ObjectIdentifier(VM.self), key: privateKey ?? .privateSpec(ObjectIdentifier(self)))
  }

  /// This spec's private identity, computed once like `sharedIdentity`.
  private var privateIdentity: InstanceIdentity!

  /// The identity an instance resolved from this spec has, when `active` (this spec or its
  /// proxy) builds it. A proxy may change the key; a private instance keeps this spec's identity
  /// so that installing a proxy never changes which slot it lives in.
  func identity(buildingWith active: ViewModelSpec<VM>) -> InstanceIdentity {
    if let shared = active.sharedIdentity { return shared }
    return privateIdentity
  }
}

/// Where a family-made spec came from, and how to make it again from a proxy family.
struct SpecOrigin<VM: ViewModel> {
  let familyID: ObjectIdentifier
  let family: AnyObject
  let remake: @MainActor (_ proxyFamily: AnyObject) -> ViewModelSpec<VM>?
}
