// The package interface: what the modules of this package built on the core (the AppleViewModel
// compatibility module, RegistryTesting) reach beyond the public API. Everything here is
// `package`, so no user of the package sees it. The Architecture article lists it:
//
// - lookups: `lookUp(_:key:tag:)`, `ViewModelBinding.cached(_:key:tag:watching:)`,
//   `ViewModelBinding.holdAll(_:taggedWith:watching:at:)`, `ViewModelBinding.holds(_:)`;
// - overrides: `pushOverride(_:for:)` and `withScopedProxy(_:for:operation:)`
//   (ViewModelRegistry+Proxies.swift), `activeSpec(for:)`;
// - a reset: `resetEverything()`; layered test setups: `beginSetupLayer()`;
// - event taps: `ViewModelConfig.errorTap` and `deliverToErrorTap(_:source:)`,
//   `LifecycleDelivery.current`, `handleListenerError(_:from:kind:)`; a lifetime tap told of
//   every hold, release and disposal, `LifetimeTap` (the default registry's is made by
//   `LifetimeTaps.makeForDefaultRegistry`), with `ownBindingDependencies`, `ownBindingHolds(_:)`
//   and `instanceArg(bindingId:)`;
// - building: `ViewModelSpec.makeInstance(in:)`, `ViewModelSpec(factoryType:…)`, a family's
//   functions (`makeInstance`, `keyFunction`, `tagFunction`, `aliveForeverFunction`, `family`);
// - reporting: `report(_:at:)`, `stop(_:operation:type:key:at:)`, `CallSite`, `Describe`,
//   `runOnMainActor(_:)`; configuration off the main actor: `configSnapshot`;
// - the running test's name: `RunningTest` (set by RegistryTesting).

extension ViewModelRegistry {
  /// A live instance of `VM` by key and/or tag, without holding it: with a key, the one shared
  /// under it; with only a tag, the newest instance of `VM` with that tag, private ones
  /// included; with neither, the newest keyed instance. Refused while the registry resets.
  package func lookUp<VM: ViewModel>(_ type: VM.Type, key: AnyHashable?, tag: AnyHashable?) -> VM? {
    guard !isResetting else { return nil }
    if let key {
      let identity = InstanceIdentity(type: ObjectIdentifier(VM.self), key: .shared(key))
      if let found = store.shared[identity] as? VM { return found }
      guard tag != nil else { return nil }
    }
    return newest(VM.self, tag: tag)
  }

  /// Starts a setup layer above every earlier one: a provider given from now on replaces one
  /// given in a lower layer (as long as it has built nothing), where providing twice in one
  /// layer is a mistake. RegistryTesting starts one for each registry trait's setup, and one
  /// for the test itself, so that a test's own setup can replace its suite's.
  package func beginSetupLayer() {
    providers.beginLayer()
  }

  /// Resets the registry the way a process that starts again would see it: every instance
  /// disposed without refreshing anyone (resolutions made meanwhile are refused), every proxy
  /// and override removed, the configuration and observers back to their defaults. A reset
  /// started while one disposes (from a dispose hook) or while the refreshes it caused run does
  /// nothing.
  package func resetEverything() {
    guard disposeAllRefreshingNoOne() else { return }
    clearAllProxies()
    configure()
    replaceLifecycles(with: [])
  }

  /// Disposes every instance without refreshing anyone, as AppleViewModel's resets do (a
  /// binding's `onUpdate` would build again what was just disposed). A reset started while one
  /// disposes (from a dispose hook) or while the refreshes it caused run does nothing: then
  /// `false`.
  @discardableResult
  package func disposeAllRefreshingNoOne() -> Bool {
    guard !isResettingOrRefreshingAfterIt else { return false }
    withoutRefreshes { disposeAll() }
    return true
  }
}

extension ViewModelBinding {
  /// A live instance found by key and/or tag (AppleViewModel's `watchCached`), held unless the
  /// binding is disposed; `nil` when nothing matches.
  package func cached<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, tag: AnyHashable?, watching: Bool
  ) throws(RegistryError) -> VM? {
    try registry.cachedThrowing(
      VM.self, key: key, tag: tag, for: core, mode: watching ? .watch : .read)
  }

  /// ``cached(_:key:tag:watching:)``, but a hold that would close an ownership cycle is
  /// reported and the instance returned unheld, as the optional lookups do.
  package func cachedReportingCycles<VM: ViewModel>(
    _ type: VM.Type, key: AnyHashable?, tag: AnyHashable?, watching: Bool
  ) -> VM? {
    registry.cached(VM.self, key: key, tag: tag, for: core, mode: watching ? .watch : .read)
  }

  /// Every live instance of `VM` with `tag`, private ones included, newest first, each held by
  /// this binding (one at a time: holding one runs hooks that may dispose another). One whose
  /// hold would close an ownership cycle is left out and reported at `site`; the rest are held.
  package func holdAll<VM: ViewModel>(
    _ type: VM.Type, taggedWith tag: AnyHashable, watching: Bool, at site: CallSite? = nil
  ) -> [VM] {
    registry.holdAll(
      VM.self, taggedWith: tag, for: core, mode: watching ? .watch : .read, at: site)
  }

  /// Whether this binding holds `viewModel` now.
  package func holds(_ viewModel: ViewModel) -> Bool {
    core.holds(viewModel)
  }

  /// Adds cleanup to run when the binding is disposed; the returned id removes it earlier.
  @discardableResult
  package func addDisposeHook(_ hook: @escaping () -> Void) -> UInt64 {
    core.addDisposeHook(hook)
  }

  /// Removes cleanup that is no longer needed.
  package func removeDisposeHook(_ id: UInt64) {
    core.removeDisposeHook(id)
  }
}

extension ViewModel {
  /// What the registry built this instance with, about the binding that asked; `nil` for an
  /// instance made by hand.
  package var creationArg: InstanceArg? { lifetime.record?.creationArg }
}

extension ViewModelSpec {
  /// A spec for a factory type written outside the package: built by `builder`, one private
  /// instance per binding and factory type when `key` is `nil`.
  package convenience init(
    factoryType: ObjectIdentifier, key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool,
    builder: @escaping @MainActor () throws -> VM
  ) {
    self.init(
      values: InstanceArg.Values(
        key: key, tag: tag, aliveForever: aliveForever, releasePolicy: nil,
        instanceType: ObjectIdentifier(VM.self)),
      privateKey: .privateArgument(family: factoryType, argument: AnyHashable(factoryType)),
      builder: builder)
  }
}
