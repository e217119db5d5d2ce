/// The driver of instance lifetimes: it asks the ``InstanceStore`` what must change, then does
/// what the store cannot — the hooks, the lifecycle observers, the refreshes, the clock. Every
/// hold, release and disposal goes through here, inside the registry's change batch.
///
/// The order of a disposal is written out once, in ``ViewModelRegistry/dispose(_:callingHook:)``.
extension ViewModelRegistry {
  // MARK: Holding

  /// Makes `holder` hold `viewModel` (found or built at `identity`); a new holder is told to the
  /// instance through `onBind`.
  func hold(
    _ viewModel: ViewModel, at identity: InstanceIdentity, by holder: BindingCore,
    watching: Bool, anchor: AnyObject?
  ) {
    guard
      case .bound(let cancelGrace) = store.hold(
        viewModel, at: identity, by: holder, watching: watching, anchor: anchor)
    else { return }
    cancelGrace?()
    if viewModel.owesObservers { viewModel.deliverOwedObservers() }
    guard let values = viewModel.lifetime.record?.values else { return }
    let bindingId = holder.id
    let arg = InstanceArg(values: values, bindingId: bindingId)
    viewModel.onBind(arg, bindingId: bindingId)
    emit(.bind, viewModel, arg: arg)
    if let lifetimeTap { lifetimeTap.didHold(viewModel, by: LifetimeHolder(holder)) }
  }

  /// Makes `holder` let go of what it holds at `identity`; the instance is disposed, or waits
  /// out its grace period, when that was its last holder.
  ///
  /// Never inlined: a binding's disposal releases through it, and a chain's disposal nests one
  /// binding's disposal per level, whose frame would otherwise keep all of this.
  @inline(never)
  func release(_ identity: InstanceIdentity, by holder: BindingCore) {
    guard let viewModel = store.release(identity, by: holder) else { return }
    didRelease(viewModel, by: holder)
  }

  /// ``release(_:by:)`` of what `holder` holds in its inline entry, when that is `viewModel` (or
  /// anything, when `nil`); returns whether it released something. Most bindings hold one
  /// instance: it is found by address, with no identity copied to look it up.
  @inline(never)
  func releaseFirst(holding viewModel: ViewModel?, by holder: BindingCore) -> Bool {
    guard let released = store.releaseFirst(holding: viewModel, by: holder) else { return false }
    didRelease(released, by: holder)
    return true
  }

  /// What follows a release: the instance is told, then disposed or left to wait when that was
  /// its last holder.
  @inline(__always)
  private func didRelease(_ viewModel: ViewModel, by holder: BindingCore) {
    // A paused view model's binding that lets go of a dependency it kept for the refresh it is
    // owed keeps it no longer: what it let go of is freed, and it is not told of it.
    if holder.missedRefresh { holder.forgetMissedDependency(viewModel) }
    if let values = viewModel.lifetime.record?.values {
      let bindingId = holder.id
      let arg = InstanceArg(values: values, bindingId: bindingId)
      viewModel.onUnbind(arg, bindingId: bindingId)
      emit(.unbind, viewModel, arg: arg)
      if let lifetimeTap { lifetimeTap.didRelease(viewModel, by: LifetimeHolder(holder)) }
    }
    // This paused holder may have been the last one hiding a change from Observation.
    if viewModel.owesObservers { viewModel.deliverOwedObservers() }
    // Decided after the hook: `onUnbind` may have found the instance a new holder.
    releaseIfUnheld(viewModel)
  }

  /// Disposes (or lets wait) an instance that was built for callers who all went away before
  /// it could be held (an async build whose callers were cancelled or disposed).
  func releaseIfUnheld(_ viewModel: ViewModel) {
    switch store.afterRelease(of: viewModel) {
    case .keep: break
    case .dispose: dispose(viewModel, callingHook: true)
    case .wait(let policy): wait(viewModel, policy: policy)
    }
  }

