extension ViewModelRegistry {
  /// Builds and registers a new instance for `identity` from `active`, without holding it.
  ///
  /// The identity stays on the build stack through the builder and `onCreate`, so a dependency
  /// that needs it back is reported as a cycle instead of recursing. The instance is registered
  /// only once `onCreate` has returned: if anything throws, nothing is left behind.
  func build<VM>(
    _ active: ViewModelSpec<VM>, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool
  ) throws -> VM {
    try checkNotBuilding(identity, type: VM.self)
    buildStack.push(BuildFrame(identity: identity, type: VM.self, values: active.values))
    defer { buildStack.pop() }
    // What the builder and onCreate read is not a dependency of whatever is being tracked now
    // (a SwiftUI body that resolves on first read).
    ObservationGate.suspend()
    defer { ObservationGate.resume() }
    // They run with this registry current, so what they create belongs here; the task-local
    // push is skipped when it already is (the common case), and known to be without reading
    // the task-local when a synchronous frame made it so — then nothing needs to change at all
    // (setting and restoring the same registry would only retain and release it).
    if ViewModelRegistry.synchronouslyCurrent === self {
      return try buildAndRegister(
        active, identity: identity, requester: requester, aliveForever: aliveForever)
    }
    if ViewModelRegistry.current === self {
      let outer = ViewModelRegistry.synchronouslyCurrent
      ViewModelRegistry.synchronouslyCurrent = self
      defer { ViewModelRegistry.synchronouslyCurrent = outer }
      return try buildAndRegister(
        active, identity: identity, requester: requester, aliveForever: aliveForever)
    }
    return try withCurrent {
      try buildAndRegister(
        active, identity: identity, requester: requester, aliveForever: aliveForever)
    }
  }

  /// A repeat on the build stack is a cycle.
  private func checkNotBuilding(_ identity: InstanceIdentity, type: Any.Type) throws {
    guard let index = buildStack.index(of: identity) else { return }
    let chain =
      buildStack.frames[index...].map(\.description)
      + [BuildFrame(identity: identity, type: type, values: nil).description]
    throw RegistryError.cycle(chain: chain)
  }

  private func buildAndRegister<VM>(
    _ active: ViewModelSpec<VM>, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool
  ) throws -> VM {
    let viewModel = try active.makeInstance(in: self)
    guard viewModel.lifetime.record == nil, !viewModel.isDisposed else {
      throw UnheldInstance(
        error: .builderReusedInstance(type: Describe.type(VM.self), key: Describe.key(active.key)),
        viewModel: viewModel)
    }
    // A reset while the builder ran: the instance is not registered, only disposed.
    if buildStack.isTopAbandoned { throw abandon(viewModel, active) }
    register(
      viewModel, identity: identity, values: active.values.with(aliveForever: aliveForever),
      releasePolicy: active.releasePolicy, requester: requester)
    // A reset while onCreate ran: it was not findable yet, so the reset did not dispose it.
    if buildStack.isTopAbandoned { throw abandon(viewModel, active) }
    return viewModel
  }

  /// Disposes what an abandoned build made, and the error its caller gets with it.
  private func abandon<VM>(_ viewModel: VM, _ active: ViewModelSpec<VM>) -> UnheldInstance {
    dispose(viewModel, callingHook: true)
    return UnheldInstance(
      error: .buildAbandoned(type: Describe.type(VM.self), key: Describe.key(active.key)),
      viewModel: viewModel)
  }

  /// Marks the builds running now as abandoned (all of them, or those of `tag`): a reset must
  /// not leave behind what was being built for before it.
  func abandonRunningBuilds(tag: AnyHashable?) {
    buildStack.abandon(tag: tag)
  }

  /// Gives a freshly built instance its identity, runs `onCreate`, then makes it findable: the
  /// identity is still on the build stack (for a synchronous build) while `onCreate` runs.
  func register(
    _ viewModel: ViewModel, identity: InstanceIdentity, values: InstanceArg.Values,
    releasePolicy: ReleasePolicy?, requester: BindingCore
  ) {
    // Most instances were made with this registry current: no reassignment (a retain and a
    // release) then.
    if viewModel.registry !== self { viewModel.registry = self }
    store.prepare(
      viewModel, identity: identity, values: values, releasePolicy: releasePolicy,
      builtFor: requester)
    // A binding made before the instance (a service's builder resolved through it) gets its
    // owner now that the owner has a lifetime.
    if let core = viewModel.ownBindingCore, core.ownerViewModel == nil { core.setOwner(viewModel) }
    let arg = InstanceArg(values: values, bindingId: requester.id)
    // Told before onCreate, so an instance is logged before the dependencies it resolves there.
    emit(.create, viewModel, arg: arg)
    viewModel.onCreate(arg)
    // An instance that disposed itself in onCreate is already gone: nothing to store.
    guard !viewModel.isDisposed else { return }
    store.admit(viewModel)
    noteBuildForChurn(viewModel)
  }

  /// Builds an instance that no registry tracks, for a resolution through a disposed binding.
  func buildDetached<VM>(_ active: ViewModelSpec<VM>) throws -> VM {
    try ObservationGate.suspended {
      let viewModel = try withCurrent { try active.makeInstance(in: self) }
      viewModel.onCreate(InstanceArg(values: active.values, bindingId: nil))
      return viewModel
    }
  }
}
