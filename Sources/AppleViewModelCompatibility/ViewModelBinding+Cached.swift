import Registry

extension ViewModelBinding {
  /// Finds a live instance of `VM` by key or tag and watches it; never builds.
  ///
  /// With a `key`, finds the instance shared under `(VM, key)`; with only a `tag`, the newest
  /// instance of `VM` with that tag, another binding's private instance included; with neither,
  /// the newest keyed instance of `VM`. A found instance is held by this binding, as with
  /// `watch(_:)`, so a private one found by its tag outlives its own binding while this one
  /// holds it. This is AppleViewModel's lookup by key; Registry's own code resolves the spec.
  ///
  /// ```swift
  /// let user: UserViewModel = try binding.watchCached(key: "user-42")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag it must have.
  /// - Returns: The instance.
  /// - Throws: `RegistryError.notFound` when nothing matches;
  ///   `RegistryError.ownershipCycle` when this is a view model's binding and the
  ///   instance already holds that view model (nothing is held).
  public func watchCached<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws(RegistryError) -> VM {
    try cachedOrThrow(key: key, tag: tag, watching: true, operation: "watchCached")
  }

  /// Finds a live instance of `VM` by key or tag and holds it without watching; never builds.
  ///
  /// ```swift
  /// let user: UserViewModel = try binding.readCached(key: "user-42")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag it must have.
  /// - Returns: The instance.
  /// - Throws: `RegistryError.notFound` when nothing matches;
  ///   `RegistryError.ownershipCycle` as for ``watchCached(key:tag:)``.
  public func readCached<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws(RegistryError) -> VM {
    try cachedOrThrow(key: key, tag: tag, watching: false, operation: "readCached")
  }

  /// Finds a live instance of `VM` by key or tag and watches it, or returns `nil`; never builds.
  ///
  /// ```swift
  /// if let user: UserViewModel = binding.maybeWatchCached(key: "user-42") {
  ///   show(user)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag it must have.
  /// - Returns: The instance, or `nil` when nothing matches.
  public func maybeWatchCached<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) -> VM? {
    reportIfDisposed(VM.self, key: key, operation: "maybeWatchCached")
    return cachedReportingCycles(VM.self, key: key, tag: tag, watching: true)
  }

  /// Finds a live instance of `VM` by key or tag and holds it without watching, or returns `nil`.
  ///
  /// ```swift
  /// let user: UserViewModel? = binding.maybeReadCached(tag: "current-user")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag it must have.
  /// - Returns: The instance, or `nil` when nothing matches.
  public func maybeReadCached<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) -> VM? {
    reportIfDisposed(VM.self, key: key, operation: "maybeReadCached")
    return cachedReportingCycles(VM.self, key: key, tag: tag, watching: false)
  }

  private func cachedOrThrow<VM: ViewModel>(
    key: AnyHashable?, tag: AnyHashable?, watching: Bool, operation: String
  ) throws(RegistryError) -> VM {
    if let error = disposedError(VM.self, key: key, operation: operation) { throw error }
    if let found = try cached(VM.self, key: key, tag: tag, watching: watching) { return found }
    throw registry.notFound(VM.self, key: key, tag: tag, operation: operation)
  }

  /// A disposed binding holds nothing: a lookup through it is the caller's mistake.
  private func disposedError<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, operation: String
  ) -> RegistryError? {
    guard isDisposed else { return nil }
    return .bindingDisposed(
      operation: "\(operation)(key:tag:)", binding: id, type: Describe.type(VM.self),
      key: Describe.key(key))
  }

  /// Reports a lookup through a disposed binding; the `maybe` forms still return what they find,
  /// unheld.
  private func reportIfDisposed<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, operation: String
  ) {
    if let error = disposedError(type, key: key, operation: operation) {
      registry.report(error, at: nil)
    }
  }
}
