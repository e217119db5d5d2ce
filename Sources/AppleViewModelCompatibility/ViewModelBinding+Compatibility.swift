import Registry

extension ViewModelBinding {
  /// Disposes `viewModel` now, whoever holds it — `aliveForever` or not; the next resolution
  /// of its spec builds a new instance. Every binding that held it lets go and refreshes.
  ///
  /// ```swift
  /// // Signed out: the next watch(sessionSpec) builds anew.
  /// binding.recycle(session)
  /// ```
  ///
  /// > Important: An instance that is already disposed, or that no registry built, is reported
  /// > and nothing changes.
  ///
  /// - Parameters:
  ///   - viewModel: The instance to dispose.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func recycle<VM: ViewModel>(
    _ viewModel: VM, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let type = Describe.type(Swift.type(of: viewModel))
    guard let arg = viewModel.creationArg else {
      registry.report(.notRegistered(operation: "recycle(_:)", type: type), at: site)
      return
    }
    guard !viewModel.isDisposed else {
      registry.report(
        .viewModelDisposed(operation: "recycle(_:)", type: type, key: Describe.key(arg.key)),
        at: site)
      return
    }
    registry.dispose(viewModel)
  }

  /// Finds a live instance of `VM` by key or tag and watches it, or returns `nil`; throws for a
  /// disposed binding or a refused hold, never for a missing instance. The lookup rules of
  /// `ViewModelBinding.watchCached(key:tag:)`: by tag alone, private instances are found too.
  ///
  /// ```swift
  /// let user: UserViewModel? =
  ///   try binding.maybeWatchCachedThrowing(key: "user-42")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag it must have.
  /// - Returns: The instance, or `nil` when nothing matches.
  /// - Throws: `RegistryError.bindingDisposed(operation:binding:type:key:)`;
  ///   `RegistryError.ownershipCycle(chain:)` when holding the instance would close an
  ///   ownership cycle (nothing is held).
  public func maybeWatchCachedThrowing<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws(RegistryError) -> VM? {
    try throwIfDisposed(VM.self, key: key, operation: "maybeWatchCachedThrowing(key:tag:)")
    return try cached(VM.self, key: key, tag: tag, watching: true)
  }

  /// Finds a live instance of `VM` by key or tag and holds it without watching, or returns
  /// `nil`; throws for a disposed binding or a refused hold, never for a missing instance. The
  /// lookup rules of `ViewModelBinding.readCached(key:tag:)`.
  ///
  /// ```swift
  /// let user: UserViewModel? =
  ///   try binding.maybeReadCachedThrowing(tag: "current-user")
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key the instance is shared under.
  ///   - tag: The tag it must have.
  /// - Returns: The instance, or `nil` when nothing matches.
  /// - Throws: `RegistryError.bindingDisposed(operation:binding:type:key:)`;
  ///   `RegistryError.ownershipCycle(chain:)` when holding the instance would close an
  ///   ownership cycle (nothing is held).
  public func maybeReadCachedThrowing<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws(RegistryError) -> VM? {
    try throwIfDisposed(VM.self, key: key, operation: "maybeReadCachedThrowing(key:tag:)")
    return try cached(VM.self, key: key, tag: tag, watching: false)
  }

  /// Every live instance built by a spec of `VM` with `tag`, keyed or private (another
  /// binding's included), newest first, each now watched by this binding; empty when there is
  /// none. Never builds.
  ///
  /// As in AppleViewModel, `VM` is the spec's type: a `MockUser` built by a
  /// `ViewModelSpec<UserViewModel>` is found as a `UserViewModel`.
  ///
  /// ```swift
  /// let openDocuments: [DocumentViewModel] = binding.watchCachesByTag("open")
  /// ```
  ///
  /// > Important: On a disposed binding this reports the mistake and returns the instances
  /// > without holding them. On a view model's binding, an instance that holds that view model
  /// > (directly or through others) is left out: holding it would close an ownership cycle. Each
  /// > such refused hold is reported as `RegistryError.ownershipCycle(chain:)`, and the rest are
  /// > held and returned.
  ///
  /// - Parameter tag: The tag the instances were built with.
  /// - Returns: The instances.
  public func watchCachesByTag<VM: ViewModel>(_ tag: AnyHashable) -> [VM] {
    reportIfDisposedForTag(VM.self, operation: "watchCachesByTag(_:)")
    return cachesByTag(tag, watching: true)
  }

  /// Like ``watchCachesByTag(_:)``, throwing for a disposed binding. A refused hold is reported
  /// and left out, not thrown: the instances held by then stay held.
  ///
  /// ```swift
  /// let documents: [DocumentViewModel] =
  ///   try binding.watchCachesByTagThrowing("open")
  /// ```
  ///
  /// - Parameter tag: The tag the instances were built with.
  /// - Returns: The instances, newest first.
  /// - Throws: `RegistryError.bindingDisposed(operation:binding:type:key:)`.
  public func watchCachesByTagThrowing<VM: ViewModel>(
    _ tag: AnyHashable
  ) throws(RegistryError) -> [VM] {
    try throwIfDisposed(VM.self, key: nil, operation: "watchCachesByTagThrowing(_:)")
    return cachesByTag(tag, watching: true)
  }

  /// Every live instance built by a spec of `VM` with `tag`, keyed or private (another
  /// binding's included), newest first, each now held (not watched) by this binding; empty when
  /// there is none. Never builds.
  ///
  /// ```swift
  /// let uploads: [UploadViewModel] = binding.readCachesByTag("uploads")
  /// ```
  ///
  /// > Important: On a disposed binding this reports the mistake and returns the instances
  /// > without holding them. An instance whose hold would close an ownership cycle is left out
  /// > and reported, as for ``watchCachesByTag(_:)``; the rest are held and returned.
  ///
  /// - Parameter tag: The tag the instances were built with.
  /// - Returns: The instances.
  public func readCachesByTag<VM: ViewModel>(_ tag: AnyHashable) -> [VM] {
    reportIfDisposedForTag(VM.self, operation: "readCachesByTag(_:)")
    return cachesByTag(tag, watching: false)
  }

  /// Like ``readCachesByTag(_:)``, throwing for a disposed binding. A refused hold is reported
  /// and left out, not thrown: the instances held by then stay held.
  ///
  /// ```swift
  /// let uploads: [UploadViewModel] =
  ///   try binding.readCachesByTagThrowing("uploads")
  /// ```
  ///
  /// - Parameter tag: The tag the instances were built with.
  /// - Returns: The instances, newest first.
  /// - Throws: `RegistryError.bindingDisposed(operation:binding:type:key:)`.
  public func readCachesByTagThrowing<VM: ViewModel>(
    _ tag: AnyHashable
  ) throws(RegistryError) -> [VM] {
    try throwIfDisposed(VM.self, key: nil, operation: "readCachesByTagThrowing(_:)")
    return cachesByTag(tag, watching: false)
  }

  /// The instances built by a spec of `VM` (AppleViewModel's store of `VM`) with `tag`, newest
  /// first, each held through the registry's cached lookup; a refused hold is reported. The
  /// public lookups take no source location, so the report has none.
  private func cachesByTag<VM: ViewModel>(_ tag: AnyHashable, watching: Bool) -> [VM] {
    holdAll(VM.self, taggedWith: tag, watching: watching)
  }

  private func throwIfDisposed<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, operation: String
  ) throws(RegistryError) {
    guard isDisposed else { return }
    throw .bindingDisposed(
      operation: operation, binding: id, type: Describe.type(type), key: Describe.key(key))
  }

  private func reportIfDisposedForTag<VM: ViewModel>(_ type: VM.Type, operation: String) {
    guard isDisposed else { return }
    registry.report(
      .bindingDisposed(
        operation: operation, binding: id, type: Describe.type(type), key: nil),
      at: nil)
  }
}
