import Observation
import Registry
import RegistryTesting
import Testing

/// Hosts whose inputs change under them: borrowed then owned, disposed by their owner,
/// overlapping loads, used after release.
@MainActor
@Suite struct ViewModelHostEdgeTests {
  @Test func switchingFromBorrowToResolveOfTheSameInstanceStopsObservingIt() {
    withTestRegistry { _, _ in
      let xSpec = ViewModelSpec(key: "x") { ProbeViewModel("x", log: EventLog()) }
      let ySpec = ViewModelSpec(key: "y") { ProbeViewModel("y", log: EventLog()) }
      let parent = ViewModelBinding()
      let x = parent.watch(xSpec)
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel> { refreshes += 1 }
      host.borrow(x)
      #expect(host.resolve(xSpec) === x)
      let y = host.resolve(ySpec)
      #expect(host.viewModel === y)
      refreshes = 0
      x.set(5)
      #expect(refreshes == 0)
    }
  }

  /// A host whose input changes to a spec that cannot be built lets go of the instance it
  /// showed: it shows the error instead, and nothing keeps the old instance alive.
  @Test func anInputThatFailsToBuildLetsGoOfTheInstanceShownBefore() {
    struct Offline: Error {}
    withTestRegistry { registry, _ in
      let shown = ViewModelSpec(key: "shown") { ProbeViewModel("shown", log: EventLog()) }
      let failing = ViewModelSpec<ProbeViewModel>(
        key: "failing",
        throwingBuilder: {
          throw Offline()
        })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.resolve(shown)
      #expect(host.resolve(failing) == nil)
      #expect(host.error is Offline)
      #expect(first?.isDisposed == true)
      #expect(registry.liveInstanceCount == 0)
      host.release()
    }
  }

  @Test func hostLetsGoOfABorrowedInstanceItsOwnerDisposed() {
    withTestRegistry { _, _ in
      let host = ViewModelHost<ProbeViewModel> {}
      weak var weakRow: ProbeViewModel?
      do {
        let parent = ViewModelBinding()
        let row = parent.watch(ViewModelSpec(key: "row") { ProbeViewModel("row", log: EventLog()) })
        weakRow = row
        host.borrow(row)
        parent.dispose()
      }
      #expect(host.viewModel == nil)
      #expect(weakRow == nil)
    }
  }

  /// ViewModelHost: "Everything else (``load(_:)``, …) is announced" — a load tells Observation
  /// when it starts loading, when it shows what it built, and when its caller went away and it
  /// is idle again.
  @Test func aLoadAnnouncesLoadingReadyAndACancelledLoadsReturnToIdle() async {
    let registry = ViewModelRegistry(name: "host")
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    var changes = 0
    func track() {
      withObservationTracking {
        _ = host.phase
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
    }
    func spec(_ name: String, _ gate: AsyncGate) -> AsyncViewModelSpec<ProbeViewModel> {
      AsyncViewModelSpec(key: name) { () async -> ProbeViewModel in
        await gate.wait()
        return ProbeViewModel(name, log: EventLog())
      }
    }
    let first = AsyncGate()
    track()
    let loaded = Task { await host.load(spec("a", first)) }
    await first.untilWaiting()
    #expect(changes == 1)
    track()
    first.open()
    let model = await loaded.value
    #expect(changes == 2)
    #expect(host.viewModel === model)

    let second = AsyncGate()
    track()
    let cancelled = Task { await host.load(spec("b", second)) }
    await second.untilWaiting()
    #expect(changes == 3)
    track()
    cancelled.cancel()
    #expect(await cancelled.value == nil)
    #expect(changes == 4)
    if case .idle = host.phase {} else { Issue.record("not idle: \(host.phase)") }
    second.open()
    host.release()
    registry.disposeAll()
  }

  @Test func overlappingLoadsKeepOnlyTheShownInstance() async {
    let registry = ViewModelRegistry(name: "host")
    let gateA = AsyncGate()
    let gateB = AsyncGate()
    let specA = AsyncViewModelSpec(key: "a") { () async -> ProbeViewModel in
      await gateA.wait()
      return ProbeViewModel("a", log: EventLog())
    }
    let specB = AsyncViewModelSpec(key: "b") { () async -> ProbeViewModel in
      await gateB.wait()
      return ProbeViewModel("b", log: EventLog())
    }
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    let loadA = Task { await host.load(specA) }
    await gateA.untilWaiting()
    let loadB = Task { await host.load(specB) }
    await gateB.untilWaiting()
    gateB.open()
    let b = await loadB.value
    gateA.open()
    #expect(await loadA.value == nil)
    #expect(host.viewModel === b)
    #expect(registry.liveInstanceCount == 1)
    host.release()
    #expect(registry.liveInstanceCount == 0)
  }

  @Test func requireOnAReleasedHostIsReportedNotFatal() {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: EventLog()) }
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.require(spec)
      host.release()
      #expect(first.isDisposed)
      let late = host.require(spec)
      #expect(!late.isDisposed)
      #expect(registry.liveInstanceCount == 0)
      #expect(reporter.errors.count == 1)
    }
  }

  @Test func resolveAfterTheBindingLetGoResolvesAgain() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: EventLog()) }
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.resolve(spec)
      host.binding.unbind(first!)
      let second = host.resolve(spec)
      #expect(second !== first)
      #expect(second?.isDisposed == false)
      #expect(registry.liveInstanceCount == 1)
    }
  }
}