  /// Lets go of `viewModel` on behalf of `holder`, for
  /// [`unbind(_:)`](doc:ViewModelBinding/unbind(_:fileID:filePath:line:column:)-(ViewModel,_,_,_,_));
  /// reached through ``BindingCore/unbind(_:)``.
  @inline(__always)
  fileprivate func unbind(_ viewModel: ViewModel, by holder: BindingCore) throws(RegistryError) {
    guard !holder.isDisposed else { throw unbindRefused(viewModel, by: holder) }
    if releaseFirst(holding: viewModel, by: holder) { return }
    guard let (identity, _) = holder.heldEntry(of: viewModel) else {
      throw unbindRefused(viewModel, by: holder)
    }
    release(identity, by: holder)
  }

  /// Why `holder` cannot let go of `viewModel`: it is disposed, or does not hold it. The type
  /// and key are described only here: describing a type reflects on it, which cost more than
  /// the whole release it was made for.
  @inline(never)
  private func unbindRefused(_ viewModel: ViewModel, by holder: BindingCore) -> RegistryError {
    let type = Describe.type(viewModel.describedType)
    let key = Describe.key(viewModel.lifetime.record?.values.key)
    guard !holder.isDisposed else {
      return .bindingDisposed(operation: "unbind(_:)", binding: holder.id, type: type, key: key)
    }
    return .notHeld(binding: holder.id, type: type, key: key)
  }

  /// Lets go, on behalf of `holder`, of what it holds for `spec` (a service, read by its spec).
  func unbind<VM: ViewModel>(_ spec: ViewModelSpec<VM>, by holder: BindingCore)
    throws(RegistryError)
  {
    // Most bindings hold what they let go of in their inline entry. Without proxies the spec
    // builds itself, and its instance's key box is its own: the entry is told by address and
    // released where it is, with no identity or instance copied out (a retain and a release
    // each).
    if proxies.isEmpty, !holder.isDisposed, holder.firstIsBuilt(by: spec),
      releaseFirst(holding: nil, by: holder)
    {
      return
    }
    // Without proxies, the identity is asked for directly, without the route's copy of the spec.
    let identity = proxies.isEmpty ? spec.identity(buildingWith: spec) : route(spec).identity
    guard let held = holder.entry(at: identity)?.viewModel else {
      let type = Describe.type(VM.self)
      let key = Describe.key(spec.key)
      if holder.isDisposed {
        throw .bindingDisposed(operation: "unbind(_:)", binding: holder.id, type: type, key: key)
      }
      throw .notHeld(binding: holder.id, type: type, key: key)
    }
    try unbind(held, by: holder)
  }

  /// Makes `holder` follow `viewModel` without holding it: it refreshes on its changes, and the
  /// instance's lifetime is not its business (a host that borrows a view model).
  func observe(_ viewModel: ViewModel, by holder: BindingCore) {
    store.observe(viewModel, by: holder)
  }

  /// Makes `holder` stop following `viewModel`.
  func stopObserving(_ viewModel: ViewModel, by holder: BindingCore) {
    if store.stopObserving(viewModel, by: holder), viewModel.owesObservers {
      viewModel.deliverOwedObservers()
    }
  }

  // MARK: Grace periods and pools

  /// A released instance keeps living for a while: its grace period, then its family's pool.
  private func wait(_ viewModel: ViewModel, policy: ReleasePolicy) {
    guard let delay = policy.disposeDelay else { return endGrace(of: viewModel) }
    let cancel = clock.schedule(after: delay) { [weak self, weak viewModel] in
      guard let self, let viewModel else { return }
      self.endGrace(of: viewModel)
    }
    store.startGrace(of: viewModel, cancel: cancel)
  }

  private func endGrace(of viewModel: ViewModel) {
    switch store.endGrace(of: viewModel) {
    case .nothing: break
    case .dispose: dispose(viewModel, callingHook: true)
    case .pooled(let evicted): for old in evicted { dispose(old, callingHook: true) }
    }
  }

  // MARK: Disposal

