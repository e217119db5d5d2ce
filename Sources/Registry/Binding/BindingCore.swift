/// The state of one binding: what it holds, whether it is dirty, disposed.
///
/// Kept apart from the public ``ViewModelBinding`` so that view models can reference the holders
/// that watch them without keeping the user's binding object alive: when the user drops the
/// binding, its `deinit` disposes the core, which lets go of everything.
@MainActor
final class BindingCore {
  struct Entry {
    let viewModel: ViewModel
    var isWatching: Bool
    /// When the binding started holding it; release runs newest first.
    let sequence: UInt64
  }

  let registry: ViewModelRegistry
  let serial: UInt64
  let label: String?
  /// Owned by a view model: its refresh notifies that view model's own watchers.
  let isModelOwned: Bool
  weak var binding: ViewModelBinding?
  /// Set by a ``ViewModelHost``: refreshes the host instead of the binding's `onUpdate`.
  var hostRefresh: (() -> Void)?
  weak var ownerViewModel: ViewModel?
  @exclusivity(unchecked) var entries: [InstanceIdentity: Entry] = [:]
  /// The specs of private instances this binding holds, kept alive so that their object
  /// identifiers (part of the identity) cannot be reused; apart from `entries` so that the
  /// re-render lookup copies one reference, not two.
  @exclusivity(unchecked) var privateAnchors: [InstanceIdentity: AnyObject] = [:]
  private(set) var isDisposed = false
  var isDirty = false
  var isPaused = false
  /// A refresh came while paused; one is owed on resume.
  var missedRefresh = false
  var pauseSubscriptions: [PauseSubscription] = []
  /// Instances followed without being held (see `observe`).
  var observed: [ViewModel] = []
  /// Cleanup that must run when the binding is disposed, however that happens: subscriptions
  /// the binding owns (`listen(_:onChanged:)`) and its pause controller.
  var disposeHooks: [() -> Void] = []
  private var nextEntrySequence: UInt64 = 0

  /// Where a host binding was created, for diagnostics; formatted only when asked for.
  let createdAtSite: (fileID: StaticString, line: UInt)?

  /// `File.swift:12` where a host binding was created, for diagnostics.
  var createdAt: String? { createdAtSite.map { "\($0.fileID):\($0.line)" } }

  init(
    registry: ViewModelRegistry, label: String?, isModelOwned: Bool,
    createdAt: (fileID: StaticString, line: UInt)?
  ) {
    self.registry = registry
    self.label = label
    self.isModelOwned = isModelOwned
    self.createdAtSite = createdAt
    registry.nextBindingSerial += 1
    serial = registry.nextBindingSerial
    prepareMainActorCheck()
  }

  // Concatenation rather than interpolation: every binding that holds anything needs its id
  // for onBind, and this is the cheaper way to make it.
  private(set) lazy var id: String = (label ?? "binding") + "#" + String(serial)

  // MARK: Resolving

