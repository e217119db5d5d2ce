extension ViewModelRegistry {
  /// Joins (or starts) the build of `identity`; returns the instance once built, held by the
  /// requester.
  func buildAsync<VM: ViewModel>(
    _ active: AsyncViewModelSpec<VM>, identity: InstanceIdentity, requester: BindingCore,
    watching: Bool, anchor: AnyObject?, operation: StaticString
  ) async throws -> ViewModel {
    let key = PendingBuildKey(
      identity: identity, privateHolder: identity.isShared ? nil : ObjectIdentifier(requester))
    let pending =
      pendingBuilds[key]
      ?? PendingAsyncBuild(
        key: key, tag: active.tag,
        name: BuildFrame(identity: identity, type: VM.self, values: nil).description)
    let chain = AsyncBuildChain.links
    if let start = chain.firstIndex(where: { $0.build == ObjectIdentifier(pending) }) {
      // This task runs inside that very build: waiting for it would never end.
      throw RegistryError.cycle(chain: chain[start...].map(\.name) + [pending.name])
    }
    pendingBuilds.start(pending)
    let waiterID = pending.makeWaiterID()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          self.abandonIfUnwanted(pending)
          return
        }
        pending.waiters[waiterID] = PendingAsyncBuild.Waiter(
          core: requester, watching: watching, operation: operation, anchor: anchor,
          continuation: continuation)
        if pending.task == nil {
          let links =
            chain + [AsyncBuildChain.Link(build: ObjectIdentifier(pending), name: pending.name)]
          pending.task = Task { @MainActor in
            let result: Result<VM, any Error>
            do {
              result = .success(
                try await AsyncBuildChain.$links.withValue(links) {
                  try await self.withCurrent { try await active.builder() }
                })
            } catch {
              result = .failure(error)
            }
            // onCreate runs with this registry current too, like a synchronous build's.
            self.withCurrent { self.completeAsyncBuild(pending, result: result, active: active) }
          }
        }
      }
    } onCancel: {
      runOnMainActor { [weak self] in self?.cancelWaiter(waiterID, of: pending) }
    }
  }

  private func cancelWaiter(_ id: UInt64, of pending: PendingAsyncBuild) {
    guard let waiter = pending.waiters.removeValue(forKey: id) else { return }
    waiter.continuation.resume(throwing: CancellationError())
    abandonIfUnwanted(pending)
  }

  /// When nobody waits for a build any more, cancels it; a later caller starts a fresh one.
  private func abandonIfUnwanted(_ pending: PendingAsyncBuild) {
    guard pending.waiters.isEmpty else { return }
    pending.task?.cancel()
    pendingBuilds.end(pending)
  }

  private func completeAsyncBuild<VM: ViewModel>(
    _ pending: PendingAsyncBuild, result: Result<VM, any Error>, active: AsyncViewModelSpec<VM>
  ) {
    let key = pending.key
    pendingBuilds.end(pending)
    let waiters = pending.takeWaiters()
    if pending.isAbandoned {
      // A reset or disposeAll() ran meanwhile: what was built for before it is disposed, not
      // registered, as when a reset comes during a synchronous build.
      if case .success(let viewModel) = result { discard(viewModel) }
      for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
      return
    }
    let built: ViewModel
    var isNew = false
    switch result {
    case .failure(let error):
      for waiter in waiters { waiter.continuation.resume(throwing: error) }
      return
    case .success(let viewModel):
      // Every caller was cancelled: nothing is registered, the instance is disposed.
      guard let first = waiters.first else { return discard(viewModel) }
      if key.identity.isShared, let existing = store.shared[key.identity] {
        // A synchronous spec with the same type and key built one meanwhile: share that one,
        // and dispose this one, which nobody will ever hold.
        if existing !== viewModel { discard(viewModel) }
        built = existing
      } else {
        // On the build stack while onCreate runs, as for a synchronous build: a dependency
        // that needs this identity back is a cycle.
        buildStack.push(BuildFrame(identity: key.identity, type: VM.self, values: active.values))
        defer {
          buildStack.pop()
          if changes.carriesReset { finishChangeCarryingReset() }
        }
        do {
          try admit(
            viewModel, identity: key.identity, values: active.values, requester: first.core)
        } catch {
          // `admit` throws an `UnheldInstance` only (untyped: a typed error is returned in a
          // buffer the caller keeps, in the frame a nested build recurses through).
          guard let unheld = error as? UnheldInstance else {
            preconditionFailure("Internal inconsistency: admit threw \(error)")
          }
          // A reset while onCreate ran disposed what was built for before it (as when the
          // reset comes while the builder runs): the waiters are cancelled.
          let failure: any Error =
            if case .buildAbandoned = unheld.error { CancellationError() } else { unheld.error }
          for waiter in waiters { waiter.continuation.resume(throwing: failure) }
          return
        }
        built = viewModel
        isNew = true
      }
    }
    // Hold for every live waiter before any of them resumes, so the instance is never unheld;
    // a waiter whose binding was disposed while it waited gets the error a synchronous
    // resolution gets when its binding is disposed while it builds.
    // A view model's binding that would close an ownership cycle gets the error instead.
    var cycles: [ObjectIdentifier: [String]] = [:]
    for waiter in waiters where !waiter.core.isDisposed && !built.isDisposed {
      if let chain = acquire(
        built, at: key.identity, by: waiter.core, watching: waiter.watching,
        anchor: waiter.anchor)
      {
        cycles[ObjectIdentifier(waiter.core)] = chain
      }
    }
    for waiter in waiters {
      if let chain = cycles[ObjectIdentifier(waiter.core)] {
        waiter.continuation.resume(throwing: RegistryError.ownershipCycle(chain: chain))
      } else if waiter.core.isDisposed {
        waiter.continuation.resume(
          throwing: RegistryError.bindingDisposedWhileBuilding(
            operation: "\(waiter.operation)", binding: waiter.core.id,
            type: Describe.type(VM.self), key: Describe.key(active.key)))
      } else if built.isDisposed {
        // Its own `onCreate` or a waiter's `onBind` disposed it: the async forms throw, as the
        // synchronous throwing forms do.
        waiter.continuation.resume(
          throwing: RegistryError.disposedDuringResolution(
            operation: "\(waiter.operation)", type: Describe.type(VM.self),
            key: Describe.key(active.key)))
      } else {
        waiter.continuation.resume(returning: built)
      }
    }
    guard isNew else { return }
    // Built for a binding disposed while it waited, and held by none: it goes, `aliveForever`
    // or not, as a synchronous build for a binding disposed meanwhile does.
    if !built.isDisposed, built.lifetime.holders.isEmpty,
      waiters.contains(where: { $0.core.isDisposed })
    {
      dispose(built, callingHook: true)
    } else {
      releaseIfUnheld(built)
    }
  }

  /// Disposes an instance an async builder returned that will not be registered (its build was
  /// abandoned, nobody waits for it, or another one took its key): its `onDispose`, dispose
  /// blocks and tasks run, so what it opened is closed. One the builder took from elsewhere
  /// (registered or disposed already) is not the builder's to dispose.
  private func discard(_ viewModel: ViewModel) {
    guard viewModel.lifetime.record == nil, !viewModel.isDisposed else { return }
    dispose(viewModel, callingHook: true)
  }

  /// Abandons the async builds in flight (all of them, or those with `tag`): their waiters get
  /// `CancellationError` at once — not when the builder returns, which a builder waiting on
  /// something that ignores cancellation may never do — and the next resolution starts a fresh
  /// build. What the abandoned builder returns later is disposed, never registered.
  func abandonPendingBuilds(tag: AnyHashable?) {
    for pending in pendingBuilds.endAll(tag: tag) {
      pending.isAbandoned = true
      pending.task?.cancel()
      let waiters = pending.takeWaiters()
      for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
    }
  }
}
