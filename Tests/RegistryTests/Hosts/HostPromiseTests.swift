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
}
