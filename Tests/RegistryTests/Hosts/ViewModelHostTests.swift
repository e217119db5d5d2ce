import Observation
import Registry
import Testing

private struct BuildFailure: Error, Equatable {}

@MainActor
@Suite struct ViewModelHostTests {
  @Test func appearDisappearAppearBuildsOnceAndNeverDisposes() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec { ProbeViewModel("screen", log: log) }
      var refreshes = 0
      let host = ViewModelHost(spec) { refreshes += 1 }
      let first = host.appear()
      host.disappear()
      first?.set(1)
      first?.set(2)
      #expect(refreshes == 0)
      #expect(first?.isDisposed == false)
      let again = host.appear()
      #expect(again === first)
      #expect(refreshes == 1)
      #expect(log.events(startingWith: "create") == ["create screen"])
      host.appear()
      #expect(refreshes == 1)
      host.release()
      #expect(first?.isDisposed == true)
      host.release()
      #expect(log.events(startingWith: "dispose") == ["dispose screen"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func droppedOwnedHostDisposesItsViewModelOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      weak var weakModel: ProbeViewModel?
      do {
        let host = ViewModelHost<ProbeViewModel>()
        weakModel = host.resolve(ViewModelSpec { ProbeViewModel("owned", log: log) })
        #expect(weakModel != nil)
      }
      #expect(weakModel == nil)
      #expect(log.events(startingWith: "dispose") == ["dispose owned"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func borrowedHostFollowsButNeverChangesTheLifetime() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let owner = ViewModelBinding(label: "Parent")
      let model = owner.watch(ViewModelSpec(key: "row") { ProbeViewModel("row", log: log) })
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel> { refreshes += 1 }
      host.borrow(model)
      #expect(host.ownership == .borrowed)
      model.set(1)
      #expect(refreshes == 1)
      #expect(log.events(startingWith: "bind").count == 1)
      host.release()
      #expect(!model.isDisposed)
      model.set(2)
      #expect(refreshes == 1)

      let second = ViewModelHost<ProbeViewModel> { refreshes += 1 }
      second.borrow(model)
      owner.dispose()
      #expect(model.isDisposed)
      #expect(second.viewModel == nil)
      #expect(refreshes == 2)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// `borrow(_:)`: "Call it on every render": a watching host that borrows the same instance on
  /// each render keeps following it, and refreshes once per change.
  @Test func aHostBorrowingTheSameInstanceOnEveryRenderKeepsFollowingIt() {
    withTestRegistry { _, _ in
      let owner = ViewModelBinding(label: "Parent")
      let model = owner.watch(ViewModelSpec(key: "row") { ProbeViewModel("row", log: EventLog()) })
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel> { refreshes += 1 }
      for render in 1...3 {
        #expect(host.borrow(model) === model)
        model.set(render)
        #expect(refreshes == render)
      }
      host.release()
      owner.dispose()
    }
  }