  /// Disposes `viewModel` once, whoever holds it, in the documented order:
  /// 1. it stops being findable, any grace period is cancelled, and its tasks are cancelled;
  /// 2. every holder lets go of it: each is told through `onUnbind` (and lifecycle observers),
  ///    and refreshes once — a host's, and a view model's whether it watched it or only read it
  ///    (a service's disposal refreshes hosts only); then lifecycle observers hear `dispose`, so
  ///    an instance is logged before its dependencies;
  /// 3. `onDispose`, the `addDispose` blocks, the disposal of its own binding (releasing its
  ///    dependencies, newest first), and `dispose()`;
  /// 4. its listeners are dropped, hosts that only followed it refresh, its streams finish.
  ///
  /// Everything happens inside one change, so each host refreshes once, after all of it.
  /// `callingHook` is `false` when the disposal comes from `dispose()` itself.
  ///
  /// A chain disposes one level inside the other, up to ``DisposalNesting/limit`` levels; a
  /// level deeper than that is begun at once (it is no longer findable or held) and finished
  /// after the outermost disposal's own work, in the same change, so that no length of chain
  /// overflows the stack.
  func dispose(_ viewModel: ViewModel, callingHook: Bool) {
    guard let disposal = store.beginDisposal(of: viewModel) else { return }
    guard !disposalNesting.isAtLimit else {
      disposalNesting.postpone(
        .init(viewModel: viewModel, disposal: disposal, callingHook: callingHook))
      return
    }
    let isOutermost = disposalNesting.depth == 0
    beginChange()
    disposalNesting.enter()
    finishDisposal(of: viewModel, disposal, callingHook: callingHook)
    disposalNesting.leave()
    if isOutermost {
      while let next = disposalNesting.takeDeferred() {
        disposalNesting.enter()
        finishDisposal(of: next.viewModel, next.disposal, callingHook: next.callingHook)
        disposalNesting.leave()
      }
      // Let go of only once the nesting is no longer being changed.
      if disposalNesting.hasFinished { _ = disposalNesting.takeFinished() }
    }
    endChange()
  }

  /// The steps of a disposal after ``InstanceStore/beginDisposal(of:)``, in the documented order.
  @inline(never)
  private func finishDisposal(
    of viewModel: ViewModel, _ disposal: InstanceStore.Disposal, callingHook: Bool
  ) {
    disposal.cancelGrace?()
    // Most instances started no task, added no dispose block and have no listener left: what
    // would stop them is not called then.
    if viewModel.extrasIfMade != nil { viewModel.cancelTasks() }
    // No closures here (`values.map { … }`): one made in a main-actor method checks the
    // executor each time it is called.
    // The values move into the argument: one copy, one retain.
    let arg: InstanceArg
    let isRegistered: Bool
    if let values = viewModel.lifetime.record?.values {
      arg = InstanceArg(values: values, bindingId: nil)
      isRegistered = true
    } else {
      arg = InstanceArg()
      isRegistered = false
    }
    if isRegistered {
      noteDisposalForChurn(viewModel)
      // Every holder hears of it: a host so that it stops showing it, a view model (that watched
      // it or only read it) through `onDependencyNotify` and its own listeners. A service never
      // tells a view model anything: it has no changes, and its box is not the view model's
      // business.
      // Asked only when someone still holds it: the usual disposal, after the last holder let
      // go, skips the dynamic cast.
      let isService = !disposal.holders.isEmpty && viewModel is any ServiceBoxType
      for (holder, _) in disposal.holders {
        if !(isService && holder.isModelOwned) { markDirty(holder, dependency: viewModel) }
        let bindingId = holder.id
        let holderArg = arg.with(bindingId: bindingId)
        viewModel.onUnbind(holderArg, bindingId: bindingId)
        emit(.unbind, viewModel, arg: holderArg)
      }
      if let lifetimeTap { lifetimeTap.willDispose(viewModel) }
      emit(.dispose, viewModel, arg: arg)
    }
    viewModel.onDispose(arg)
    if viewModel.extrasIfMade != nil { viewModel.runDisposeBlocks() }
    // Its binding stops naming it here: once this disposal returns, the instance may be freed,
    // and a refresh its binding still has queued (a dependency disposed earlier in the same
    // change marked it) must not read it.
    viewModel.disposeOwnBinding()
    if callingHook { viewModel.dispose() }
    if !viewModel.listeners.isEmpty { viewModel.listeners.removeAll() }
    for observer in store.finishDisposal(of: viewModel) { markDirty(observer) }
    viewModel.finishStreamsAtDispose()
  }

