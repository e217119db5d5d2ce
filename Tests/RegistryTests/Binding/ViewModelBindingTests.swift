import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct ViewModelBindingTests {
  /// `dispose()`: "From then on `onUpdate()` is not called, not even for a change that came
  /// before the disposal within one change … and had marked this binding for a refresh."
  @Test func aBindingDisposedAfterAChangeMarkedItIsNotRefreshed() {
    withTestRegistry { _, _ in
      let log = EventLog()
      var updates = 0
      let watcher = ViewModelBinding { updates += 1 }
      let other = ViewModelBinding()
      let watched = watcher.watch(ViewModelSpec(key: "watched") { ProbeViewModel("w", log: log) })
      let trigger = other.watch(ViewModelSpec(key: "trigger") { ProbeViewModel("t", log: log) })
      let stop = trigger.listen {
        // One change: the first marks the watcher for a refresh at its end, then it goes.
        watched.notifyListeners()
        watcher.dispose()
      }
      trigger.notifyListeners()
      stop()
      #expect(watcher.isDisposed)
      #expect(updates == 0)
      other.dispose()
    }
  }

  /// `onUpdate()`: "called once after each change to an instance this binding watches". A
  /// listener runs before the change reaches the watching bindings, so a binding that a
  /// listener makes let go of the instance no longer watches it, and is not refreshed.
  @Test func aBindingThatAListenerMakesLetGoIsNotRefreshed() {
    withTestRegistry { _, _ in
      let log = EventLog()
      var updates = 0
      let watcher = ViewModelBinding { updates += 1 }
      let keeper = ViewModelBinding()
      let spec = ViewModelSpec(key: "shared") { ProbeViewModel("s", log: log) }
      let watched = watcher.watch(spec)
      _ = keeper.read(spec)
      let stop = watched.listen { watcher.unbind(watched) }
      watched.notifyListeners()
      stop()
      #expect(updates == 0)
      #expect(!watched.isDisposed)
      watched.notifyListeners()
      #expect(updates == 0)
      keeper.dispose()
      watcher.dispose()
    }
  }

  @Test func keyedSpecIsSharedAndBuiltOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let spec = ViewModelSpec(key: "shared") {
        _ = builds.next(); return ProbeViewModel("s", log: log)
      }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let a = first.watch(spec)
      let b = second.read(spec)
      #expect(a === b)
      #expect(builds.count == 1)
      #expect(log.events == ["create s", "bind s \(first.id)", "bind s \(second.id)"])
    }
  }

  @Test func resolvingAgainHoldsOnceAndBindsOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) }
      let binding = ViewModelBinding()
      let first = binding.watch(spec)
      for _ in 0..<100 {
        #expect(binding.watch(spec) === first)
        #expect(binding.read(spec) === first)
      }
      #expect(log.events(startingWith: "bind").count == 1)
      binding.dispose()
      #expect(first.isDisposed)
      #expect(log.events(startingWith: "unbind").count == 1)
      #expect(log.events(startingWith: "dispose").count == 1)
    }
  }

  @Test func lastReleaseDisposesExactlyOnceInOrder() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let instance = first.watch(spec)
      _ = second.watch(spec)
      instance.addDispose { log.append("block k") }
      let ownBinding = instance.viewModelBinding
      first.dispose()
      #expect(!instance.isDisposed)
      log.removeAll()
      second.dispose()
      #expect(instance.isDisposed)
      #expect(
        log.events == ["unbind k \(second.id)", "onDispose k", "block k", "dispose k"])
      #expect(ownBinding.isDisposed)
      second.dispose()
      first.dispose()
      #expect(log.events.count == 4)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func unkeyedSpecIsPrivateToEachBinding() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec { ProbeViewModel("p", log: log) }
      let other = ViewModelSpec { ProbeViewModel("q", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let a = first.watch(spec)
      let b = second.watch(spec)
      let c = first.watch(other)
      #expect(a !== b)
      #expect(a !== c)
      #expect(first.watch(spec) === a)
      #expect(registry.liveInstanceCount == 3)
      first.dispose()
      #expect(a.isDisposed && c.isDisposed && !b.isDisposed)
    }
  }

  @Test func sameKeyUnderTwoTypesIsTwoInstances() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let probe = ViewModelSpec(key: "same") { ProbeViewModel("probe", log: log) }
      let other = ViewModelSpec(key: "same") { OtherProbeViewModel("other", log: log) }
      let binding = ViewModelBinding()
      let a = binding.watch(probe)
      let b = binding.watch(other)
      #expect(a !== b)
      #expect(a.name == "probe")
      #expect(b.name == "other")
      #expect(binding.watch(probe) === a)
    }
  }

  @Test func aliveForeverOutlivesItsHolders() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "forever", aliveForever: true) {
        ProbeViewModel("f", log: log)
      }
      let binding = ViewModelBinding()
      let instance = binding.watch(spec)
      #expect(instance.createArg?.aliveForever == true)
      binding.dispose()
      #expect(!instance.isDisposed)
      let later = ViewModelBinding()
      #expect(later.watch(spec) === instance)
      later.dispose()
      #expect(!instance.isDisposed)
      registry.disposeAll()
      #expect(instance.isDisposed)
      #expect(log.events(startingWith: "dispose") == ["dispose f"])
    }
  }

  @Test func droppedBindingReleasesEverything() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) }
      let privateSpec = ViewModelSpec { ProbeViewModel("p", log: log) }
      weak var weakBinding: ViewModelBinding?
      weak var weakInstance: ProbeViewModel?
      do {
        let binding = ViewModelBinding()
        weakBinding = binding
        weakInstance = binding.watch(spec)
        _ = binding.watch(privateSpec)
        #expect(registry.liveInstanceCount == 2)
      }
      #expect(weakBinding == nil)
      #expect(weakInstance == nil)
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events(startingWith: "dispose").sorted() == ["dispose k", "dispose p"])
    }
  }

  @Test func watchRefreshesTheHostAndReadDoesNot() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) }
      var watchRefreshes = 0
      var readRefreshes = 0
      let watcher = ViewModelBinding { watchRefreshes += 1 }
      let reader = ViewModelBinding { readRefreshes += 1 }
      let instance = watcher.watch(spec)
      _ = reader.read(spec)
      instance.set(1)
      instance.set(2)
      #expect(watchRefreshes == 2)
      #expect(readRefreshes == 0)
      _ = reader.watch(spec)
      instance.set(3)
      #expect(readRefreshes == 1)
      #expect(watchRefreshes == 3)
      watcher.dispose()
      instance.set(4)
      #expect(watchRefreshes == 3)
      #expect(readRefreshes == 2)
    }
  }

  /// A binding that read an instance and then came to watch it "lets go of" it with `unbind`:
  /// it is refreshed no more, and a snapshot shows it watching, then not holding.
  @Test func aReadTurnedIntoAWatchIsLetGoOfWhole() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      let owner = ViewModelBinding()
      var refreshes = 0
      let reader = ViewModelBinding { refreshes += 1 }
      let instance = owner.read(spec)
      _ = reader.read(spec)
      _ = reader.watch(spec)
      instance.set(1)
      #expect(refreshes == 1)
      #expect(watching(registry) == [reader.id])
      reader.unbind(instance)
      instance.set(2)
      #expect(refreshes == 1)
      #expect(watching(registry) == [])
      #expect(registry.snapshot().instances.first?.holders.map(\.bindingId) == [owner.id])
      owner.dispose()
    }
  }

  private func watching(_ registry: ViewModelRegistry) -> [String] {
    let holders = registry.snapshot().instances.first?.holders ?? []
    return holders.filter(\.isWatching).map(\.bindingId)
  }

  /// The throwing forms hold as their names say: `watchThrowing` refreshes the binding on each
  /// change, `readThrowing` does not.
  @Test func watchThrowingRefreshesTheHostAndReadThrowingDoesNot() throws {
    try withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      var watchRefreshes = 0
      var readRefreshes = 0
      let watcher = ViewModelBinding { watchRefreshes += 1 }
      let reader = ViewModelBinding { readRefreshes += 1 }
      let instance = try watcher.watchThrowing(spec)
      #expect(try reader.readThrowing(spec) === instance)
      instance.set(1)
      #expect(watchRefreshes == 1)
      #expect(readRefreshes == 0)
      watcher.dispose()
      reader.dispose()
    }
  }

  @Test func subclassOverridesOnUpdate() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      let binding = CountingBinding()
      binding.watch(spec).set(5)
      #expect(binding.updates == 1)
    }
  }

  @Test func unbindReleasesOneInstance() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let a = ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
      let b = ViewModelSpec(key: "b") { ProbeViewModel("b", log: log) }
      let binding = ViewModelBinding()
      let first = binding.watch(a)
      let second = binding.watch(b)
      binding.unbind(first)
      #expect(first.isDisposed)
      #expect(!second.isDisposed)
      let rebuilt = binding.watch(a)
      #expect(rebuilt !== first)
      #expect(log.events(startingWith: "create") == ["create a", "create b", "create a"])
    }
  }

  @Test func unbindOfAnInstanceNotHeldIsReportedAndChangesNothing() throws {
    try withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
      let holder = ViewModelBinding(label: "Holder")
      let stranger = ViewModelBinding(label: "Stranger")
      let instance = holder.watch(spec)
      stranger.unbind(instance)
      let expected = RegistryError.notHeld(
        binding: stranger.id, type: "ProbeViewModel", key: "\"a\"")
      #expect(reporter.errors == [expected])
      #expect(reporter.issues.first?.fileID.hasSuffix("ViewModelBindingTests.swift") == true)
      #expect(!instance.isDisposed)
      #expect(throws: expected) { try stranger.unbindThrowing(instance) }
      holder.unbind(instance)
      #expect(instance.isDisposed)
      holder.unbind(instance)
      #expect(reporter.errors.count == 2)
      _ = try #require(reporter.errors.last)
    }
  }

  @Test func disposedBindingReportsAndHoldsNothing() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let shared = ViewModelSpec(key: "s") { ProbeViewModel("s", log: log) }
      let privateSpec = ViewModelSpec { ProbeViewModel("p", log: log) }
      let owner = ViewModelBinding()
      let live = owner.watch(shared)
      let binding = ViewModelBinding(label: "Gone")
      binding.dispose()

      #expect(binding.watch(shared) === live)
      let detached = binding.read(privateSpec)
      // Built as any instance is, onCreate included, but tracked by no registry.
      #expect(!detached.isDisposed)
      #expect(log.events.filter { $0 == "create p" }.count == 1)
      #expect(registry.liveInstanceCount == 1)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "watch(_:)", binding: binding.id, type: "ProbeViewModel", key: "\"s\""),
          .bindingDisposed(
            operation: "read(_:)", binding: binding.id, type: "ProbeViewModel", key: nil),
        ])
      #expect(throws: RegistryError.self) { try binding.watchThrowing(shared) }
      owner.dispose()
      #expect(live.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func bindingBelongsToTheRegistryItWasCreatedIn() {
    let first = ViewModelRegistry(name: "first")
    let second = ViewModelRegistry(name: "second")
    let log = EventLog()
    let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) }
    let a = ViewModelBinding(registry: first)
    let b = second.withCurrent { ViewModelBinding() }
    #expect(b.registry === second)
    #expect(a.watch(spec) !== b.watch(spec))
    #expect(first.liveInstanceCount == 1)
    #expect(second.liveInstanceCount == 1)
    #expect(ViewModelRegistry.default.liveInstanceCount == 0)
  }

  @Test func idsAreUniqueAndReadable() {
    withTestRegistry { registry, _ in
      let labeled = ViewModelBinding(label: "Screen")
      let plain = ViewModelBinding()
      #expect(labeled.id.hasPrefix("Screen#"))
      #expect(plain.id.hasPrefix("binding#"))
      #expect(labeled.id != plain.id)
    }
  }

  /// ViewModelBinding.id: "A unique, readable identifier", `label#serial` such as
  /// `"ProfileScreen#3"` — across the powers of ten too.
  @Test func bindingIdsAreTheLabelAndAnUnbrokenRunOfSerials() {
    withTestRegistry { _, _ in
      let ids = (0..<1_001).map { _ in ViewModelBinding(label: "Row").id }
      #expect(ids.allSatisfy { $0.hasPrefix("Row#") })
      let serials = ids.compactMap { Int($0.dropFirst("Row#".count)) }
      #expect(serials.count == ids.count)
      #expect(serials.map(String.init) == ids.map { String($0.dropFirst("Row#".count)) })
      let first = serials.first ?? 0
      #expect(serials == Array(first..<(first + ids.count)))
    }
  }
}
