import Registry
import RegistryTesting
import Testing

private struct Offline: Error {}

/// What a host shows when its load's caller goes away as its build fails.
@MainActor
@Suite struct HostPromiseTests {
  /// ViewModelHost.load(_:): "Resolves an async spec, showing ``Phase/loading`` while it builds,
  /// then the view model or the failure". A build that failed is shown as failed even when the
  /// task that called `load` is cancelled before it sees the result: only a load whose caller
  /// went away *with a cancellation* shows nothing ("The caller went away … nothing failed").
  @Test func aFailureThatReachesACancelledLoadIsStillShown() async {
    await withRegistry { _ in
      let gate = AsyncGate()
      let spec = AsyncViewModelSpec<ProbeViewModel>(key: "feed") {
        await gate.wait()
        throw Offline()
      }
      let host = ViewModelHost<ProbeViewModel>()
      let loading = Task { await host.load(spec) }
      await gate.untilWaiting()
      gate.open()
      // The builder runs and fails, and the load's continuation is resumed with the failure,
      // before the load's task runs again: it is cancelled in between.
      while !(host.error is Offline), !loading.isCancelled {
        await Task.yield()
        loading.cancel()
      }
      #expect(await loading.value == nil)
      #expect(host.error is Offline)
      host.release()
    }
  }

  /// A host released during its own resolution — by the `onBind` of what it resolves — stays
  /// released ("Whether ``release()`` has run"), whichever way it resolved: it shows nothing.
  @Test(arguments: ["resolve", "require"])
  func aHostReleasedDuringItsResolutionStaysReleased(way: String) {
    withTestRegistry { registry, reporter in
      let host = ViewModelHost<ReleasesHost>()
      let keeper = ViewModelBinding()
      let spec = ViewModelSpec(key: "r") { ReleasesHost(host) }
      let kept = keeper.watch(spec)
      if way == "resolve" {
        #expect(host.resolve(spec) == nil)
      } else {
        #expect(host.require(spec) === kept)
      }
      #expect(host.isReleased)
      #expect(host.viewModel == nil)
      #expect(reporter.errors.count == (way == "require" ? 1 : 0))
      keeper.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// ViewModelHost.init: "`onUpdate`: Called once after each change the host should show" — by
  /// then the host shows it: its ``ViewModelHost/version`` has moved, and an instance disposed
  /// under it is no longer its ``ViewModelHost/viewModel``.
  @Test func aHostsOnUpdateSeesTheHostAlreadyRefreshed() {
    withRegistry { registry in
      var seen: [String] = []
      var host: ViewModelHost<ProbeViewModel>?
      host = ViewModelHost<ProbeViewModel> {
        guard let host else { return }
        seen.append("version \(host.version), shown \(host.viewModel != nil)")
      }
      let model = host?.resolve(ViewModelSpec(key: "m") { ProbeViewModel("m", log: EventLog()) })
      model?.set(1)
      registry.dispose(model!)
      #expect(seen == ["version 1, shown true", "version 2, shown false"])
      host?.release()
      host = nil
    }
  }

  /// ViewModelHost.load(_:): "Calling it again with the same identity while it is shown does
  /// nothing". And once the shown instance is disposed (here while the host was hidden, so it
  /// has not refreshed yet), it is no longer shown: a load builds again.
  @Test func aLoadOfWhatIsShownDoesNothingAndALoadOfADisposedOneBuildsAgain() async {
    await withRegistry { registry in
      let log = EventLog()
      let spec = AsyncViewModelSpec(key: "feed") { () async -> ProbeViewModel in
        ProbeViewModel("feed", log: log)
      }
      let host = ViewModelHost<ProbeViewModel>()
      let first = await host.load(spec)
      let version = host.version
      log.removeAll()
      #expect(await host.load(spec) === first)
      #expect(log.events.isEmpty)
      #expect(host.version == version)
      host.disappear()
      registry.dispose(first!)
      let second = await host.load(spec)
      #expect(second !== first && second?.isDisposed == false)
      #expect(host.viewModel === second)
      host.release()
    }
  }
}

/// Releases `host` when the host's binding starts holding it (and never again).
@MainActor
private final class ReleasesHost: ViewModel {
  private weak var host: ViewModelHost<ReleasesHost>?
  private var binds = 0

  init(_ host: ViewModelHost<ReleasesHost>) {
    self.host = host
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) {
    binds += 1
    if binds == 2 { host?.release() }
  }
}
