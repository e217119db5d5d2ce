/// How a resolution holds what it finds: holding and refreshing on changes, or only holding.
enum ResolveMode {
  case watch, read

  var isWatching: Bool { self == .watch }
}

/// A resolution that failed but still has an instance to hand back: a builder that returned an
/// instance the registry already owns. Throwing forms throw `error`; `watch` and `read`, which
/// cannot throw, report it and return the instance, which the binding does not hold.
struct UnheldInstance: Error {
  let error: RegistryError
  let viewModel: ViewModel
}

/// The one way in: every binding, host and async build resolves through here. A resolution goes
/// proxy → identity → what the binding already holds → a live keyed instance → a build.
extension ViewModelRegistry {
  /// ``BindingCore/resolve(_:mode:operation:site:)`` past its first lookup: a proxy, a new
  /// holder, a build.
  ///
  /// A view model that builds its dependencies in `onCreate` nests builds, each level through
  /// this frame (inlined into `BindingCore.resolveOffTheHeldPath(_:mode:operation:site:)`): so
  /// this function only routes, builds and hands on, and what comes before and after the build
  /// (holding, checking, reporting) runs in frames of its own that are gone while the build runs.
  @inline(__always)
  fileprivate func resolveOffTheHeldPath<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, for holder: BindingCore, mode: ResolveMode,
    operation: StaticString, site: CallSite?
  ) throws -> VM {
    // Without proxies the spec builds itself: passed on as it is, not retained as a routed one.
    if proxies.isEmpty {
      return try resolve(
        spec, builtBy: spec, at: spec.ownIdentity, for: holder, mode: mode, operation: operation,
        site: site)
    }
    return try resolveThroughProxies(
      spec, for: holder, mode: mode, operation: operation, site: site)
  }

  /// A family's argument resolved without a spec, past its first lookup: the same resolution
  /// as a spec's, with the argument's origin as the spec. While proxies are installed, the
  /// argument resolves through its spec, the one the family caches, as the spec form does: a
  /// proxy may build a private instance named by that spec's own identity, which a spec made
  /// anew on each render would not find again.
  fileprivate func resolveOffTheHeldPath<VM: ViewModel, Arg: Hashable>(
    _ origin: FamilyArgument<VM, Arg>, of family: ViewModelSpecWithArg<VM, Arg>,
    for holder: BindingCore, mode: ResolveMode, operation: StaticString, site: CallSite?
  ) throws -> VM {
    guard proxies.isEmpty else {
      return try resolveThroughProxies(
        family(origin.arg), for: holder, mode: mode, operation: operation, site: site)
    }
    return try resolve(
      origin, builtBy: origin, at: origin.ownIdentity, for: holder, mode: mode,
      operation: operation, site: site)
  }

  /// ``resolveOffTheHeldPath(_:for:mode:operation:site:)`` while proxies are installed: routed
  /// to the spec that builds it. Out of line, so that the usual path's frame holds one inlined
  /// resolution, not two.
  @inline(never)
  private func resolveThroughProxies<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, for holder: BindingCore, mode: ResolveMode,
    operation: StaticString, site: CallSite?
  ) throws -> VM {
    let (active, identity) = route(spec)
    return try resolve(
      spec, builtBy: active, at: identity, for: holder, mode: mode, operation: operation,
      site: site)
  }

  /// ``resolveOffTheHeldPath(_:for:mode:operation:site:)`` once routed: `active` builds `spec`
  /// (it is the spec or its proxy) under `identity`. Inlined into it, so that a nested build
  /// keeps one frame per level.
  @inline(__always)
  private func resolve<Source: InstanceSource>(
    _ spec: Source, builtBy active: Source, at identity: InstanceIdentity,
    for holder: BindingCore, mode: ResolveMode, operation: StaticString, site: CallSite?
  ) throws -> Source.VM {
    typealias VM = Source.VM
    let generation = holder.table.generation
    if let existing = try existing(
      VM.self, values: active.values, at: identity, for: holder, mode: mode,
      operation: operation, site: site)
    {
      holder.rememberHold(
        existing, of: spec, builtBy: active, watching: mode.isWatching, asOf: generation)
      // The re-render path: the identity names the type, so the cast need not be checked.
      return unsafeDowncast(existing, to: VM.self)
    }
    let aliveForever = try spec.prepareBuild(in: self, builtBy: active, at: identity, site: site)
    let acquisitionsBefore = acquisitions
    let viewModel = try active.build(
      in: self, identity: identity, requester: holder, aliveForever: aliveForever)
    // The table's generation before the hold, which the memo set after it is stamped with: a
    // release the hold's outcomes make gives the table a new one, which the memo never matches.
    // An instance disposed before it was held (in `onCreate`) changed no table: it is not
    // remembered, so that the binding's next resolution builds again.
    let generationBeforeHold = holder.table.generation
    let held = try holdBuilt(
      viewModel, values: active.values, at: identity, by: holder, mode: mode,
      anchor: identity.needsAnchor ? spec : nil, operation: operation, site: site,
      acquisitionsBefore: acquisitionsBefore)
    if !held.isDisposed {
      holder.rememberHold(
        held, of: spec, builtBy: active, watching: mode.isWatching, asOf: generationBeforeHold)
    }
    return held
  }

  /// What a resolution finds without building: the instance the binding holds, or a live keyed
  /// one it starts holding; `nil` when it must build. `values` are those of the spec that
  /// builds it.
  @inline(never)
  private func existing<VM: ViewModel>(
    _ type: VM.Type, values: InstanceArg.Values, at identity: InstanceIdentity,
    for holder: BindingCore, mode: ResolveMode, operation: StaticString, site: CallSite?
  ) throws -> ViewModel? {
    // A throwing form never returns an instance of an unkeyed `aliveForever` spec, even during
    // a reset.
    if site == nil, values.aliveForever, !identity.isShared {
      throw aliveForeverWithoutKey(VM.self)
    }
    // A reset refuses every resolution that would build or start holding while it runs: what
    // it finds is being disposed, and what it would build would outlive the reset. What the
    // binding holds already is answered as it is, as the re-render path answers it.
    if isResetting {
      return try heldDuringReset(
        at: identity, by: holder, mode: mode, operation, VM.self, values.key)
    }
    return try existing(
      identity, for: holder, mode: mode, type: VM.self, values: values, operation: operation,
      site: site)
  }

  /// What a build from `spec` is told before it starts: reports a family's proxy that changed
  /// what it builds, and whether the instance lives forever (an unkeyed `aliveForever` spec is
  /// reported at `site`, or thrown without one). Inlined: it keeps little in the frame.
  @inline(__always)
  func prepareBuild<VM: ViewModel>(
    _ active: ViewModelSpec<VM>, from spec: ViewModelSpec<VM>, identity: InstanceIdentity,
    site: CallSite?
  ) throws -> Bool {
    if active !== spec, let origin = spec.origin {
      reportFamilyProxyChanges(familyID: origin.familyID, from: spec, to: active, site: site)
    }
    if let interface = active.interface {
      try checkProvided(active, interface: interface, site: site)
    }
    guard active.aliveForever, !identity.isShared else { return active.aliveForever }
    try reportAliveForeverWithoutKey(VM.self, at: site)
    return false
  }

  /// Holds what a resolution built for `holder`, unless that would close an ownership cycle,
  /// or the build disposed the instance or the binding. `values` are those of the spec that
  /// built it; `anchor` is what the binding keeps alive with its entry.
  @inline(never)
  private func holdBuilt<VM: ViewModel>(
    _ viewModel: consuming VM, values: InstanceArg.Values, at identity: InstanceIdentity,
    by holder: BindingCore, mode: ResolveMode, anchor: AnyObject?, operation: StaticString,
    site: CallSite?, acquisitionsBefore: AcquireCount
  ) throws -> VM {
    // An instance that disposed itself in onCreate is held by nobody: the throwing forms say
    // so, the others return it as it is.
    guard !viewModel.isDisposed else {
      return try disposedDuringResolution(
        viewModel, key: values.key, operation: operation, site: site)
    }
    // Only an instance that came to hold something built before it can hold this binding's
    // owner; a chain of fresh builds never needs the search.
    if holder.isModelOwned, acquisitions != acquisitionsBefore {
      try refuseFreshHoldClosingACycle(viewModel, by: holder)
    }
    hold(viewModel, at: identity, by: holder, watching: mode.isWatching, anchor: anchor)
    if holder.isDisposed {
      return try letGo(
        viewModel, at: identity, byDisposed: holder, key: values.key, operation: operation,
        site: site)
    }
    // onBind disposed the instance it was told of.
    guard !viewModel.isDisposed else {
      return try disposedDuringResolution(
        viewModel, key: values.key, operation: operation, site: site)
    }
    return viewModel
  }

  // The rare outcomes of a resolution, each out of line: a nested build (a view model that
  // builds its dependencies in `onCreate`) recurses through `resolveOffTheHeldPath`, and what
  // these would keep in its frame would be paid for on every level.

  @inline(never)
  private func resetInProgress(
    _ operation: StaticString, type: Any.Type, key: AnyHashable?
  ) -> RegistryError {
    .resetInProgress(
      operation: "\(operation)", type: Describe.type(type), key: Describe.key(key), registry: name)
  }

  @inline(never)
  private func aliveForeverWithoutKey(_ type: Any.Type) -> RegistryError {
    .aliveForeverWithoutKey(type: Describe.type(type))
  }

  /// An unkeyed `aliveForever` spec: thrown without a site, reported at it otherwise (the
  /// instance is built, and lives as an unkeyed one does).
  @inline(never)
  private func reportAliveForeverWithoutKey(_ type: Any.Type, at site: CallSite?) throws {
    let error = aliveForeverWithoutKey(type)
    guard let site else { throw error }
    report(error, at: site)
  }

  /// A fresh instance that came, in `onCreate`, to hold what holds `holder`: it is disposed, and
  /// the hold is refused.
  @inline(never)
  private func refuseFreshHoldClosingACycle(_ viewModel: ViewModel, by holder: BindingCore) throws {
    guard let chain = ownershipCycle(holding: viewModel, by: holder) else { return }
    dispose(viewModel, callingHook: true)
    throw UnheldInstance(error: .ownershipCycle(chain: chain), viewModel: viewModel)
  }

  /// The builder, onCreate or onBind disposed `holder`: it cannot keep what it asked for, and
  /// what this resolution built for it goes too, `aliveForever` or not, unless another holder
  /// came to hold it meanwhile. The throwing forms throw; the others return the instance as it
  /// is now, and report.
  @inline(never)
  private func letGo<VM: ViewModel>(
    _ viewModel: VM, at identity: InstanceIdentity, byDisposed holder: BindingCore,
    key: AnyHashable?, operation: StaticString, site: CallSite?
  ) throws -> VM {
    release(identity, by: holder)
    if !viewModel.isDisposed, viewModel.lifetime.holders.isEmpty {
      dispose(viewModel, callingHook: true)
    }
    let error = RegistryError.bindingDisposedWhileBuilding(
      operation: "\(operation)", binding: holder.id, type: Describe.type(VM.self),
      key: Describe.key(key))
    guard let site else { throw UnheldInstance(error: error, viewModel: viewModel) }
    report(error, at: site)
    return viewModel
  }

  @inline(never)
  private func bindingDisposed(
    _ holder: BindingCore, operation: StaticString, type: Any.Type, key: AnyHashable?
  ) -> RegistryError {
    .bindingDisposed(
      operation: "\(operation)", binding: holder.id, type: Describe.type(type),
      key: Describe.key(key))
  }

  @inline(never)
  private func refusal(_ found: ViewModel, chain: [String]) -> UnheldInstance {
    UnheldInstance(error: .ownershipCycle(chain: chain), viewModel: found)
  }

  /// What a resolution does with an instance that was disposed while it resolved it (by its own
  /// `onCreate` or `onBind`): the throwing forms throw, the others return it as it is.
  private func disposedDuringResolution<VM: ViewModel>(
    _ viewModel: VM, key: AnyHashable?, operation: StaticString, site: CallSite?
  ) throws -> VM {
    guard site == nil else { return viewModel }
    throw UnheldInstance(
      error: .disposedDuringResolution(
        operation: "\(operation)", type: Describe.type(VM.self), key: Describe.key(key)),
      viewModel: viewModel)
  }

  /// The async form of ``BindingCore/resolve(_:mode:operation:site:)``: shares a build in flight
  /// with every other caller.
  func resolve<VM: ViewModel>(
    _ spec: AsyncViewModelSpec<VM>, for holder: BindingCore, mode: ResolveMode,
    operation: StaticString
  ) async throws -> VM {
    let (active, identity) = route(spec)
    // Checked first: what the binding may already hold for this spec was not built for it.
    if active.aliveForever, !identity.isShared {
      throw RegistryError.aliveForeverWithoutKey(type: Describe.type(VM.self))
    }
    // A reset refuses what would build or start holding, as for the synchronous forms.
    if isResetting {
      return try heldDuringReset(
        at: identity, by: holder, mode: mode, operation, VM.self, active.key)
        as! VM
    }
    do {
      if let existing = try existing(
        identity, for: holder, mode: mode, type: VM.self, values: active.values,
        operation: operation, site: nil)
      {
        return existing as! VM
      }
    } catch let unheld as UnheldInstance {
      // A refused hold (an ownership cycle): nothing to hand back from an async form, which
      // throws only registry errors of its own.
      throw unheld.error
    }
    let built = try await buildAsync(
      active, identity: identity, requester: holder, watching: mode.isWatching,
      anchor: identity.needsAnchor ? spec : nil, operation: operation)
    // Off the re-render path, casts are checked: an identity names its type.
    return built as! VM
  }

  /// The instance `holder` holds at `identity`, watched from now on if `mode` watches; `nil`
  /// when it holds none there. A reset answers this too: it builds and holds nothing new.
  @inline(__always)
  private func held(at identity: InstanceIdentity, by holder: BindingCore, mode: ResolveMode)
    -> ViewModel?
  {
    guard let entry = holder.entry(at: identity) else { return nil }
    return answer(entry, at: identity, by: holder, mode: mode)
  }

  /// What `holder` holds in `entry`, which it starts watching if `mode` watches and it did not.
  private func answer(
    _ entry: HolderTable.Entry, at identity: InstanceIdentity, by holder: BindingCore,
    mode: ResolveMode
  ) -> ViewModel {
    if mode == .watch, !entry.isWatching {
      hold(entry.viewModel, at: identity, by: holder, watching: true, anchor: nil)
    }
    return entry.viewModel
  }

  /// A resolution that meets a live stand-in of an interface nothing provides: a throwing form
  /// (no `site`) throws `error` and holds nothing; the others report it at `site` and hold the
  /// stand-in, as the resolution that built it did.
  @inline(never)
  private func joinStandIn(_ error: RegistryError, at site: CallSite?) throws(RegistryError) {
    guard let site else { throw error }
    report(error, at: site)
  }

  /// A resolution while a reset disposes: what `holder` holds already, or the reset's refusal.
  @inline(never)
  private func heldDuringReset(
    at identity: InstanceIdentity, by holder: BindingCore, mode: ResolveMode,
    _ operation: StaticString, _ type: Any.Type, _ key: AnyHashable?
  ) throws -> ViewModel {
    if let held = held(at: identity, by: holder, mode: mode) { return held }
    throw resetInProgress(operation, type: type, key: key)
  }

  /// What every resolution tries first: the instance `holder` already holds (the re-render
  /// path), else a live keyed one it starts holding. `nil` when the instance must be built.
  /// `site` is the caller's, for a non-throwing form; `nil` for a throwing one.
  @inline(__always)
  private func existing(
    _ identity: InstanceIdentity, for holder: BindingCore, mode: ResolveMode, type: Any.Type,
    values: InstanceArg.Values, operation: StaticString, site: CallSite?
  ) throws -> ViewModel? {
    if let held = held(at: identity, by: holder, mode: mode) { return held }
    guard !holder.isDisposed else {
      throw bindingDisposed(holder, operation: operation, type: type, key: values.key)
    }
    if identity.isShared, let found = store.shared[identity] {
      // An interface's stand-in, built because nothing provides it: every binding that comes to
      // hold it is told, as the one whose resolution built it was.
      if let error = found.extrasIfMade?.unprovidedInterface {
        try joinStandIn(error, at: site)
      }
      if let chain = acquire(found, at: identity, by: holder, watching: mode.isWatching) {
        throw refusal(found, chain: chain)
      }
      // Its `onBind` disposed this binding, or the instance: said as for an instance just built.
      if holder.isDisposed || found.isDisposed {
        return try disturbedBind(
          found, by: holder, type: type, key: values.key, operation: operation, site: site)
      }
      return found
    }
    return nil
  }

  /// The `onBind` that a live instance's new hold ran disposed the binding, which then holds
  /// nothing (the instance goes if that was its last holder), or the instance itself. The
  /// throwing forms throw; the others return the instance as it is, and report the binding's
  /// disposal, as for an instance just built.
  @inline(never)
  private func disturbedBind(
    _ found: ViewModel, by holder: BindingCore, type: Any.Type, key: AnyHashable?,
    operation: StaticString, site: CallSite?
  ) throws -> ViewModel {
    guard holder.isDisposed else {
      guard site == nil else { return found }
      throw UnheldInstance(
        error: .disposedDuringResolution(
          operation: "\(operation)", type: Describe.type(type), key: Describe.key(key)),
        viewModel: found)
    }
    let error = RegistryError.bindingDisposedWhileBuilding(
      operation: "\(operation)", binding: holder.id, type: Describe.type(type),
      key: Describe.key(key))
    guard let site else { throw UnheldInstance(error: error, viewModel: found) }
    report(error, at: site)
    return found
  }

  /// The chain of view models from the owner of `holder` through `target` back to that owner,
  /// when `target` already holds it, directly or through others: holding it would make an
  /// island that nothing could release. `nil` when there is no such chain.
  @inline(never)
  func ownershipCycle(holding target: ViewModel, by holder: BindingCore) -> [String]? {
    guard let owner = holder.ownerViewModel,
      let chain = cycleSearch.chain(from: owner, through: target)
    else { return nil }
    return chain.map(\.instanceName)
  }

  /// Finds a live instance of `VM` by key and/or tag (by tag alone, private ones included),
  /// held by `holder` unless it is disposed; never builds. A hold that would close an ownership cycle is refused and
  /// reported: the instance is returned unheld.
  func cached<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, tag: AnyHashable?, for holder: BindingCore,
    mode: ResolveMode
  ) -> VM? {
    switch lookUpCached(type, key: key, tag: tag, for: holder, mode: mode) {
    case .found(let found): return found
    case .refused(let found, let chain):
      report(.ownershipCycle(chain: chain), at: nil)
      return found
    case .disturbed(let found, let error):
      // An instance that disposed itself is returned as it is, as `watch(_:)` returns one.
      if case .bindingDisposedWhileBuilding = error { report(error, at: nil) }
      return found
    }
  }

  /// ``cached(_:key:tag:for:mode:)`` for the throwing lookups: a hold that would close an
  /// ownership cycle is refused, nothing changes, and the error is thrown.
  func cachedThrowing<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, tag: AnyHashable?, for holder: BindingCore,
    mode: ResolveMode
  ) throws(RegistryError) -> VM? {
    switch lookUpCached(type, key: key, tag: tag, for: holder, mode: mode) {
    case .found(let found): return found
    case .refused(_, let chain): throw .ownershipCycle(chain: chain)
    case .disturbed(_, let error): throw error
    }
  }

  /// What a cached lookup found: an instance (held, unless the binding is disposed) or none,
  /// or an instance it refused to hold because of the ownership cycle in `chain`, or one whose
  /// `onBind` disposed the binding or the instance itself (`error` says which).
  private enum CachedLookup<VM> {
    case found(VM?)
    case refused(VM, chain: [String])
    case disturbed(VM, RegistryError)
  }

  private func lookUpCached<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, tag: AnyHashable?, for holder: BindingCore,
    mode: ResolveMode
  ) -> CachedLookup<VM> {
    let found: VM?
    if let key {
      let identity = InstanceIdentity(type: ObjectIdentifier(VM.self), key: .shared(key))
      found = store.shared[identity].map { $0 as! VM }
    } else {
      found = newest(VM.self, tag: tag)
    }
    guard let found, let record = found.lifetime.record, tag == nil || record.values.tag == tag
    else { return .found(nil) }
    // A reset answers a lookup only with what the binding holds already: anything else it would
    // find is being disposed.
    guard !holder.isDisposed else { return .found(isResetting ? nil : found) }
    if let (identity, entry) = holder.heldEntry(of: found) {
      _ = answer(entry, at: identity, by: holder, mode: mode)
      return .found(found)
    }
    guard !isResetting else { return .found(nil) }
    // A private instance another binding built is held under a name of its own, so that this
    // binding's resolutions of the spec still build its own instance.
    let identity = record.identity.isShared ? record.identity : .borrowing(found)
    if let chain = acquire(found, at: identity, by: holder, watching: mode.isWatching) {
      // Found, but not held: holding it would keep both alive forever.
      return .refused(found, chain: chain)
    }
    if let error = disturbance(of: found, by: holder, mode: mode) {
      return .disturbed(found, error)
    }
    return .found(found)
  }

  /// What the `onBind` of a cached lookup's new hold did wrong: disposed the binding, which then
  /// holds nothing, or the instance; `nil` when neither.
  private func disturbance(
    of found: ViewModel, by holder: BindingCore, mode: ResolveMode
  ) -> RegistryError? {
    guard holder.isDisposed || found.isDisposed else { return nil }
    let operation = mode.isWatching ? "watchCached" : "readCached"
    let type = Describe.type(Swift.type(of: found))
    let key = Describe.key(found.lifetime.record?.values.key)
    guard holder.isDisposed else {
      return .disposedDuringResolution(operation: operation, type: type, key: key)
    }
    return .bindingDisposedWhileBuilding(
      operation: operation, binding: holder.id, type: type, key: key)
  }

  /// Every live instance of `VM` with `tag`, private ones included, newest first, held by
  /// `holder` one at a time: holding one runs its hooks, which may dispose another. An instance
  /// whose hold would close an ownership cycle is left out and reported at `site`, as a single
  /// lookup reports it, and the rest are held.
  func holdAll<VM: ViewModel>(
    _ type: VM.Type, taggedWith tag: AnyHashable, for holder: BindingCore, mode: ResolveMode,
    at site: CallSite?
  ) -> [VM] {
    let tagged = store.live.reversed().compactMap { candidate -> VM? in
      guard candidate.lifetime.record?.values.tag == tag, isLookedUp(candidate, as: VM.self)
      else { return nil }
      return candidate as? VM
    }
    // A reset answers only with what the binding holds already, as a single lookup does.
    return tagged.compactMap { candidate in
      guard !candidate.isDisposed else { return nil }
      if holder.isDisposed { return isResetting ? nil : candidate }
      if let (identity, entry) = holder.heldEntry(of: candidate) {
        _ = answer(entry, at: identity, by: holder, mode: mode)
        return candidate
      }
      guard !isResetting, let record = candidate.lifetime.record else { return nil }
      let identity = record.identity.isShared ? record.identity : .borrowing(candidate)
      guard let chain = acquire(candidate, at: identity, by: holder, watching: mode.isWatching)
      else {
        if holder.isDisposed,
          let error = disturbance(of: candidate, by: holder, mode: mode)
        {
          report(error, at: site)
        }
        return candidate
      }
      // Found, but not held: holding it would keep both alive forever.
      report(.ownershipCycle(chain: chain), at: site)
      return nil
    }
  }

  /// The newest live instance of `VM`: with `tag`, the newest with that tag, private instances
  /// included (a private instance is found by its tag, as AppleViewModel finds it); without,
  /// the newest keyed one.
  func newest<VM: ViewModel>(_ type: VM.Type, tag: AnyHashable?) -> VM? {
    var best: VM?
    var bestSequence: UInt64 = 0
    // Two plain loops, not a nested function: one capturing `tag` is refused in release builds
    // (region isolation sees the main-actor closure as sending it).
    if tag == nil {
      for candidate in store.shared.values {
        guard let sequence = lookupSequence(of: candidate, as: VM.self, tag: nil),
          sequence >= bestSequence
        else { continue }
        best = candidate as? VM
        bestSequence = sequence
      }
    } else {
      for candidate in store.live {
        guard let sequence = lookupSequence(of: candidate, as: VM.self, tag: tag),
          sequence >= bestSequence
        else { continue }
        best = candidate as? VM
        bestSequence = sequence
      }
    }
    return best
  }

  /// The build order of `candidate` when a lookup of `VM` with `tag` (any, when `nil`) may find
  /// it; `nil` when it may not.
  private func lookupSequence<VM: ViewModel>(
    of candidate: ViewModel, as type: VM.Type, tag: AnyHashable?
  ) -> UInt64? {
    guard isLookedUp(candidate, as: VM.self), candidate is VM,
      let record = candidate.lifetime.record, tag == nil || record.values.tag == tag
    else { return nil }
    return record.sequence
  }

  /// Whether a lookup of `VM` may find `candidate`: a service's box is a view model only to the
  /// store, so a lookup of `ViewModel` skips it.
  private func isLookedUp<VM: ViewModel>(_ candidate: ViewModel, as type: VM.Type) -> Bool {
    !(candidate is any ServiceBoxType) || VM.self is any ServiceBoxType.Type
  }

  /// What a resolution through a disposed binding returns: the live shared instance, or one
  /// built for the caller that no registry tracks.
  func detachedInstance<VM: ViewModel>(_ spec: ViewModelSpec<VM>, at site: CallSite?) throws
    -> VM
  {
    let (active, identity) = route(spec)
    if identity.isShared, let existing = store.shared[identity] { return existing as! VM }
    return try buildDetached(active, at: site)
  }

  /// What a resolution that cannot throw does when resolving `spec` failed with `error`: an
  /// instance that could not be held (a builder that reused one) is reported and returned; a disposed binding is reported and the caller gets an
  /// instance it does not hold. Anything else (a builder that threw, a cycle) leaves nothing to
  /// return: it is reported and the program stops.
  ///
  /// `site` is optional only so that callers pass on the one they resolved with, without a copy
  /// in their frame; every resolution that cannot throw has one.
  func recover<VM: ViewModel>(
    from error: any Error, resolving spec: ViewModelSpec<VM>, operation: StaticString,
    at optionalSite: CallSite?
  ) -> VM {
    guard let site = optionalSite else {
      preconditionFailure("Internal inconsistency: a resolution that cannot throw has no call site")
    }
    if let unheld = error as? UnheldInstance {
      report(unheld.error, at: site)
      return unheld.viewModel as! VM
    }
    guard let registryError = error as? RegistryError, registryError.leavesAnInstanceToReturn
    else {
      stop(error, operation: operation, type: VM.self, key: spec.key, at: site)
    }
    report(registryError, at: site)
    do {
      // What a reset refused must not be the instance it is disposing: one no registry tracks.
      if case .resetInProgress = registryError {
        return try buildDetached(route(spec).active, at: site)
      }
      return try detachedInstance(spec, at: site)
    } catch {
      stop(error, operation: operation, type: VM.self, key: spec.key, at: site)
    }
  }
}

