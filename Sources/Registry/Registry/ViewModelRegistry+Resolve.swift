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
  /// Returns the instance for `spec`, held by `holder`; builds it when nothing alive matches.
  ///
  /// The first lookup is the re-render path: a binding asking again for what it already holds
  /// costs at most one hash lookup and allocates nothing.
  ///
  /// `site` is where a resolution that cannot throw was called: with it, a mistake that still
  /// lets the registry build something sensible (an unkeyed `aliveForever` spec) is reported
  /// there and the resolution carries on; without it, it is thrown.
  @inline(__always)
  func resolve<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, for holder: BindingCore, mode: ResolveMode,
    operation: StaticString, site: CallSite? = nil
  ) throws -> VM {
    // The re-render path: no proxy, and the binding holds the instance already (and watches it,
    // if asked to). The identity names the type, so the cast need not be checked.
    if proxies.isEmpty,
      let held = holder.heldInstance(of: spec, watching: mode.isWatching)
    {
      return unsafeDowncast(held, to: VM.self)
    }
    return try resolveOffTheHeldPath(
      spec, for: holder, mode: mode, operation: operation, site: site)
  }

  /// ``resolve(_:for:mode:operation:site:)`` past its first lookup: a proxy, a new holder, a
  /// build.
  @inline(never)
  private func resolveOffTheHeldPath<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, for holder: BindingCore, mode: ResolveMode,
    operation: StaticString, site: CallSite?
  ) throws -> VM {
    let (active, identity) = route(spec)
    if let existing = try existing(
      identity, for: holder, mode: mode, type: VM.self, values: active.values,
      operation: operation)
    {
      // The re-render path: the identity names the type, so the cast need not be checked.
      return unsafeDowncast(existing, to: VM.self)
    }
    if active !== spec, let origin = spec.origin {
      reportFamilyProxyChanges(familyID: origin.familyID, from: spec, to: active, site: site)
    }
    var aliveForever = active.aliveForever
    if aliveForever, !identity.isShared {
      let error = RegistryError.aliveForeverWithoutKey(type: Describe.type(VM.self))
      guard let site else { throw error }
      report(error, at: site)
      aliveForever = false
    }
    let sharedHoldsBefore = sharedHoldsByViewModels
    let viewModel = try build(
      active, identity: identity, requester: holder, aliveForever: aliveForever)
    // An instance that disposed itself in onCreate is returned as it is, held by nobody.
    guard !viewModel.isDisposed else { return viewModel }
    // Only an instance that came to hold something built before it can hold this binding's
    // owner; a chain of fresh builds never needs the search.
    if holder.isModelOwned, sharedHoldsByViewModels != sharedHoldsBefore,
      let chain = ownershipCycle(holding: viewModel, by: holder)
    {
      dispose(viewModel, callingHook: true)
      throw UnheldInstance(error: .ownershipCycle(chain: chain), viewModel: viewModel)
    }
    hold(
      viewModel, at: identity, by: holder, watching: mode.isWatching,
      anchor: identity.isShared ? nil : spec)
    if holder.isDisposed {
      // The builder or onCreate disposed this binding: it cannot keep what it asked for. The
      // caller gets the instance as it is now (disposed, unless others hold it), and is told.
      release(identity, by: holder)
      report(
        .bindingDisposedWhileBuilding(
          operation: "\(operation)", binding: holder.id, type: Describe.type(VM.self),
          key: Describe.key(active.key)),
        at: site)
    }
    return viewModel
  }

  /// The async form of ``resolve(_:for:mode:operation:)``: shares a build in flight with every
  /// other caller.
  func resolve<VM: ViewModel>(
    _ spec: AsyncViewModelSpec<VM>, for holder: BindingCore, mode: ResolveMode,
    operation: StaticString
  ) async throws -> VM {
    let (active, identity) = route(spec)
    if let existing = try existing(
      identity, for: holder, mode: mode, type: VM.self, values: active.values,
      operation: operation)
    {
      return existing as! VM
    }
    if active.aliveForever, !identity.isShared {
      throw RegistryError.aliveForeverWithoutKey(type: Describe.type(VM.self))
    }
    let built = try await buildAsync(
      active, identity: identity, requester: holder, watching: mode.isWatching,
      anchor: identity.isShared ? nil : spec)
    // Off the re-render path, casts are checked: an identity names its type.
    return built as! VM
  }

  /// What every resolution tries first: the instance `holder` already holds (the re-render
  /// path), else a live keyed one it starts holding. `nil` when the instance must be built.
  @inline(__always)
  private func existing(
    _ identity: InstanceIdentity, for holder: BindingCore, mode: ResolveMode, type: Any.Type,
    values: InstanceArg.Values, operation: StaticString
  ) throws -> ViewModel? {
    if let entry = holder.entry(at: identity) {
      if mode == .watch, !entry.isWatching {
        hold(entry.viewModel, at: identity, by: holder, watching: true, anchor: nil)
      }
      return entry.viewModel
    }
    guard !holder.isDisposed else {
      throw RegistryError.bindingDisposed(
        operation: "\(operation)", binding: holder.id, type: Describe.type(type),
        key: Describe.key(values.key))
    }
    if identity.isShared, let found = store.shared[identity] {
      if holder.isModelOwned {
        if let chain = ownershipCycle(holding: found, by: holder) {
          throw UnheldInstance(error: .ownershipCycle(chain: chain), viewModel: found)
        }
        sharedHoldsByViewModels &+= 1
      }
      hold(found, at: identity, by: holder, watching: mode.isWatching, anchor: nil)
      return found
    }
    return nil
  }

  /// The chain of view models from the owner of `holder` through `target` back to that owner,
  /// when `target` already holds it, directly or through others: holding it would make an
  /// island that nothing could release. `nil` when there is no such chain.
  func ownershipCycle(holding target: ViewModel, by holder: BindingCore) -> [String]? {
    guard let owner = holder.ownerViewModel else { return nil }
    if target === owner { return [owner.instanceName, owner.instanceName] }
    var visited: Set<ObjectIdentifier> = [ObjectIdentifier(target)]
    var path: [ViewModel] = [target]
    func reachesOwner(from viewModel: ViewModel) -> Bool {
      guard let core = viewModel.ownBindingCore else { return false }
      for entry in core.table.allEntries {
        let next = entry.viewModel
        if next === owner {
          path.append(next)
          return true
        }
        guard visited.insert(ObjectIdentifier(next)).inserted else { continue }
        path.append(next)
        if reachesOwner(from: next) { return true }
        path.removeLast()
      }
      return false
    }
    guard reachesOwner(from: target) else { return nil }
    return ([owner] + path).map(\.instanceName)
  }

  /// Finds a live keyed instance of `VM` by key and/or tag, held by `holder` unless it is
  /// disposed; never builds. A hold that would close an ownership cycle is refused and
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
    }
  }

  /// What a cached lookup found: an instance (held, unless the binding is disposed) or none,
  /// or an instance it refused to hold because of the ownership cycle in `chain`.
  private enum CachedLookup<VM> {
    case found(VM?)
    case refused(VM, chain: [String])
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
      found = newestShared(VM.self, tag: tag)
    }
    guard let found, let record = found.lifetime.record, tag == nil || record.values.tag == tag
    else { return .found(nil) }
    guard !holder.isDisposed, holder.entry(at: record.identity) == nil else {
      if !holder.isDisposed, mode == .watch {
        hold(found, at: record.identity, by: holder, watching: true, anchor: nil)
      }
      return .found(found)
    }
    if holder.isModelOwned {
      if let chain = ownershipCycle(holding: found, by: holder) {
        // Found, but not held: holding it would keep both alive forever.
        return .refused(found, chain: chain)
      }
      sharedHoldsByViewModels &+= 1
    }
    hold(found, at: record.identity, by: holder, watching: mode.isWatching, anchor: nil)
    return .found(found)
  }

  /// The newest live keyed instance of `VM` with `tag` (any tag when `nil`).
  func newestShared<VM: ViewModel>(_ type: VM.Type, tag: AnyHashable?) -> VM? {
    var best: VM?
    var bestSequence: UInt64 = 0
    for candidate in store.shared.values {
      // A service's box is a view model only to the store: a lookup of `ViewModel` skips it.
      guard !(candidate is any ServiceBoxType) || VM.self is any ServiceBoxType.Type,
        let match = candidate as? VM, let record = candidate.lifetime.record,
        tag == nil || record.values.tag == tag, record.sequence >= bestSequence
      else { continue }
      best = match
      bestSequence = record.sequence
    }
    return best
  }

  /// What a resolution through a disposed binding returns: the live shared instance, or one
  /// built for the caller that no registry tracks.
  func detachedInstance<VM: ViewModel>(_ spec: ViewModelSpec<VM>) throws -> VM {
    let (active, identity) = route(spec)
    if identity.isShared, let existing = store.shared[identity] { return existing as! VM }
    return try buildDetached(active)
  }

  /// What a resolution that cannot throw does when resolving `spec` failed with `error`: an
  /// instance that could not be held (a builder that reused one) is reported and returned; a disposed binding is reported and the caller gets an
  /// instance it does not hold. Anything else (a builder that threw, a cycle) leaves nothing to
  /// return: it is reported and the program stops.
  func recover<VM: ViewModel>(
    from error: any Error, resolving spec: ViewModelSpec<VM>, operation: StaticString,
    at site: CallSite
  ) -> VM {
    if let unheld = error as? UnheldInstance {
      report(unheld.error, at: site)
      return unheld.viewModel as! VM
    }
    guard let registryError = error as? RegistryError, case .bindingDisposed = registryError else {
      stop(error, operation: operation, type: VM.self, key: spec.key, at: site)
    }
    report(registryError, at: site)
    do {
      return try detachedInstance(spec)
    } catch {
      stop(error, operation: operation, type: VM.self, key: spec.key, at: site)
    }
  }
}
