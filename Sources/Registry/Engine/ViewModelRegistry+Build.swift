extension ViewModelRegistry {
  /// Builds and registers a new instance for `identity` with `make` (a spec's or a family
  /// argument's builder), registered with `values`, without holding it.
  ///
  /// The identity stays on the build stack through the builder and `onCreate`, so a dependency
  /// that needs it back is reported as a cycle instead of recursing. The instance is registered
  /// only once `onCreate` has returned: if anything throws, nothing is left behind.
  func build<VM: ViewModel>(
    values: InstanceArg.Values, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool, make: () throws -> VM
  ) throws -> VM {
    try enterBuild(identity, type: VM.self, values: values)
    defer {
      buildStack.pop()
      // A reset made during the build refreshes once the outermost build is over, outside any
      // observation (this runs after the gate below has resumed).
      if changes.carriesReset { ObservationGate.suspended { finishChangeCarryingReset() } }
    }
    // What the builder and onCreate read is not a dependency of whatever is being tracked now
    // (a SwiftUI body that resolves on first read).
    ObservationGate.suspend()
    defer { ObservationGate.resume() }
    // They run with this registry current, so what they create belongs here; the task-local
    // push is skipped when it already is (the common case), and known to be without reading
    // the task-local when a synchronous frame made it so — then nothing needs to change at all
    // (setting and restoring the same registry would only retain and release it).
    // Every level of a nested build past the first finds it so: the other cases are out of
    // line, and this frame holds one inlined build.
    guard ViewModelRegistry.synchronouslyCurrent === self else {
      return try buildAndRegisterMakingCurrent(
        values: values, identity: identity, requester: requester, aliveForever: aliveForever,
        make: make)
    }
    return try buildAndRegister(
      values: values, identity: identity, requester: requester, aliveForever: aliveForever,
      make: make)
  }

  /// ``buildAndRegister(values:identity:requester:aliveForever:make:)`` with this registry made the
  /// synchronously current one: recorded when it is the current one already, else pushed as
  /// the current one too. Out of line, so that what it keeps (the registry it replaces, the
  /// task-local push's closure) is not in every level of a nested build.
  @inline(never)
  private func buildAndRegisterMakingCurrent<VM: ViewModel>(
    values: InstanceArg.Values, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool, make: () throws -> VM
  ) throws -> VM {
    guard ViewModelRegistry.current === self else {
      return try withCurrent {
        try buildAndRegister(
          values: values, identity: identity, requester: requester, aliveForever: aliveForever,
          make: make)
      }
    }
    let outer = ViewModelRegistry.synchronouslyCurrent
    ViewModelRegistry.synchronouslyCurrent = self
    defer { ViewModelRegistry.synchronouslyCurrent = outer }
    return try buildAndRegister(
      values: values, identity: identity, requester: requester, aliveForever: aliveForever,
      make: make)
  }

  /// Pushes `identity` on the build stack, unless it is there already: a cycle. Out of line, so
  /// that the frame it makes is not kept in every level of a nested build.
  @inline(never)
  private func enterBuild(
    _ identity: InstanceIdentity, type: Any.Type, values: InstanceArg.Values
  ) throws {
    try checkNotBuilding(identity, type: type)
    buildStack.push(BuildFrame(identity: identity, type: type, values: values))
  }

  /// A repeat on the build stack is a cycle.
  private func checkNotBuilding(_ identity: InstanceIdentity, type: Any.Type) throws {
    guard let index = buildStack.index(of: identity) else { return }
    let chain =
      buildStack.frames[index...].map(\.description)
      + [BuildFrame(identity: identity, type: type, values: nil).description]
    throw RegistryError.cycle(chain: chain)
  }

  @inline(__always)
  private func buildAndRegister<VM: ViewModel>(
    values: InstanceArg.Values, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool, make: () throws -> VM
  ) throws -> VM {
    let viewModel = try make()
    // Most builds keep their spec's values as they are: no call then.
    try admit(
      viewModel, identity: identity,
      values: values.aliveForever == aliveForever
        ? copy values : self.values(values, aliveForever: aliveForever),
      requester: requester)
    return viewModel
  }

  /// The values an instance is registered with: its spec's, with `aliveForever` as decided.
  /// Out of line: making new values would keep their key and tag in the frame.
  @inline(never)
  private func values(_ values: InstanceArg.Values, aliveForever: Bool) -> InstanceArg.Values {
    values.with(aliveForever: aliveForever)
  }

  /// The bracket around registering what a builder returned, for synchronous and async builds
  /// alike; the build's frame is on top of the build stack.
  ///
  /// An instance the registry already owns is refused. A reset that ran while the builder ran,
  /// or while `onCreate` ran (the instance was not findable yet, so the reset did not dispose
  /// it), abandons the build: the instance is disposed, not registered.
  ///
  /// The key the errors name is `values.key`, read only when one is thrown (by the functions
  /// that make the errors, out of line): copying an `AnyHashable?` on every build costs a call
  /// through its value witnesses, and a copy here would sit in the frame a nested build recurses
  /// through.
  ///
  /// `values` is consumed: it moves into the instance's record, without a retain and a release.
  ///
  /// - Throws: An ``UnheldInstance``, only. Not typed: a typed error is returned in a buffer
  ///   each caller keeps in its frame, which a nested build recurses through.
  func admit<VM: ViewModel>(
    _ viewModel: VM, identity: InstanceIdentity, values: consuming InstanceArg.Values,
    requester: BindingCore
  ) throws {
    guard viewModel.lifetime.record == nil, !viewModel.isDisposed else {
      try refuse(reusing: viewModel, values: values)
    }
    guard !buildStack.isTopAbandoned else { try abandon(viewModel, values: values) }
    register(
      viewModel, identity: identity, values: values, requester: requester)
    guard buildStack.isTopAbandoned else { return }
    try abandonRegistered(viewModel)
  }

  // The rare outcomes of `admit`, each out of line and throwing its error itself: the caller
  // then keeps no error of its own in the frame a nested build recurses through.

  /// Refuses an instance the registry already has, which a builder returned.
  @inline(never)
  private func refuse<VM: ViewModel>(reusing viewModel: VM, values: consuming InstanceArg.Values)
    throws -> Never
  {
    throw UnheldInstance(
      error: .builderReusedInstance(type: Describe.type(VM.self), key: Describe.key(values.key)),
      viewModel: viewModel)
  }

  /// Disposes what an abandoned build made, and throws the error its caller gets with it.
  @inline(never)
  private func abandon<VM: ViewModel>(_ viewModel: VM, values: consuming InstanceArg.Values)
    throws -> Never
  {
    dispose(viewModel, callingHook: true)
    throw UnheldInstance(
      error: .buildAbandoned(type: Describe.type(VM.self), key: Describe.key(values.key)),
      viewModel: viewModel)
  }

  /// ``abandon(_:values:)`` once the values moved into the instance's record, which keeps them
  /// (an instance disposed in `onCreate` keeps its record too).
  @inline(never)
  private func abandonRegistered<VM: ViewModel>(_ viewModel: VM) throws -> Never {
    dispose(viewModel, callingHook: true)
    throw UnheldInstance(
      error: .buildAbandoned(
        type: Describe.type(VM.self), key: Describe.key(viewModel.lifetime.record?.values.key)),
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
    _ viewModel: ViewModel, identity: InstanceIdentity, values: consuming InstanceArg.Values,
    requester: BindingCore
  ) {
    let arg = prepare(
      viewModel, identity: identity, values: values, requester: requester)
    viewModel.onCreate(arg)
    // An instance that disposed itself in onCreate is already gone: nothing to store.
    guard !viewModel.isDisposed else { return }
    admit(viewModel, at: identity)
  }

  /// Makes a created instance findable; out of line, as
  /// ``prepare(_:identity:values:requester:)`` is.
  @inline(never)
  private func admit(_ viewModel: ViewModel, at identity: InstanceIdentity) {
    store.admit(viewModel, at: identity)
    noteBuildForChurn(viewModel)
  }

  /// Everything before `onCreate`, out of line: a nested build recurses through `register`,
  /// whose frame then keeps only what `onCreate` is given, and what comes after it too.
  @inline(never)
  private func prepare(
    _ viewModel: ViewModel, identity: InstanceIdentity, values: consuming InstanceArg.Values,
    requester: BindingCore
  ) -> InstanceArg {
    // Most instances were made with this registry current: no reassignment (a retain and a
    // release) then.
    if viewModel.registry !== self { viewModel.registry = self }
    // Made first, so that the values then move into the record.
    let arg = InstanceArg(values: copy values, bindingId: requester.id)
    store.prepare(
      viewModel, identity: identity, values: values, builtFor: requester)
    // A binding made before the instance (a service's builder resolved through it) gets its
    // owner now that the owner has a lifetime.
    if let core = viewModel.ownBindingCore, core.ownerViewModel == nil { core.setOwner(viewModel) }
    // Its `@Read` and `@Watch` properties get it too, so that `onCreate` can read them.
    StoredProperties.attachWrappers(to: viewModel)
    // Told before onCreate, so an instance is logged before the dependencies it resolves there.
    emit(.create, viewModel, arg: arg)
    return arg
  }

  /// Builds an instance that no registry tracks, for a resolution through a disposed binding or
  /// one a reset refused. A builder that returns an instance a registry has already created
  /// (one it keeps) is reported at `site`, and that instance is returned without a second
  /// `onCreate`.
  func buildDetached<VM>(_ active: ViewModelSpec<VM>, at site: CallSite?) throws -> VM {
    try ObservationGate.suspended {
      let viewModel = try withCurrent { try active.makeInstance(in: self) }
      guard viewModel.lifetime.record == nil, !viewModel.isDisposed else {
        report(
          .builderReusedInstance(type: Describe.type(VM.self), key: Describe.key(active.key)),
          at: site)
        return viewModel
      }
      // Its `@Read` and `@Watch` properties resolve through its own binding, as its
      // `viewModelBinding` reads in `onCreate` do.
      StoredProperties.attachWrappers(to: viewModel)
      viewModel.onCreate(InstanceArg(values: active.values, bindingId: nil))
      return viewModel
    }
  }
}
