import Registry

/// Something that builds a view model and names its identity: AppleViewModel's spec protocol.
///
/// `ViewModelSpec` conforms, so APIs that take `any ViewModelFactory<VM>` accept specs. Write
/// your own conformer when a type should build its view model itself; only ``build()`` is
/// required. Bindings resolve a factory like a spec with the same key, tag and lifetime:
///
/// ```swift
/// final class ProfileFactory: ViewModelFactory {
///   let userID: String
///   init(userID: String) { self.userID = userID }
///   func build() -> ProfileViewModel { ProfileViewModel(userID: userID) }
///   func key() -> AnyHashable? { "profile-\(userID)" }
/// }
///
/// let profile = binding.watch(ProfileFactory(userID: "u1"))
/// ```
///
/// > Important: A factory without a key gets one instance per binding and factory *type*, as
/// > in AppleViewModel: two `ProfileFactory` objects with different users, unkeyed, resolved by
/// > one binding, share the first instance. Give such factories a key. Specs are different: an
/// > unkeyed spec is private per binding and spec.
@MainActor
public protocol ViewModelFactory<VM>: AnyObject {
  /// The type of view model the factory builds.
  associatedtype VM: ViewModel

  /// Builds a new instance.
  ///
  /// ```swift
  /// func build() -> CounterViewModel { CounterViewModel() }
  /// ```
  ///
  /// - Returns: A new instance, not registered anywhere; a binding registers what it builds.
  func build() -> VM

  /// Builds a new instance or throws; what bindings call. The default calls ``build()``.
  ///
  /// ```swift
  /// func buildThrowing() throws -> StoreViewModel {
  ///   try StoreViewModel(path: path)
  /// }
  /// ```
  ///
  /// - Returns: A new instance.
  /// - Throws: Whatever building it throws; the `*Throwing` resolutions rethrow it.
  func buildThrowing() throws -> VM

  /// The key the instance is shared under; `nil` (the default) for a private one.
  ///
  /// ```swift
  /// func key() -> AnyHashable? { "profile-\(userID)" }
  /// ```
  ///
  /// - Returns: The key, or `nil`.
  func key() -> AnyHashable?

  /// The tag cached lookups find the instance by; `nil` by default.
  ///
  /// ```swift
  /// func tag() -> AnyHashable? { "profiles" }
  /// ```
  ///
  /// - Returns: The tag, or `nil`.
  func tag() -> AnyHashable?

  /// Whether the instance stays alive after its last holder lets go; `false` by default.
  ///
  /// ```swift
  /// func aliveForever() -> Bool { true }
  /// ```
  ///
  /// - Returns: `true` to keep the instance alive.
  func aliveForever() -> Bool
}

extension ViewModelFactory {
  /// Calls ``build()``.
  ///
  /// ```swift
  /// let counter = try factory.buildThrowing()
  /// ```
  ///
  /// - Returns: A new instance.
  public func buildThrowing() throws -> VM { build() }

  /// For a ``ViewModelSpec``, its key in the current registry — the key of the proxy or
  /// override installed for it, if any; `nil` for other factories unless they implement it.
  ///
  /// ```swift
  /// let restore = sessionSpec.overrideWith(
  ///   ViewModelSpec(key: "mock") { MockSession() })
  /// sessionSpec.key()  // "mock"
  /// sessionSpec.key    // "session": the declared key
  /// restore()
  /// ```
  ///
  /// - Returns: The key, or `nil`.
  public func key() -> AnyHashable? { activeSpec?.key }

  /// For a ``ViewModelSpec``, its tag in the current registry (after any proxy or override);
  /// `nil` for other factories unless they implement it.
  ///
  /// ```swift
  /// feedSpec.tag()  // "feeds"
  /// ```
  ///
  /// - Returns: The tag, or `nil`.
  public func tag() -> AnyHashable? { activeSpec?.tag }

  /// For a ``ViewModelSpec``, whether it outlives its holders in the current registry (after
  /// any proxy or override); `false` for other factories unless they implement it.
  ///
  /// ```swift
  /// sessionSpec.aliveForever()  // true
  /// ```
  ///
  /// - Returns: Whether the instance stays alive without holders.
  public func aliveForever() -> Bool { activeSpec?.aliveForever ?? false }

  /// The spec that builds this one in the current registry, when this factory is a spec. A
  /// stored `key` and a method `key()` cannot live in one type, so the spec answers through
  /// these defaults.
  var activeSpec: ViewModelSpec<VM>? {
    guard let spec = self as? ViewModelSpec<VM> else { return nil }
    return ViewModelRegistry.current.activeSpec(for: spec)
  }
}

extension ViewModelSpec: ViewModelFactory {
  /// Builds an instance through the spec that builds this one in the current registry (its
  /// proxy or override, if any). The instance is not registered: it has no key, no holders and
  /// no lifecycle. Resolve the spec through a binding for a managed instance.
  ///
  /// ```swift
  /// let preview = counterSpec.build()
  /// ```
  ///
  /// > Important: When the builder throws, there is nothing to return: the error is reported
  /// > and the program stops. Use ``buildThrowing()`` for specs made with `throwingBuilder:`.
  ///
  /// - Returns: A new instance.
  public func build() -> VM {
    do {
      return try buildThrowing()
    } catch {
      ViewModelRegistry.current.stop(
        error, operation: "build()", type: VM.self, key: key,
        at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    }
  }

  /// Builds an instance through the spec that builds this one in the current registry, or
  /// throws what its builder throws. The instance is not registered.
  ///
  /// ```swift
  /// let store = try storeSpec.buildThrowing()
  /// ```
  ///
  /// - Returns: A new instance.
  /// - Throws: What the builder throws.
  public func buildThrowing() throws -> VM {
    try (activeSpec ?? self).makeInstance(in: ViewModelRegistry.current)
  }

  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  ///
  /// ```swift
  /// let make = counterSpec.builder
  /// let a = make(), b = make()  // two unregistered instances
  /// ```
  ///
  /// > Important: For a spec made with `throwingBuilder:`, an error it throws is reported and
  /// > the program stops. Use ``buildThrowing()`` for such specs.
  public var builder: @MainActor () -> VM {
    let key = self.key
    return { [self] in
      do {
        return try makeInstance(in: ViewModelRegistry.current)
      } catch {
        ViewModelRegistry.current.stop(
          error, operation: "builder", type: VM.self, key: key,
          at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
      }
    }
  }
}