extension BindingCore {
  /// Returns the instance for `spec`, held by this binding; builds it when nothing alive
  /// matches. Every synchronous resolution — a binding's, a host's — comes through here.
  ///
  /// The first lookup is the re-render path: a binding asking again for what it already holds
  /// costs at most one hash lookup and allocates nothing.
  ///
  /// `site` is where a resolution that cannot throw was called: with it, a mistake that still
  /// lets the registry build something sensible (an unkeyed `aliveForever` spec) is reported
  /// there and the resolution carries on; without it, it is thrown.
  ///
  /// A method of the binding rather than of the registry, so that the registry is read as this
  /// binding's own constant: read through the public binding (`core.registry`), it was retained
  /// and released around every build.
  @inline(__always)
  func resolve<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, mode: ResolveMode, operation: StaticString,
    site: CallSite? = nil
  ) throws -> VM {
    // The re-render path: no proxy, and the binding holds the instance already (and watches it,
    // if asked to). The identity names the type, so the cast need not be checked.
    // A throwing form never returns an instance of an unkeyed `aliveForever` spec, not even one
    // the binding holds because a non-throwing form reported the spec and built it anyway.
    // (`site` is a constant at each call site, so the non-throwing forms skip the test.)
    if registry.proxies.isEmpty, site != nil || !spec.isUnkeyedAliveForever,
      let held = heldInstance(of: spec, watching: mode.isWatching)
    {
      return (held as! VM)
    }
    return try resolveOffTheHeldPath(spec, mode: mode, operation: operation, site: site)
  }

  /// ``resolve(_:mode:operation:site:)`` for the forms that cannot throw (`watch`, `read`):
  /// what goes wrong is reported at `site` (always given; optional so that it is passed on as
  /// the resolution takes it, without a copy), and recovered from where an instance is left to
  /// return (``ViewModelRegistry/recover(from:resolving:operation:at:)``).
  @inline(__always)
  func resolveOrStop<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, mode: ResolveMode, operation: StaticString, site: CallSite?
  ) -> VM {
    if registry.proxies.isEmpty, let held = heldInstance(of: spec, watching: mode.isWatching) {
      return unsafeDowncast(held, to: VM.self)
    }
    return resolveOffTheHeldPathOrStop(spec, mode: mode, operation: operation, site: site)
  }

  /// ``resolveOrStop(_:mode:operation:site:)`` past its first lookup. The recovery is here, out
  /// of line, rather than in the caller: a view model that builds its dependencies in `onCreate`
  /// nests one `watch` per level, whose frame then keeps only the first lookup.
  @inline(never)
  func resolveOffTheHeldPathOrStop<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, mode: ResolveMode, operation: StaticString, site: CallSite?
  ) -> VM {
    do {
      return try registry.resolveOffTheHeldPath(
        spec, for: self, mode: mode, operation: operation, site: site)
    } catch {
      return registry.recover(from: error, resolving: spec, operation: operation, at: site)
    }
  }

  /// ``resolve(_:mode:operation:site:)`` past its first lookup: out of line, and the registry
  /// read here, from this binding, rather than kept from the first lookup (which retained it
  /// around every build).
  @inline(never)
  func resolveOffTheHeldPath<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, mode: ResolveMode, operation: StaticString, site: CallSite?
  ) throws -> VM {
    try registry.resolveOffTheHeldPath(
      spec, for: self, mode: mode, operation: operation, site: site)
  }
}

