/// A builder returned an instance that already has a lifetime. Carries the instance so that
/// `watch`/`read`, which cannot throw, can report the mistake and still return something.
struct BuilderReusedInstance: Error {
  let error: RegistryError
  let viewModel: ViewModel
}

/// One identity on the build stack. Only the identity is stored — a copy is one retain — and
/// the type name for a cycle message is found from it when a cycle is reported.
struct BuildFrame {
  let identity: InstanceIdentity
  let type: Any.Type

  var description: String {
    guard case .shared(let key) = identity.key else { return "\(Describe.type(type))(private)" }
    return Describe.instance(type, key: key)
  }
}

extension ViewModelRegistry {
  /// Builds and registers a new instance for `identity` from `active`, without holding it.
  ///
  /// The identity stays on the build stack through the builder and `onCreate`, so a dependency
  /// that needs it back is reported as a cycle instead of recursing. The instance is registered
  /// only once `onCreate` has returned: if anything throws, nothing is left behind.
  func build<VM>(
    _ active: ViewModelSpec<VM>, identity: InstanceIdentity, requester: BindingCore
  ) throws -> VM {
    let frame = BuildFrame(identity: identity, type: VM.self)
    if let start = buildStack.firstIndex(where: { $0.identity == identity }) {
      let chain = buildStack[start...].map(\.description) + [frame.description]
      throw RegistryError.cycle(chain: chain)
    }
    buildStack.append(frame)
    defer { buildStack.removeLast() }
    // The builder and onCreate run with this registry current, so what they create belongs
    // here; the task-local push is skipped when it already is (the common case).
    // What the builder and onCreate read is not a dependency of whatever is being tracked now
    // (a SwiftUI body that resolves on first read).
    return try ObservationGate.suspended {
      if ViewModelRegistry.current === self {
        return try buildAndRegister(active, identity: identity, requester: requester)
      }
      return try withCurrent {
        try buildAndRegister(active, identity: identity, requester: requester)
      }
    }
  }

  private func buildAndRegister<VM>(
    _ active: ViewModelSpec<VM>, identity: InstanceIdentity, requester: BindingCore
  ) throws -> VM {
    let viewModel = try active.makeInstance()
    guard viewModel.registration == nil, !viewModel.isDisposed else {
      throw BuilderReusedInstance(
        error: .builderReusedInstance(type: Describe.type(VM.self), key: Describe.key(active.key)),
        viewModel: viewModel)
    }
    let arg = InstanceArg(
      key: active.key, tag: active.tag, aliveForever: active.aliveForever,
      bindingId: requester.id)
    register(
      viewModel, identity: identity, arg: arg, releasePolicy: active.releasePolicy,
      churnSource: ChurnSource(holder: requester.serial, type: identity.type))
    return viewModel
  }

  /// Gives a freshly built instance its identity, runs `onCreate`, then stores it: the identity
  /// is still on the build stack (for a synchronous build) while `onCreate` runs.
  func register(
    _ viewModel: ViewModel, identity: InstanceIdentity, arg: InstanceArg,
    releasePolicy: ReleasePolicy, churnSource: ChurnSource
  ) {
    nextInstanceSequence += 1
    viewModel.registry = self
    viewModel.registration = Registration(
      identity: identity, arg: arg, sequence: nextInstanceSequence, releasePolicy: releasePolicy,
      churnSource: churnSource)
    // Told before onCreate, so an instance is logged before the dependencies it resolves there.
    emit(.create, viewModel, arg: arg)
    viewModel.onCreate(arg)
    // An instance that disposed itself in onCreate is already gone: nothing to store.
    guard !viewModel.isDisposed else { return }
    if identity.isShared {
      sharedInstances[identity] = viewModel
    }
    liveInstances[ObjectIdentifier(viewModel)] = viewModel
    noteBuildForChurn(viewModel)
  }

  /// Builds an instance that no registry tracks, for a resolution through a disposed binding.
  func buildDetached<VM>(_ active: ViewModelSpec<VM>) throws -> VM {
    return try ObservationGate.suspended {
      let viewModel = try withCurrent { try active.makeInstance() }
      viewModel.onCreate(
        InstanceArg(key: active.key, tag: active.tag, aliveForever: active.aliveForever))
      return viewModel
    }
  }

  /// Forgets a disposed instance.
  func unregister(_ viewModel: ViewModel, identity: InstanceIdentity) {
    cancelDeferredRelease(viewModel)
    noteDisposalForChurn(viewModel)
    if identity.isShared, sharedInstances[identity] === viewModel {
      sharedInstances[identity] = nil
    }
    liveInstances[ObjectIdentifier(viewModel)] = nil
  }

  /// The newest live keyed instance of `VM` with `tag` (any tag when `nil`).
  func newestShared<VM: ViewModel>(_ type: VM.Type, tag: AnyHashable?) -> VM? {
    var best: VM?
    var bestSequence: UInt64 = 0
    for candidate in sharedInstances.values {
      guard let match = candidate as? VM, let registration = candidate.registration,
        tag == nil || registration.arg.tag == tag, registration.sequence >= bestSequence
      else { continue }
      best = match
      bestSequence = registration.sequence
    }
    return best
  }
}