  /// Returns the instance for `spec`, holding it; builds it when nothing alive matches.
  ///
  /// The first lookup is the re-render path: a binding asking again for what it already holds
  /// costs one hash lookup and allocates nothing.
  func resolve<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, watching: Bool, operation: StaticString
  ) throws -> VM {
    let active = registry.proxies.isEmpty ? spec : registry.activeSpec(for: spec)
    let identity = spec.identity(buildingWith: active)
    if let existing = try existingInstance(
      identity, watching: watching, type: VM.self, key: active.key, operation: operation)
    {
      return unsafeDowncast(existing, to: VM.self)
    }
    let viewModel = try registry.build(active, identity: identity, requester: self)
    // An instance that disposed itself in onCreate is returned as it is, held by nobody.
    guard !viewModel.isDisposed else { return viewModel }
    hold(viewModel, identity: identity, watching: watching, anchor: identity.isShared ? nil : spec)
    if isDisposed {
      // The builder or onCreate disposed this binding: it cannot keep what it asked for.
      release(identity)
    }
    return viewModel
  }

  /// What every resolution tries first: the instance this binding already holds (the re-render
  /// path: one lookup, no allocation), else a live shared one it starts holding. `nil` when the
  /// instance must be built.
  @inline(__always)
  private func existingInstance(
    _ identity: InstanceIdentity, watching: Bool, type: Any.Type, key: AnyHashable?,
    operation: StaticString
  ) throws -> ViewModel? {
    if let entry = entries[identity] {
      if watching, !entry.isWatching { startWatching(identity, entry.viewModel) }
      return entry.viewModel
    }
    guard !isDisposed else {
      throw RegistryError.bindingDisposed(
        operation: "\(operation)", binding: id, type: Describe.type(type), key: Describe.key(key))
    }
    if identity.isShared, let existing = registry.sharedInstances[identity] {
      hold(existing, identity: identity, watching: watching, anchor: nil)
      return existing
    }
    return nil
  }

  /// What a resolution that cannot throw does when resolving `spec` failed with `error`: a
  /// builder that returned an instance the registry already owns is reported and that instance
  /// returned, unheld; a disposed binding is reported and the caller gets an instance it does
  /// not hold. Anything else (a builder that threw, a cycle) leaves nothing to return: it is
  /// reported and the program stops.
  func recover<VM: ViewModel>(
    from error: any Error, resolving spec: ViewModelSpec<VM>, operation: StaticString,
    at site: CallSite
  ) -> VM {
    if let reused = error as? BuilderReusedInstance {
      registry.report(reused.error, at: site)
      return unsafeDowncast(reused.viewModel, to: VM.self)
    }
    guard let registryError = error as? RegistryError, case .bindingDisposed = registryError else {
      registry.stop(error, operation: operation, type: VM.self, key: spec.key, at: site)
    }
    registry.report(registryError, at: site)
    do {
      return try detachedInstance(spec)
    } catch {
      registry.stop(error, operation: operation, type: VM.self, key: spec.key, at: site)
    }
  }

  /// What a disposed binding returns: the live shared instance, or one built for the caller
  /// that no registry tracks.
  func detachedInstance<VM: ViewModel>(_ spec: ViewModelSpec<VM>) throws -> VM {
    let active = registry.proxies.isEmpty ? spec : registry.activeSpec(for: spec)
    let identity = spec.identity(buildingWith: active)
    if identity.isShared, let existing = registry.sharedInstances[identity] {
      return unsafeDowncast(existing, to: VM.self)
    }
    return try registry.buildDetached(active)
  }

  /// Finds a live keyed instance of `VM` by key and/or tag, holding it; never builds.
  func cached<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, tag: AnyHashable?, watching: Bool
  ) -> VM? {
    let found: VM?
    if let key {
      let identity = InstanceIdentity(type: ObjectIdentifier(VM.self), key: .shared(key))
      found = registry.sharedInstances[identity].map { unsafeDowncast($0, to: VM.self) }
    } else {
      found = registry.newestShared(VM.self, tag: tag)
    }
    guard let found, let registration = found.registration,
      tag == nil || registration.arg.tag == tag
    else { return nil }
    if !isDisposed {
      holdIfNeeded(found, identity: registration.identity, watching: watching, anchor: nil)
    }
    return found
  }

  /// The async form of `resolve`: shares a build in flight with every other caller.
  func resolveAsync<VM: ViewModel>(
    _ spec: AsyncViewModelSpec<VM>, watching: Bool, operation: StaticString
  ) async throws -> VM {
    let active = registry.proxies.isEmpty ? spec : registry.activeSpec(for: spec)
    let identity = spec.identity(buildingWith: active)
    if let existing = try existingInstance(
      identity, watching: watching, type: VM.self, key: active.key, operation: operation)
    {
      return unsafeDowncast(existing, to: VM.self)
    }
    let built = try await registry.buildAsync(
      active, identity: identity, requester: self, watching: watching,
      anchor: identity.isShared ? nil : spec)
    return unsafeDowncast(built, to: VM.self)
  }

  // MARK: Holding and releasing

  /// Holds `viewModel` unless this binding already does (an async build finishing for a
  /// binding that meanwhile resolved it another way).
  func holdIfNeeded(
    _ viewModel: ViewModel, identity: InstanceIdentity, watching: Bool, anchor: AnyObject?
  ) {
    if let entry = entries[identity] {
      if watching, !entry.isWatching { startWatching(identity, entry.viewModel) }
      return
    }
    hold(viewModel, identity: identity, watching: watching, anchor: anchor)
  }

  private func hold(
    _ viewModel: ViewModel, identity: InstanceIdentity, watching: Bool, anchor: AnyObject?
  ) {
    nextEntrySequence += 1
    entries[identity] = Entry(
      viewModel: viewModel, isWatching: watching, sequence: nextEntrySequence)
    if let anchor { privateAnchors[identity] = anchor }
    if viewModel.registration?.isAwaitingDisposal == true {
      registry.cancelDeferredRelease(viewModel)
    }
    viewModel.registration?.holders.append(self)
    if watching { viewModel.watchers.append(self) }
    if viewModel.owesObservers { viewModel.deliverOwedObservers() }
    if let arg = viewModel.registration?.arg.with(bindingId: id) {
      viewModel.onBind(arg, bindingId: id)
      registry.emit(.bind, viewModel, arg: arg)
    }
  }

  private func startWatching(_ identity: InstanceIdentity, _ viewModel: ViewModel) {
    entries[identity]?.isWatching = true
    viewModel.watchers.append(self)
  }

  /// Stops holding the instance at `identity`; disposes it when that was its last holder.
  func release(_ identity: InstanceIdentity) {
    guard let entry = entries.removeValue(forKey: identity) else { return }
    if !identity.isShared { privateAnchors[identity] = nil }
    let viewModel = entry.viewModel
    if entry.isWatching { viewModel.watchers.removeFirst(self) }
    viewModel.registration?.holders.removeFirst(self)
    if let arg = viewModel.registration?.arg.with(bindingId: id) {
      viewModel.onUnbind(arg, bindingId: id)
      registry.emit(.unbind, viewModel, arg: arg)
    }
    // This paused holder may have been the last one hiding a change from Observation.
    if viewModel.owesObservers { viewModel.deliverOwedObservers() }
    viewModel.disposeIfUnheld()
  }

  /// Drops an instance that is being disposed while this binding still holds it.
  ///
  /// - Returns: Whether this binding held it (so it is owed an `onUnbind`).
  @discardableResult
  func forget(_ viewModel: ViewModel, identity: InstanceIdentity) -> Bool {
    guard let entry = entries[identity], entry.viewModel === viewModel else { return false }
    entries[identity] = nil
    if !identity.isShared { privateAnchors[identity] = nil }
    if entry.isWatching { viewModel.watchers.removeFirst(self) }
    // A host refreshes whether it watched or only read the instance: it must stop showing it. A
    // view model's own binding tells its watchers only of dependencies it watched.
    if entry.isWatching || !isModelOwned { registry.markDirty(self) }
    return true
  }

  func unbind(_ viewModel: ViewModel) throws(RegistryError) {
    let type = Describe.type(Swift.type(of: viewModel))
    let key = Describe.key(viewModel.registration?.arg.key)
    guard !isDisposed else {
      throw .bindingDisposed(operation: "unbind(_:)", binding: id, type: type, key: key)
    }
    guard let identity = viewModel.registration?.identity,
      entries[identity]?.viewModel === viewModel
    else {
      throw .notHeld(binding: id, type: type, key: key)
    }
    release(identity)
  }

  // MARK: Refresh and disposal

  func refresh() {
    if isDisposed { return }
    if isPaused {
      missedRefresh = true
      return
    }
    if let ownerViewModel {
      // The owner may be mid-disposal: its binding is disposed only after its hooks ran.
      if !ownerViewModel.isDisposed { ownerViewModel.notifyListeners() }
    } else if let hostRefresh {
      hostRefresh()
    } else {
      binding?.onUpdate()
    }
  }

  /// Lets go of everything, newest first, so dependents go before what they depend on.
  func dispose() {
    guard !isDisposed else { return }
    isDisposed = true
    stopPauseProviders()
    let hooks = disposeHooks
    disposeHooks.removeAll()
    for hook in hooks { hook() }
    for viewModel in observed { viewModel.watchers.removeFirst(self) }
    observed.removeAll()
    let held =
      entries.count > 1
      ? entries.sorted { $0.value.sequence > $1.value.sequence } : Array(entries)
    for (identity, entry) in held where entries[identity]?.viewModel === entry.viewModel {
      release(identity)
    }
  }

  /// Follows an instance without holding it: refreshes on its changes, never changes its
  /// lifetime. Used by hosts that borrow a view model.
  func observe(_ viewModel: ViewModel) {
    guard !isDisposed, !viewModel.isDisposed,
      !observed.contains(where: { $0 === viewModel })
    else { return }
    observed.append(viewModel)
    viewModel.watchers.append(self)
  }

  func stopObserving(_ viewModel: ViewModel) {
    guard let index = observed.firstIndex(where: { $0 === viewModel }) else { return }
    observed.remove(at: index)
    viewModel.watchers.removeFirst(self)
    if viewModel.owesObservers { viewModel.deliverOwedObservers() }
  }

  /// Marks a binding disposed that never held anything (one made for a disposed view model).
  func markDisposed() {
    isDisposed = true
  }
}

extension Array where Element == BindingCore {
  mutating func removeFirst(_ core: BindingCore) {
    if let index = firstIndex(where: { $0 === core }) {
      remove(at: index)
    }
  }
}