  @Test func thousandRendersWithTheSameInputBuildOnce() {
    withTestRegistry { _, _ in
      let builds = BuildCounter()
      let users = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: { id in
        _ = builds.next()
        return ProbeViewModel("user\(id)", log: EventLog())
      })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.resolve(users(1))
      for _ in 0..<1_000 {
        #expect(host.resolve(users(1)) === first)
      }
      #expect(builds.count == 1)
    }
  }

  @Test func inputChangeSwapsInstancesAndDisposesTheOld() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let users = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("user\($0)", log: log)
      })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.resolve(users(1))
      let second = host.resolve(users(2))
      #expect(first !== second)
      #expect(first?.isDisposed == true)
      #expect(second?.isDisposed == false)
      #expect(registry.liveInstanceCount == 1)
      #expect(host.resolve(users(2)) === second)
    }
  }

  @Test func inputChangeKeepsASharedInstanceOthersHold() {
    withTestRegistry { _, _ in
      let users = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("user\($0)", log: EventLog())
      })
      let other = ViewModelBinding()
      let shared = other.watch(users(1))
      let host = ViewModelHost<ProbeViewModel>()
      #expect(host.resolve(users(1)) === shared)
      _ = host.resolve(users(2))
      #expect(!shared.isDisposed)
    }
  }

  @Test func failedBuildIsKeptAndRetried() {
    withTestRegistry { registry, _ in
      var attempts = 0
      let spec = ViewModelSpec<ProbeViewModel>(throwingBuilder: {
        attempts += 1
        if attempts == 1 { throw BuildFailure() }
        return ProbeViewModel("retried", log: EventLog())
      })
      let host = ViewModelHost(spec)
      #expect(host.appear() == nil)
      #expect(host.error as? BuildFailure == BuildFailure())
      #expect(registry.liveInstanceCount == 0)
      // Re-renders show the error; they do not build again on every frame.
      #expect(host.resolve(spec) == nil)
      #expect(attempts == 1)
      let model = host.retry()
      #expect(model?.name == "retried")
      #expect(host.error == nil)
      #expect(throws: Never.self) { try host.resolveThrowing(spec) }
    }
  }

  @Test func phaseIsObservableAndResolvingDoesNotAnnounce() {
    withTestRegistry { _, _ in
      let host = ViewModelHost<ProbeViewModel>()
      var changes = 0
      withObservationTracking {
        _ = host.phase
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
      // A render calls resolve and uses what it returns: a body must not change what it observes.
      let model = host.resolve(ViewModelSpec { ProbeViewModel("p", log: EventLog()) })
      #expect(changes == 0)
      #expect(host.viewModel === model)
      model?.set(3)
      #expect(changes == 1)
      withObservationTracking {
        _ = host.version
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
      model?.set(4)
      #expect(changes == 2)
      #expect(host.version == 2)
    }
  }

  /// ViewModelHost: "Everything else (``load(_:)``, ``retry()``, ``appear()``, ``release()``
  /// and the refreshes its view model causes) is announced."
  @Test func retryAfterAFailedResolveAnnouncesWhatItShows() {
    withTestRegistry { _, _ in
      var attempts = 0
      let spec = ViewModelSpec<ProbeViewModel>(throwingBuilder: {
        attempts += 1
        if attempts == 1 { throw BuildFailure() }
        return ProbeViewModel("retried", log: EventLog())
      })
      let host = ViewModelHost<ProbeViewModel>()
      #expect(host.resolve(spec) == nil)
      var changes = 0
      withObservationTracking {
        _ = host.phase
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
      #expect(host.retry()?.name == "retried")
      #expect(changes == 1)
      host.release()
    }
  }

  /// ViewModelHost: "Everything else (``load(_:)``, ``retry()``, ``appear()``, ``release()``
  /// and the refreshes its view model causes) is announced" — a retry that resolves the spec the
  /// host was made with, before it ever appeared, too.
  @Test func retryOfAHostThatNeverAppearedResolvesItsSpecAndAnnouncesIt() {
    withTestRegistry { _, _ in
      let host = ViewModelHost(ViewModelSpec { ProbeViewModel("initial", log: EventLog()) })
      var changes = 0
      withObservationTracking {
        _ = host.phase
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
      #expect(host.retry()?.name == "initial")
      #expect(changes == 1)
      host.release()
    }
  }

  /// ViewModelHost.isReleased: "Whether ``release()`` has run."
  @Test func isReleasedTellsWhetherReleaseHasRun() {
    withTestRegistry { _, _ in
      let host = ViewModelHost<ProbeViewModel>()
      host.resolve(ViewModelSpec { ProbeViewModel("p", log: EventLog()) })
      #expect(!host.isReleased)
      host.release()
      #expect(host.isReleased)
    }
  }

  /// ViewModelHost: "Everything else (``load(_:)``, ``retry()``, ``appear()``, ``release()``
  /// and the refreshes its view model causes) is announced."
  @Test func releaseIsAnnounced() {
    withTestRegistry { _, _ in
      let host = ViewModelHost<ProbeViewModel>()
      host.resolve(ViewModelSpec { ProbeViewModel("p", log: EventLog()) })
      var changes = 0
      withObservationTracking {
        _ = host.phase
      } onChange: {
        MainActor.assumeIsolated { changes += 1 }
      }
      host.release()
      #expect(changes == 1)
    }
  }
}
