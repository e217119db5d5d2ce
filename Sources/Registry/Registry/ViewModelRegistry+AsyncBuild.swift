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
  var waiters: [UInt64: Waiter] = [:]
  var task: Task<Void, Never>?
  private var nextWaiterID: UInt64 = 0

  init(key: PendingBuildKey) {
    self.key = key
  }

  func makeWaiterID() -> UInt64 {
    nextWaiterID += 1
    return nextWaiterID
  }
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
    let pending = pendingAsyncBuilds[key] ?? PendingAsyncBuild(key: key)
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
          pending.task = Task { @MainActor in
            let result: Result<VM, any Error>
            do {
              result = .success(try await self.withCurrent { try await active.builder() })
            } catch {
              result = .failure(error)
            }
            self.completeAsyncBuild(pending, result: result, active: active)
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
    let built: ViewModel
    switch result {
    case .failure(let error):
      for waiter in waiters { waiter.continuation.resume(throwing: error) }
      return
    case .success(let viewModel):
      // Every caller was cancelled: nothing is registered, the instance is dropped.
      guard let first = waiters.first else { return }
      if key.identity.isShared, let existing = sharedInstances[key.identity] {
        // A synchronous spec with the same type and key built it meanwhile: share that one.
        built = existing
      } else if viewModel.registration != nil || viewModel.isDisposed {
        let error = RegistryError.builderReusedInstance(
          type: Describe.type(VM.self), key: Describe.key(active.key))
        for waiter in waiters { waiter.continuation.resume(throwing: error) }
        return
      } else {
        register(
          viewModel, identity: key.identity, arg: active.arg.with(bindingId: first.core.id),
          releasePolicy: ReleasePolicy(disposeDelay: active.disposeDelay),
          churnSource: ObjectIdentifier(active))
        built = viewModel
      }
    }
    // Hold for every waiter before any of them resumes, so the instance is never unheld.
    for waiter in waiters where !waiter.core.isDisposed {
      waiter.core.holdIfNeeded(
        built, identity: key.identity, watching: waiter.watching, anchor: waiter.anchor)
    }
    for waiter in waiters { waiter.continuation.resume(returning: built) }
    built.disposeIfUnheld()
  }
}
