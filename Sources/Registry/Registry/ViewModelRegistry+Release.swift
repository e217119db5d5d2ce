/// Instances whose last holder let go but which are not disposed yet: waiting out a grace
/// period, or kept by their family for a quick return.
struct DeferredReleases {
  /// Cancels the pending disposal of each instance waiting out its `disposeDelay`.
  var delayed: [ObjectIdentifier: () -> Void] = [:]
  /// Released instances kept per family, least recently released first.
  var kept: [ObjectIdentifier: [ViewModel]] = [:]
}

extension ViewModelRegistry {
  /// Applies `viewModel`'s release policy now that nothing holds it.
  func deferRelease(_ viewModel: ViewModel, policy: ReleasePolicy) {
    let id = ObjectIdentifier(viewModel)
    viewModel.registration?.isAwaitingDisposal = true
    if let delay = policy.disposeDelay {
      deferred.delayed[id] = clock.schedule(after: delay) { [weak self, weak viewModel] in
        guard let self, let viewModel else { return }
        self.deferred.delayed[id] = nil
        var remaining = policy
        remaining.disposeDelay = nil
        self.finishRelease(viewModel, policy: remaining)
      }
      return
    }
    finishRelease(viewModel, policy: policy)
  }

  /// After any grace period: keeps the instance in its family's pool, or disposes it.
  private func finishRelease(_ viewModel: ViewModel, policy: ReleasePolicy) {
    guard let registration = viewModel.registration, registration.holders.isEmpty,
      !viewModel.isDisposed
    else { return }
    guard let keep = policy.keepReleased else {
      viewModel.performDisposal(callingHook: true)
      return
    }
    var pool = deferred.kept[keep.family, default: []]
    pool.append(viewModel)
    var evicted: [ViewModel] = []
    while pool.count > keep.capacity { evicted.append(pool.removeFirst()) }
    deferred.kept[keep.family] = pool.isEmpty ? nil : pool
    for viewModel in evicted { viewModel.performDisposal(callingHook: true) }
  }

  /// A holder came back: the instance is no longer waiting to be disposed.
  func cancelDeferredRelease(_ viewModel: ViewModel) {
    guard viewModel.registration?.isAwaitingDisposal == true else { return }
    viewModel.registration?.isAwaitingDisposal = false
    let id = ObjectIdentifier(viewModel)
    if let cancel = deferred.delayed.removeValue(forKey: id) { cancel() }
    if let family = viewModel.registration?.releasePolicy.keepReleased?.family,
      var pool = deferred.kept[family], let index = pool.firstIndex(where: { $0 === viewModel })
    {
      pool.remove(at: index)
      deferred.kept[family] = pool.isEmpty ? nil : pool
    }
  }

  /// Disposes one instance now, whoever holds it, in the documented order: holders let go (each
  /// told through `onUnbind`) and refresh once, then `onDispose`, the `addDispose` blocks, its own
  /// binding, and `dispose()`. Does nothing for an instance already disposed.
  ///
  /// ```swift
  /// registry.dispose(staleSession)
  /// ```
  ///
  /// - Parameter viewModel: The instance to dispose.
  public func dispose(_ viewModel: ViewModel) {
    viewModel.performDisposal(callingHook: true)
  }

  /// Disposes every live instance with `tag` — `aliveForever` ones and ones waiting out a grace
  /// period included — newest first. Bindings that held them let go and their hosts refresh;
  /// the next resolution builds fresh instances. Async builds of that tag still in flight are
  /// abandoned: their callers get `CancellationError`.
  ///
  /// Use it for logout or an account switch:
  ///
  /// ```swift
  /// let sessionSpec = ViewModelSpec(key: "session", tag: "account", aliveForever: true) { … }
  /// registry.reset(tag: "account")
  /// ```
  ///
  /// - Parameter tag: The tag the instances were built with.
  /// - Returns: How many instances were disposed.
  @discardableResult
  public func reset(tag: AnyHashable) -> Int {
    abandonPendingBuilds(tag: tag)
    let tagged = liveViewModels().reversed().filter { $0.registration?.arg.tag == tag }
    // One change: a host holding several of them refreshes once.
    beginChange()
    for viewModel in tagged { viewModel.performDisposal(callingHook: true) }
    endChange()
    return tagged.count
  }
}