  /// Disposes a binding: it lets go of everything it holds, newest first, so that dependents go
  /// before what they depend on; each instance whose last holder it was is disposed.
  func dispose(_ holder: BindingCore) {
    // Most bindings hold one instance, in their inline entry, and have nothing else to stop
    // (no pause providers, dispose hooks or followed instances): they are marked disposed, and
    // let go of it, with no teardown made.
    if store.markDisposedIfItHoldsOnlyItsInlineEntry(holder) {
      _ = releaseFirst(holding: nil, by: holder)
      return
    }
    guard let teardown = beginDisposal(of: holder) else { return }
    guard let newest = teardown.newest else {
      _ = releaseFirst(holding: nil, by: holder)
      return
    }
    release(newest, by: holder)
    for identity in teardown.older { release(identity, by: holder) }
  }

  /// Disposes a binding its user dropped, on the main actor, without disposing it. In a test's
  /// registry, one that still held instances is reported first, as a warning naming where it
  /// was made and what it held — a view model's own, a host's and a controller's excepted,
  /// whose owners drop them by design.
  func disposeDropped(_ holder: BindingCore) {
    if context == .test, !holder.isModelOwned, !holder.dropsWithOwner, !holder.isDisposed,
      !holder.table.isEmpty
    {
      reportDropped(holder)
    }
    dispose(holder)
  }

  @inline(never)
  private func reportDropped(_ holder: BindingCore) {
    let held = holder.table.allEntries.sorted { $0.sequence < $1.sequence }.map { entry in
      Describe.instance(
        entry.viewModel.describedType, key: entry.viewModel.lifetime.record?.values.key)
    }
    report(.bindingDropped(binding: holder.id, createdAt: holder.createdAt, held: held), at: nil)
  }

  /// Everything a binding's disposal does before it lets go: out of line, because a view
  /// model's disposal disposes its own binding, whose releases dispose its dependencies, and so
  /// on down a chain; each level then keeps only what is left to release.
  @inline(never)
  private func beginDisposal(of holder: BindingCore) -> InstanceStore.HolderTeardown? {
    guard let teardown = store.beginDisposal(of: holder) else { return nil }
    holder.stopPauseProviders()
    for hook in holder.takeDisposeHooks() { hook() }
    for viewModel in teardown.unfollowed where viewModel.owesObservers {
      viewModel.deliverOwedObservers()
    }
    return teardown
  }

  // MARK: Public entry points

  /// Disposes one instance now, whoever holds it, in the documented order: holders let go (each
  /// told through `onUnbind`) and refresh once, then `onDispose`, the `addDispose` blocks, its own
  /// binding, and `dispose()`. Does nothing for an instance already disposed.
  ///
  /// Its own binding's release disposes the dependencies it was the last holder of, inside this
  /// disposal, up to 256 levels of a chain; deeper levels are finished after this disposal's own
  /// work, so that a chain of any length is disposed whole.
  ///
  /// ```swift
  /// registry.dispose(staleSession)
  /// ```
  ///
  /// - Parameter viewModel: The instance to dispose.
  public func dispose(_ viewModel: ViewModel) {
    dispose(viewModel, callingHook: true)
  }

