extension ViewModelBinding {
  /// Whether any of the binding's pause providers is paused. While paused, the host gets no
  /// refresh.
  ///
  /// ```swift
  /// if !binding.isPaused { render() }
  /// ```
  public var isPaused: Bool { core.isPaused }

  /// Adds a provider that can pause this binding; one that is already paused pauses it at once.
  /// The binding follows the provider until the provider is removed or the binding is disposed;
  /// then it calls the closure ``PauseProvider/observePause(_:)`` returned, once.
  ///
  /// ```swift
  /// binding.addPauseProvider(appInBackground)
  /// ```
  ///
  /// - Parameter provider: The provider; adding it twice does nothing.
  public func addPauseProvider(_ provider: any PauseProvider) {
    core.addPauseProvider(provider)
  }

  /// Removes a provider; the binding resumes if no other provider pauses it.
  ///
  /// ```swift
  /// binding.removePauseProvider(appInBackground)
  /// ```
  ///
  /// - Parameter provider: The provider to remove.
  public func removePauseProvider(_ provider: any PauseProvider) {
    core.removePauseProvider(provider)
  }
}

extension BindingCore {
  struct PauseSubscription {
    let provider: any PauseProvider
    let stop: () -> Void
  }

  func addPauseProvider(_ provider: any PauseProvider) {
    guard !isDisposed, !pauseSubscriptions.contains(where: { $0.provider === provider }) else {
      return
    }
    let stop = provider.observePause { [weak self] _ in self?.updatePaused() }
    extras.pauseSubscriptions.append(PauseSubscription(provider: provider, stop: stop))
    updatePaused()
  }

  func removePauseProvider(_ provider: any PauseProvider) {
    guard let index = pauseSubscriptions.firstIndex(where: { $0.provider === provider }) else {
      return
    }
    let removed = extras.pauseSubscriptions.remove(at: index)
    removed.stop()
    updatePaused()
  }

  func stopPauseProviders() {
    guard !pauseSubscriptions.isEmpty else { return }
    let subscriptions = pauseSubscriptions
    extras.pauseSubscriptions.removeAll()
    for subscription in subscriptions { subscription.stop() }
    isPaused = false
    // Disposed: the dependencies kept for a refresh owed on resume are let go (no resume comes).
    changedDependency = nil
    extras.laterMissedDependencies.removeAll()
  }

  /// A paused view model's binding that missed a refresh, and keeps the dependency that changed
  /// first for it, marked by `dependency`'s change or disposal: kept next, in case the binding
  /// lets go of the first before it resumes.
  @inline(never)
  func noteMissedDependency(_ dependency: ViewModel) {
    guard missedRefresh, dependency !== changedDependency else { return }
    guard !extras.laterMissedDependencies.contains(where: { $0 === dependency }) else { return }
    extras.laterMissedDependencies.append(dependency)
  }

  /// A paused binding that missed a refresh let go of `viewModel`: it is kept no longer for that
  /// refresh's `onDependencyNotify`, which then names the next one that changed, if any.
  @inline(never)
  func forgetMissedDependency(_ viewModel: ViewModel) {
    if changedDependency === viewModel {
      changedDependency =
        hasExtras && !extras.laterMissedDependencies.isEmpty
        ? extras.laterMissedDependencies.removeFirst() : nil
    } else if hasExtras {
      extras.laterMissedDependencies.removeAll { $0 === viewModel }
    }
  }

  /// Recomputes `isPaused`; on resume, refreshes once if a refresh was missed.
  private func updatePaused() {
    // A copy: a provider asked here may add or remove providers.
    let subscriptions = pauseSubscriptions
    let paused = subscriptions.contains { $0.provider.isPaused }
    guard paused != isPaused else { return }
    isPaused = paused
    binding?.pauseStateDidChange(paused)
    guard !paused else { return }
    // Changes that views saw through Observation were held back while everything that shows
    // those instances was paused.
    // Taken (and kept) first: telling one may dispose another, which the table's entries do
    // not keep alive.
    let held = table.allEntries.map(\.viewModel)
    for viewModel in held where viewModel.owesObservers {
      viewModel.deliverOwedObservers()
    }
    for viewModel in table.observed where viewModel.owesObservers {
      viewModel.deliverOwedObservers()
    }
    if missedRefresh {
      missedRefresh = false
      registry.beginChange()
      // A view model's binding tells it which dependency changed first while it was paused.
      if hasExtras { extras.laterMissedDependencies.removeAll() }
      registry.markDirty(self, dependency: changedDependency)
      registry.endChange()
    }
  }
}

extension ViewModelBinding {
  /// Calls ``onPause()`` or ``onResume()``, whichever provider caused the change.
  func pauseStateDidChange(_ paused: Bool) {
    if paused { onPause() } else { onResume() }
  }
}
