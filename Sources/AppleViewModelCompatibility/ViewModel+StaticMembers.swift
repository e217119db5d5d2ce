import Registry

extension ViewModel {
  /// The current registry's configuration — in an app, the default registry's. Readable from
  /// any thread.
  ///
  /// ```swift
  /// if ViewModel.config.isLoggingEnabled { print("state: \(state)") }
  /// ```
  public nonisolated static var config: ViewModelConfig {
    ViewModelRegistry.current.configSnapshot.value
  }

  /// Starts the current registry over: disposes every live instance (`aliveForever` ones
  /// included), then clears its proxies and overrides, and restores the default configuration
  /// with no lifecycle observers (a `lifecycleEvents` stream keeps following the registry). What
  /// AppleViewModel's tests call in `setUp`.
  ///
  /// The teardown happens before the observers and the configuration are cleared, so
  /// observers hear every unbind and dispose and `onError` receives what the teardown throws.
  /// A reset called from inside the teardown does nothing. As in AppleViewModel, no binding is
  /// called back (`onUpdate`) for what the reset disposes — even one whose refresh was due when
  /// a reset ran inside a change — so none builds it again at once; bindings stay usable, and
  /// their next resolution builds fresh instances.
  ///
  /// ```swift
  /// override func setUp() {
  ///   super.setUp()
  ///   MainActor.assumeIsolated { ViewModel.reset() }
  /// }
  /// ```
  ///
  /// It acts on `ViewModelRegistry.current` only: a test that runs in its own registry (the
  /// `RegistryTesting` trait, `withRegistry`) resets just that one.
  public static func reset() {
    ViewModelRegistry.current.resetEverything()
  }

  /// Does what ``reset()`` does.
  ///
  /// ```swift
  /// ViewModel.debugReset()
  /// ```
  @available(*, deprecated, renamed: "reset()")
  public static func debugReset() {
    reset()
  }

  /// Adds a lifecycle observer to the current registry; returns a closure that removes it.
  /// See `ViewModelRegistry.addLifecycle(_:)`.
  ///
  /// ```swift
  /// let remove = ViewModel.addLifecycle(recorder)
  /// defer { remove() }
  /// ```
  ///
  /// - Parameter lifecycle: The observer.
  /// - Returns: Removes the observer; calling it again does nothing.
  @discardableResult
  public static func addLifecycle(_ lifecycle: any Registry.ViewModelLifecycle) -> () -> Void {
    ViewModelRegistry.current.addLifecycle(lifecycle)
  }

  /// Removes a lifecycle observer from the current registry.
  ///
  /// ```swift
  /// ViewModel.removeLifecycle(recorder)
  /// ```
  ///
  /// - Parameter lifecycle: The observer to remove.
  public static func removeLifecycle(_ lifecycle: any Registry.ViewModelLifecycle) {
    ViewModelRegistry.current.removeLifecycle(lifecycle)
  }

  /// Finds a live instance of `T` by key or tag in the current registry without holding it.
  ///
  /// With a `key`, the instance shared under it; if there is none and a `tag` is given, the
  /// newest instance with that tag. With only a `tag`, the newest with that tag, private ones
  /// included; with neither, the newest keyed instance of `T`. Nothing holds what it returns, so it stays alive only
  /// as long as its holders keep it.
  ///
  /// ```swift
  /// let session: SessionViewModel = try ViewModel.readCached(key: "session")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag to find it by.
  /// - Returns: The instance.
  /// - Throws: `RegistryError.notFound(operation:type:key:tag:registry:)` when nothing matches.
  public static func readCached<T: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws(RegistryError) -> T {
    let registry = ViewModelRegistry.current
    if let found = registry.lookUp(T.self, key: key, tag: tag) { return found }
    throw registry.notFound(T.self, key: key, tag: tag, operation: "ViewModel.readCached")
  }

  /// Finds a live instance of `T` by key or tag in the current registry without holding it, or
  /// returns `nil`. The same rules as ``readCached(key:tag:)``.
  ///
  /// ```swift
  /// let session: SessionViewModel? = ViewModel.maybeReadCached(key: "session")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag to find it by.
  /// - Returns: The instance, or `nil`.
  public static func maybeReadCached<T: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) -> T? {
    ViewModelRegistry.current.lookUp(T.self, key: key, tag: tag)
  }

  /// Finds a live instance of `T` by key or tag in the current registry without holding it, or
  /// returns `nil`. The same as ``maybeReadCached(key:tag:)``: a lookup without a binding has
  /// nothing else that can fail. Kept for AppleViewModel's name.
  ///
  /// ```swift
  /// let session: SessionViewModel? =
  ///   try ViewModel.maybeReadCachedThrowing(key: "session")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag to find it by.
  /// - Returns: The instance, or `nil`.
  public static func maybeReadCachedThrowing<T: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws(RegistryError) -> T? {
    ViewModelRegistry.current.lookUp(T.self, key: key, tag: tag)
  }
}

extension ViewModelRegistry {
  /// `readCached`'s error when nothing matches.
  func notFound(
    _ type: Any.Type, key: AnyHashable?, tag: AnyHashable?, operation: String
  ) -> RegistryError {
    let keyText = Describe.key(key)
    let tagText = Describe.key(tag)
    let arguments = [keyText.map { "key: \($0)" }, tagText.map { "tag: \($0)" }]
      .compactMap { $0 }.joined(separator: ", ")
    return .notFound(
      operation: "\(operation)(\(arguments))", type: Describe.type(type), key: keyText,
      tag: tagText, registry: name)
  }
}