  /// Disposes every live instance with `tag` — `aliveForever` ones and ones waiting out a grace
  /// period included — holders first, then newest first: a view model goes before what its own
  /// binding holds, even a dependency newer than it (see <doc:Lifetimes>). An instance held by a
  /// view model without the tag is disposed in its turn, and that view model lets go of it.
  /// Bindings that held them let go and their hosts refresh; the next resolution builds fresh
  /// instances. Async builds of that tag still in flight are abandoned: their callers get
  /// `CancellationError` at once.
  ///
  /// Use it for logout or an account switch:
  ///
  /// ```swift
  /// let sessionSpec = ViewModelSpec(
  ///   key: "session", tag: "account", aliveForever: true) { … }
  /// registry.reset(tag: "account")
  /// ```
  ///
  /// - Parameter tag: The tag the instances were built with.
  /// - Returns: How many instances were disposed.
  @discardableResult
  public func reset(tag: AnyHashable) -> Int {
    abandonPendingBuilds(tag: tag)
    abandonRunningBuilds(tag: tag)
    let tagged = store.live.reversed().filter { $0.lifetime.record?.values.tag == tag }
    // One change: a host holding several of them refreshes once.
    beginChange()
    disposeHoldersFirst(tagged)
    endChange()
    return tagged.count
  }

  /// Disposes `instances`, given newest first, in that order — except that an instance goes
  /// only once every live instance among them that holds it through its own binding has gone.
  /// An owner is then disposed before what it holds, even a dependency newer than it (one built
  /// in its `onCreate`): its hooks and its own binding's releases see its dependencies alive,
  /// and a dependency whose last holder it was is disposed by that release, as a single
  /// disposal would. An instance held by a view model that is not among `instances` (untagged,
  /// in a `reset(tag:)`) is disposed in its turn, and that holder lets go of it.
  ///
  /// The walk up to the holders is a stack of its own, not recursion: a chain of any length is
  /// disposed from its top, whose disposal then releases the chain link by link.
  func disposeHoldersFirst(_ instances: [ViewModel]) {
    let members = Set(instances.lazy.map(ObjectIdentifier.init))
    var path: [ViewModel] = []
    // Holds never form a cycle (one that would is refused); the path guards the walk anyway.
    var onPath = Set<ObjectIdentifier>()
    for instance in instances {
      path.append(instance)
      onPath.insert(ObjectIdentifier(instance))
      while let top = path.last {
        if let holder = newestHolder(of: top, among: members, besides: onPath) {
          path.append(holder)
          onPath.insert(ObjectIdentifier(holder))
          continue
        }
        path.removeLast()
        onPath.remove(ObjectIdentifier(top))
        dispose(top, callingHook: true)
      }
    }
  }

  /// The newest live view model among `members`, not in `excluded`, that holds `viewModel`
  /// through its own binding; `nil` when `viewModel` is disposed or no such holder is left.
  private func newestHolder(
    of viewModel: ViewModel, among members: Set<ObjectIdentifier>,
    besides excluded: Set<ObjectIdentifier>
  ) -> ViewModel? {
    guard viewModel.lifetime.phase < .disposing else { return nil }
    var newest: ViewModel?
    var newestSequence: UInt64 = 0
    for holder in viewModel.lifetime.holders {
      guard let owner = holder.ownerViewModel, owner.lifetime.phase < .disposing,
        members.contains(ObjectIdentifier(owner)), !excluded.contains(ObjectIdentifier(owner))
      else { continue }
      let sequence = owner.lifetime.record?.sequence ?? 0
      if newest == nil || sequence > newestSequence {
        newest = owner
        newestSequence = sequence
      }
    }
    return newest
  }
}

extension BindingCore {
  /// Lets go of `viewModel`, which this binding holds; see
  /// ``ViewModelRegistry/unbind(_:by:)``. A method of the binding, so that the registry is read
  /// as this binding's own constant: read through the public binding (`core.registry`) it was
  /// retained and released around the call.
  @inline(never)
  func unbind(_ viewModel: ViewModel) throws(RegistryError) {
    try registry.unbind(viewModel, by: self)
  }

  /// Lets go of what this binding holds for `spec` (a service, read by its spec); see
  /// ``ViewModelRegistry/unbind(_:by:)``, and ``unbind(_:)`` for why it is a method of the
  /// binding.
  func unbind<VM: ViewModel>(_ spec: ViewModelSpec<VM>) throws(RegistryError) {
    try registry.unbind(spec, by: self)
  }
}