extension BindingCore {
  /// ``resolveOrStop(_:mode:operation:site:)`` for a family's argument resolved without a spec:
  /// `origin` is the argument's, from `family`'s cache. The first lookup is the same re-render
  /// path, on the origin's memo.
  @inline(__always)
  func resolveOrStop<VM: ViewModel, Arg: Hashable>(
    _ origin: FamilyArgument<VM, Arg>, of family: ViewModelSpecWithArg<VM, Arg>,
    mode: ResolveMode, operation: StaticString, site: CallSite?
  ) -> VM {
    if registry.proxies.isEmpty, let instance = heldInstance(of: origin, watching: mode.isWatching)
    {
      return unsafeDowncast(instance, to: VM.self)
    }
    return resolveOffTheHeldPathOrStop(
      origin, of: family, mode: mode, operation: operation, site: site)
  }

  /// Past the first lookup, recovering as a spec's resolution does: what goes wrong is
  /// recovered from with the argument's spec, the one the family caches (a detached instance
  /// is built by it).
  @inline(never)
  private func resolveOffTheHeldPathOrStop<VM: ViewModel, Arg: Hashable>(
    _ origin: FamilyArgument<VM, Arg>, of family: ViewModelSpecWithArg<VM, Arg>,
    mode: ResolveMode, operation: StaticString, site: CallSite?
  ) -> VM {
    do {
      return try registry.resolveOffTheHeldPath(
        origin, of: family, for: self, mode: mode, operation: operation, site: site)
    } catch {
      return registry.recover(
        from: error, resolving: family(origin.arg),
        operation: operation, at: site)
    }
  }
}
