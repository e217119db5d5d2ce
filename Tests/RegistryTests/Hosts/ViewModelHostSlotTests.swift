import Observation
import Registry
import Testing

/// An argument that is not `Hashable`, as many app models are.
private struct Item {
  let title: String
}

/// What a host keeps across renders when the view makes its spec anew each time, and what it
/// shows after its instance goes away under it.
@MainActor
@Suite struct ViewModelHostSlotTests {
  /// A view's render: it makes its spec inline, every time, as `_detail = WatchViewModel(…)` in
  /// a view's `init` does.
  private func render(
    _ host: ViewModelHost<ProbeViewModel>, log: EventLog, builds: BuildCounter,
    inputs: AnyHashable? = nil
  ) -> ProbeViewModel? {
    host.resolve(
      ViewModelSpec(inputs: inputs) { ProbeViewModel("detail \(builds.next())", log: log) })
  }

  @Test func anInlinePrivateSpecKeepsItsInstanceAcrossRenders() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let host = ViewModelHost<ProbeViewModel>()
      let first = render(host, log: log, builds: builds)
      for _ in 0..<100 { #expect(render(host, log: log, builds: builds) === first) }
      #expect(builds.count == 1)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(log.events(startingWith: "dispose") == ["dispose detail 1"])
    }
  }

  @Test func privateInstancesFollowTheirInputs() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let host = ViewModelHost<ProbeViewModel>()
      let first = render(host, log: log, builds: builds, inputs: 1)
      #expect(render(host, log: log, builds: builds, inputs: 1) === first)
      let second = render(host, log: log, builds: builds, inputs: 2)
      #expect(second !== first)
      #expect(first?.isDisposed == true)
      for _ in 0..<10 { #expect(render(host, log: log, builds: builds, inputs: 2) === second) }
      #expect(builds.count == 2)
      #expect(log.events(startingWith: "dispose") == ["dispose detail 1"])
      // Another host rendering the same inputs has its own instance: private is private.
      let other = ViewModelHost<ProbeViewModel>()
      #expect(render(other, log: log, builds: builds, inputs: 2) !== second)
      #expect(registry.liveInstanceCount == 2)
      host.release()
      other.release()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func twoSpecsWrittenInDifferentPlacesAreDifferentSlots() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let editSpec = ViewModelSpec { ProbeViewModel("edit", log: log) }
      let viewSpec = ViewModelSpec { ProbeViewModel("view", log: log) }
      let host = ViewModelHost<ProbeViewModel>()
      #expect(host.resolve(editSpec)?.name == "edit")
      #expect(host.resolve(viewSpec)?.name == "view")
      #expect(log.events(startingWith: "dispose") == ["dispose edit"])
      host.release()
    }
  }

  @Test func aFamilyWithAnArgumentThatIsNotHashableKeepsItsInstance() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let detailSpec = ViewModelSpecWithArg<ProbeViewModel, Item>(builder: { item in
        ProbeViewModel("\(item.title) \(builds.next())", log: log)
      })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.resolve(detailSpec(Item(title: "a")))
      for _ in 0..<100 { #expect(host.resolve(detailSpec(Item(title: "a"))) === first) }
      #expect(builds.count == 1)
      host.release()
      #expect(first?.isDisposed == true)
    }
  }

  /// A family whose key function returns `nil` makes one private instance per argument: a host
  /// given the spec for another argument shows that argument's instance, and the same argument
  /// again keeps the one it has.
  @Test func aPrivateFamilyInAHostFollowsItsArgument() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row \($0) \(builds.next())", log: log) }, key: { _ in nil })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.resolve(rows(1))
      #expect(host.resolve(rows(1)) === first)
      let second = host.resolve(rows(2))
      #expect(second !== first)
      #expect(second?.name == "row 2 2")
      #expect(first?.isDisposed == true)
      #expect(host.resolve(rows(2)) === second)
      #expect(builds.count == 2)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aChangedKeyReleasesTheOldOnceAndBuildsTheNewOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let userSpec = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("user \($0)", log: log)
      })
      let host = ViewModelHost<ProbeViewModel>()
      for _ in 0..<5 { host.resolve(userSpec(1)) }
      for _ in 0..<5 { host.resolve(userSpec(2)) }
      #expect(log.events(startingWith: "create") == ["create user 1", "create user 2"])
      #expect(log.events(startingWith: "dispose") == ["dispose user 1"])
      #expect(registry.liveInstanceCount == 1)
      host.release()
    }
  }

  @Test func aReadOnlyHostStopsShowingAnInstanceDisposedUnderIt() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "session", tag: "account") { ProbeViewModel("s", log: log) }
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel>(watch: false) { refreshes += 1 }
      let first = host.resolve(spec)
      #expect(registry.reset(tag: "account") == 1)
      #expect(refreshes == 1)
      #expect(host.viewModel == nil)
      let second = host.resolve(spec)
      #expect(second !== first && second?.isDisposed == false)
      registry.dispose(second!)
      #expect(refreshes == 2)
      #expect(host.viewModel == nil)
      host.release()
    }
  }

  @Test func aPlainBindingThatOnlyReadsIsRefreshedWhenItsInstanceIsDisposed() {
    withTestRegistry { registry, _ in
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let model = binding.read(ViewModelSpec(key: "m") { ProbeViewModel("m", log: EventLog()) })
      registry.dispose(model)
      #expect(refreshes == 1)
      binding.dispose()
    }
  }

  @Test func requireWithABuilderThatReusesAnInstanceReportsAndCarriesOn() {
    withTestRegistry { registry, reporter in
      let owner = ViewModelBinding()
      let owned = owner.watch(ViewModelSpec(key: "owned") { ProbeViewModel("o", log: EventLog()) })
      let reusing = ViewModelSpec(key: "reusing") { owned }
      let host = ViewModelHost<ProbeViewModel>()
      #expect(host.require(reusing) === owned)
      #expect(host.require(reusing) === owned)
      #expect(
        reporter.errors == [.builderReusedInstance(type: "ProbeViewModel", key: "\"reusing\"")])
      host.release()
      #expect(!owned.isDisposed)
      owner.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func requireOnEveryRenderWithABuilderThatReturnsADisposedInstanceNeverStops() {
    withTestRegistry { registry, reporter in
      let owner = ViewModelBinding()
      let stale = owner.watch(ViewModelSpec(key: "stale") { ProbeViewModel("s", log: EventLog()) })
      owner.dispose()
      let reusing = ViewModelSpec(key: "reusing") { stale }
      let host = ViewModelHost<ProbeViewModel>()
      // The render after a failure rethrows it: it must be reported again, not stop.
      for _ in 0..<3 { #expect(host.require(reusing) === stale) }
      #expect(reporter.errors.count == 3)
      #expect(
        host.error as? RegistryError
          == .builderReusedInstance(type: "ProbeViewModel", key: "\"reusing\""))
      host.release()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aSecondLoadOfTheSameSpecWhileTheFirstWaitsShowsOneLiveInstance() async {
    for key: AnyHashable? in ["db", nil] {
      let registry = ViewModelRegistry(name: "host")
      let gate = AsyncGate()
      let builds = BuildCounter()
      let spec = AsyncViewModelSpec(key: key) { () async -> ProbeViewModel in
        await gate.wait()
        return ProbeViewModel("db \(builds.next())", log: EventLog())
      }
      let host = ViewModelHost<ProbeViewModel>(registry: registry)
      let first = Task { await host.load(spec) }
      await gate.untilWaiting()
      let second = Task { await host.load(spec) }
      for _ in 0..<30 { await Task.yield() }
      gate.open()
      let results = [await first.value, await second.value]
      #expect(builds.count == 1)
      #expect(host.viewModel?.isDisposed == false)
      #expect(results.allSatisfy { $0 == nil || $0 === host.viewModel })
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func retryAfterAFailedLoadLoadsTheAsyncSpecAgain() async {
    struct Offline: Error {}
    let registry = ViewModelRegistry(name: "host")
    let attempts = BuildCounter()
    let syncSpec = ViewModelSpec(key: "sync") { ProbeViewModel("sync", log: EventLog()) }
    let asyncSpec = AsyncViewModelSpec(key: "async") { () async throws -> ProbeViewModel in
      if attempts.next() == 1 { throw Offline() }
      return ProbeViewModel("async", log: EventLog())
    }
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    host.resolve(syncSpec)
    #expect(await host.load(asyncSpec) == nil)
    #expect(host.error is Offline)
    #expect(host.retry() == nil)
    guard case .loading = host.phase else {
      Issue.record("retry should start loading at once")
      return
    }
    await eventually { host.viewModel != nil }
    #expect(host.viewModel?.name == "async")
    #expect(attempts.count == 2)
    #expect(registry.liveInstanceCount == 1)
    host.release()
  }

  /// ViewModelHost: "Everything else (``load(_:)``, ``retry()``, ``appear()``, ``release()``
  /// and the refreshes its view model causes) is announced" — also when two loads of one spec
  /// share a build and the first to finish shows the instance.
  @Test func twoLoadsSharingABuildAnnounceTheInstanceTheyShow() async {
    let registry = ViewModelRegistry(name: "host")
    let gate = AsyncGate()
    let spec = AsyncViewModelSpec(key: "db") { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("db", log: EventLog())
    }
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    let first = Task { await host.load(spec) }
    await gate.untilWaiting()
    let second = Task { await host.load(spec) }
    for _ in 0..<30 { await Task.yield() }
    var changes = 0
    withObservationTracking {
      _ = host.phase
    } onChange: {
      MainActor.assumeIsolated { changes += 1 }
    }
    gate.open()
    _ = (await first.value, await second.value)
    #expect(host.viewModel != nil)
    #expect(changes == 1)
    host.release()
  }
}
