/// One async build in flight, shared by every caller that asked for the same instance.
@MainActor
final class PendingAsyncBuild {
  struct Waiter {
    let core: BindingCore
    let watching: Bool
    /// The spec of a private instance, kept by the binding that will hold it.
    let anchor: AnyObject?
    let continuation: CheckedContinuation<ViewModel, any Error>
  }

  let key: PendingBuildKey
  let tag: AnyHashable?
  /// How the build reads in a cycle message.
  let name: String
  var waiters: [UInt64: Waiter] = [:]
  var task: Task<Void, Never>?
  /// Set by `disposeAll()` or `reset(tag:)` while it ran: its result must not be registered.
  var isAbandoned = false
  private var nextWaiterID: UInt64 = 0

  init(key: PendingBuildKey, tag: AnyHashable?, name: String) {
    self.key = key
    self.tag = tag
    self.name = name
  }

  func makeWaiterID() -> UInt64 {
    nextWaiterID += 1
    return nextWaiterID
  }
}

/// The async builds the current task is running inside, outermost first: a build that waits
/// for one of them waits for itself.
enum AsyncBuildChain {
  struct Link: Sendable {
    let build: ObjectIdentifier
    let name: String
  }

  @TaskLocal static var links: [Link] = []
}

/// Which callers share a build: everyone for a keyed instance, one binding for a private one.
struct PendingBuildKey: Hashable {
  let identity: InstanceIdentity
  let privateHolder: ObjectIdentifier?
}

extension ViewModelRegistry {
  /// Joins (or starts) the build of `identity`; returns the instance once built, held by the
  /// requester.
  func buildAsync<VM: ViewModel>(
    _ active: AsyncViewModelSpec<VM>, identity: InstanceIdentity, requester: BindingCore,
    watching: Bool, anchor: AnyObject?
  ) async throws -> ViewModel {
    let key = PendingBuildKey(
      identity: identity, privateHolder: identity.isShared ? nil : ObjectIdentifier(requester))
    let pending =
      pendingAsyncBuilds[key]
      ?? PendingAsyncBuild(
        key: key, tag: active.tag,
        name: BuildFrame(identity: identity, type: VM.self, values: nil).description)
    let chain = AsyncBuildChain.links
    if let start = chain.firstIndex(where: { $0.build == ObjectIdentifier(pending) }) {
      // This task runs inside that very build: waiting for it would never end.
      throw RegistryError.cycle(chain: chain[start...].map(\.name) + [pending.name])
    }
    pendingAsyncBuilds[key] = pending
    let waiterID = pending.makeWaiterID()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          self.abandonIfUnwanted(pending)
          return
        }
        pending.waiters[waiterID] = PendingAsyncBuild.Waiter(
          core: requester, watching: watching, anchor: anchor, continuation: continuation)
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
    if pendingAsyncBuilds[pending.key] === pending { pendingAsyncBuilds[pending.key] = nil }
  }

  private func completeAsyncBuild<VM: ViewModel>(
    _ pending: PendingAsyncBuild, result: Result<VM, any Error>, active: AsyncViewModelSpec<VM>
  ) {
    let key = pending.key
    if pendingAsyncBuilds[key] === pending { pendingAsyncBuilds[key] = nil }
    let waiters = pending.waiters.sorted { $0.key < $1.key }.map(\.value)
    pending.waiters.removeAll()
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
      } else if viewModel.lifetime.record != nil || viewModel.isDisposed {
        let error = RegistryError.builderReusedInstance(
          type: Describe.type(VM.self), key: Describe.key(active.key))
        for waiter in waiters { waiter.continuation.resume(throwing: error) }
        return
      } else {
        // On the build stack while onCreate runs, as for a synchronous build: a dependency
        // that needs this identity back is a cycle.
        buildStack.push(BuildFrame(identity: key.identity, type: VM.self, values: active.values))
        register(
          viewModel, identity: key.identity, values: active.values,
          releasePolicy: active.releasePolicy, requester: first.core)
        let isAbandoned = buildStack.isTopAbandoned
        buildStack.pop()
        if isAbandoned {
          // A reset while onCreate ran: what was built for before it is disposed, as when the
          // reset comes while the builder runs.
          dispose(viewModel, callingHook: true)
          for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
          return
        }
        built = viewModel
        isNew = true
      }
    }
    // Hold for every live waiter before any of them resumes, so the instance is never unheld;
    // a waiter whose binding was disposed meanwhile gets the same error as any resolution
    // through a disposed binding.
    // A view model's binding that would close an ownership cycle gets the error instead.
    var cycles: [ObjectIdentifier: [String]] = [:]
    for waiter in waiters where !waiter.core.isDisposed && !built.isDisposed {
      if waiter.core.isModelOwned {
        if let chain = ownershipCycle(holding: built, by: waiter.core) {
          cycles[ObjectIdentifier(waiter.core)] = chain
          continue
        }
        if !isNew { sharedHoldsByViewModels &+= 1 }
      }
      hold(
        built, at: key.identity, by: waiter.core, watching: waiter.watching,
        anchor: waiter.anchor)
    }
    for waiter in waiters {
      if let chain = cycles[ObjectIdentifier(waiter.core)] {
        waiter.continuation.resume(throwing: RegistryError.ownershipCycle(chain: chain))
      } else if waiter.core.isDisposed {
        waiter.continuation.resume(
          throwing: RegistryError.bindingDisposed(
            operation: "watchAsync(_:)", binding: waiter.core.id,
            type: Describe.type(VM.self), key: Describe.key(active.key)))
      } else {
        waiter.continuation.resume(returning: built)
      }
    }
    if isNew { releaseIfUnheld(built) }
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
    for (key, pending) in pendingAsyncBuilds where tag == nil || pending.tag == tag {
      pending.isAbandoned = true
      pending.task?.cancel()
      pendingAsyncBuilds[key] = nil
      let waiters = pending.waiters.sorted { $0.key < $1.key }.map(\.value)
      pending.waiters.removeAll()
      for waiter in waiters { waiter.continuation.resume(throwing: CancellationError()) }
    }
  }
}
