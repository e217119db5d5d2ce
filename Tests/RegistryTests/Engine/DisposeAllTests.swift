import Observation
import Registry
import Testing

/// While `disposeAll()` runs, a resolution made from a dispose hook is refused: what it would
/// build would outlive the reset. A binding still gets what it holds. Lookups find nothing.
/// Afterwards the registry works as before.
@MainActor
@Suite struct DisposeAllTests {
  @Test func aThrowingResolutionFromADisposeHookIsRefusedAndBuildsNothing() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let lateSpec = ViewModelSpec(key: "late") { () -> ProbeViewModel in
        _ = builds.next()
        return ProbeViewModel("late", log: log)
      }
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) })
      var caught: RegistryError?
      model.addDispose {
        do {
          _ = try ViewModelBinding(registry: registry).watchThrowing(lateSpec)
        } catch {
          caught = error as? RegistryError
        }
      }
      registry.disposeAll()
      #expect(
        caught
          == .resetInProgress(
            operation: "watchThrowing(_:)", type: "ProbeViewModel", key: #""late""#,
            registry: "test"))
      #expect(builds.count == 0)
      #expect(registry.liveInstanceCount == 0)
      // Afterwards resolutions work again.
      let fresh = try binding.readThrowing(lateSpec)
      #expect(fresh.name == "late")
      #expect(builds.count == 1)
    }
  }

  @Test func aResolutionThatCannotThrowIsReportedAndGetsAnUntrackedInstance() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let lateSpec = ViewModelSpec(key: "late") { ProbeViewModel("late", log: log) }
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) })
      var late: ProbeViewModel?
      model.addDispose { late = ViewModelBinding(registry: registry).read(lateSpec) }
      registry.disposeAll()
      #expect(late?.name == "late")
      #expect(late?.isDisposed == false)
      #expect(reporter.errors.count == 1)
      if case .resetInProgress(let operation, _, _, _) = reporter.errors.first {
        #expect(operation == "read(_:)")
      } else {
        Issue.record("expected resetInProgress, got \(reporter.errors)")
      }
      #expect(registry.liveInstanceCount == 0)
      #expect(registry.snapshot().instances.isEmpty)
    }
  }

  @Test func lookupsFromADisposeHookFindNothingEvenWhatIsStillAlive() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      // Disposed newest first: the older one is still alive while the newer one's hook runs.
      let older = binding.watch(ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) })
      let newer = binding.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var found: ProbeViewModel?
      var olderWasAlive = false
      newer.addDispose {
        olderWasAlive = !older.isDisposed
        found = ViewModelBinding(registry: registry).maybeReadCached(key: "older")
      }
      registry.disposeAll()
      #expect(olderWasAlive)
      #expect(found == nil)
      #expect(older.isDisposed)
    }
  }

  /// The reader holds one instance and nothing else, so its table has a first entry only; the
  /// spec is made in the hook, so it has another key box and no memo, and the binding searches
  /// its table. What it holds builds and holds nothing new, so the reset does not refuse it.
  @Test func aBindingStillReadsWhatItHoldsWhileAResetRuns() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let reader = ViewModelBinding()
      let older = reader.watch(ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) })
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var found: ProbeViewModel?
      var watched: ProbeViewModel?
      newer.addDispose {
        found = reader.read(ViewModelSpec(key: "older") { ProbeViewModel("copy", log: log) })
        watched = reader.watch(ViewModelSpec(key: "older") { ProbeViewModel("copy", log: log) })
      }
      registry.disposeAll()
      #expect(found === older)
      #expect(watched === older)
      #expect(reporter.errors.isEmpty)
      #expect(older.isDisposed)
      #expect(!log.events.contains("create copy"))
    }
  }

  /// With a proxy installed, a resolution goes past the binding's first lookup; what the binding
  /// holds is still answered during a reset, as it is without one.
  @Test func aBindingStillReadsWhatItHoldsWhileAResetRunsUnderAProxy() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let unrelated = ViewModelSpec(key: "unrelated") { ProbeViewModel("unrelated", log: log) }
      registry.setProxy(
        ViewModelSpec(key: "unrelated") { ProbeViewModel("mock", log: log) }, for: unrelated)
      let olderSpec = ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) }
      let reader = ViewModelBinding()
      let older = reader.read(olderSpec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var found: ProbeViewModel?
      var thrown: Error?
      newer.addDispose {
        do { found = try reader.readThrowing(olderSpec) } catch { thrown = error }
      }
      registry.disposeAll()
      #expect(thrown == nil)
      #expect(found === older)
      #expect(reporter.errors.isEmpty)
    }
  }

  /// Watching what it only read, during a reset, makes the binding watch it (so the memo that
  /// says it watches is true), as outside one.
  @Test func aBindingThatWatchesWhatItReadDuringAResetWatchesIt() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) }
      let reader = ViewModelBinding()
      let older = reader.read(spec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var watched: ProbeViewModel?
      var watchingDuringReset: [Bool?] = []
      newer.addDispose {
        watched = reader.watch(spec)
        watchingDuringReset = registry.snapshot().instances.filter { $0.key == #""older""# }
          .map { $0.holders.first?.isWatching }
      }
      registry.disposeAll()
      #expect(watched === older)
      #expect(watchingDuringReset == [true])
      #expect(reporter.errors.isEmpty)
    }
  }

  /// The refreshes a reset causes run once it is over: a binding that renders again in
  /// `onUpdate` builds what it needs, and nothing is refused.
  @Test func aBindingRefreshedByTheResetResolvesAfterIt() {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: EventLog()) }
      let binding = RenderingBinding()
      var rendered: ProbeViewModel?
      binding.render = { rendered = binding.watch(spec) }
      let first = binding.watch(spec)
      registry.disposeAll()
      #expect(first.isDisposed)
      #expect(reporter.errors.isEmpty)
      #expect(rendered.map { $0 !== first && !$0.isDisposed && binding.holds($0) } == true)
      binding.dispose()
    }
  }

  /// A host refreshed by the reset renders after it: it shows a new instance, not the refusal.
  @Test func aHostRefreshedByTheResetResolvesAgainAfterIt() {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: EventLog()) }
      var host: ViewModelHost<ProbeViewModel>!
      var errorsAfterRenders: [String?] = []
      host = ViewModelHost<ProbeViewModel>(registry: registry) {
        _ = host.resolve(spec)
        errorsAfterRenders.append(host.error.map { "\($0)" })
      }
      let first = host.resolve(spec)
      registry.disposeAll()
      #expect(first?.isDisposed == true)
      #expect(errorsAfterRenders == [nil])
      let after = host.resolve(spec)
      #expect(after != nil && after !== first)
      #expect(reporter.errors.isEmpty)
      host.release()
    }
  }

  /// A lookup during a reset finds what the binding holds, as a resolution does, and nothing
  /// else: not another binding's instance, even one still alive.
  @Test func aLookupDuringAResetFindsWhatTheBindingHoldsAndNothingElse() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "older", tag: "t") { ProbeViewModel("older", log: log) }
      let reader = ViewModelBinding()
      let older = reader.watch(spec)
      let stranger = ViewModelBinding()
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var looked: ProbeViewModel?
      var readCached: ProbeViewModel?
      var byTag: [ProbeViewModel] = []
      var strangerLooked: ProbeViewModel?
      var strangerByTag: [ProbeViewModel] = []
      newer.addDispose {
        looked = reader.maybeReadCached(key: "older")
        readCached = try? reader.readCached(key: "older")
        byTag = reader.holdAll(ProbeViewModel.self, taggedWith: "t", watching: false)
        strangerLooked = stranger.maybeReadCached(key: "older")
        strangerByTag = stranger.holdAll(ProbeViewModel.self, taggedWith: "t", watching: false)
      }
      registry.disposeAll()
      #expect(looked === older)
      #expect(readCached === older)
      #expect(byTag.map(ObjectIdentifier.init) == [ObjectIdentifier(older)])
      #expect(strangerLooked == nil)
      #expect(strangerByTag.isEmpty)
    }
  }

  /// What a reset refuses to `read` is an instance no registry tracks, even when a live one
  /// has its key: not the one the reset is disposing.
  @Test func aRefusedReadOfALiveKeyGetsAnUntrackedInstance() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) }
      let holder = ViewModelBinding()
      let older = holder.watch(spec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      let stranger = ViewModelBinding()
      var got: ProbeViewModel?
      newer.addDispose { got = stranger.read(spec) }
      registry.disposeAll()
      #expect(reporter.errors.count == 1)
      #expect(got != nil && got !== older)
      #expect(got?.isDisposed == false)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// The async forms are refused as the synchronous ones are: one started from a dispose hook
  /// neither holds a live instance nor builds one, and gets `resetInProgress`.
  @Test func anAsyncResolutionDuringAResetIsRefused() async {
    let registry = ViewModelRegistry(name: "test")
    let log = EventLog()
    let holder = ViewModelBinding(registry: registry)
    let older = holder.watch(ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) })
    let stranger = ViewModelBinding(registry: registry)
    let other = ViewModelBinding(registry: registry)
    let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
    let asyncSpec = AsyncViewModelSpec(key: "older") { ProbeViewModel("async", log: log) }
    var heldDuringReset = true
    var task: Task<RegistryError?, Never>?
    newer.addDispose {
      // Runs at once, up to its first suspension: the resolution is made during the reset.
      task = Task.immediate { @MainActor in
        do {
          _ = try await stranger.readAsync(asyncSpec)
          return nil
        } catch {
          return error as? RegistryError
        }
      }
      heldDuringReset = stranger.holds(older)
    }
    registry.disposeAll()
    let thrown = await task?.value
    #expect(!heldDuringReset)
    #expect(
      thrown
        == .resetInProgress(
          operation: "readAsync(_:)", type: "ProbeViewModel", key: #""older""#, registry: "test"))
    #expect(!log.events.contains("create async"))
    #expect(registry.liveInstanceCount == 0)
  }

  /// A builder that hands back one instance it keeps: a refused `read` gets that instance, but
  /// `onCreate` does not run on it a second time, and the reuse is reported.
  @Test func aRefusedReadWhoseBuilderReturnsATrackedInstanceDoesNotCreateItAgain() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let premade = ProbeViewModel("premade", log: log)
      let spec = ViewModelSpec(key: "single") { premade }
      let holder = ViewModelBinding()
      _ = holder.watch(spec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      let stranger = ViewModelBinding()
      var got: ProbeViewModel?
      newer.addDispose { got = stranger.read(spec) }
      registry.disposeAll()
      #expect(got === premade)
      #expect(log.events(startingWith: "create premade").count == 1)
      #expect(
        reporter.errors == [
          .resetInProgress(
            operation: "read(_:)", type: "ProbeViewModel", key: #""single""#, registry: "test"),
          .builderReusedInstance(type: "ProbeViewModel", key: #""single""#),
        ])
    }
  }

  /// With a proxy installed, what a refused `read` gets is what the proxy builds.
  @Test func aRefusedReadUnderAProxyGetsWhatTheProxyBuilds() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("real", log: log) }
      registry.setProxy(ViewModelSpec(key: "k") { ProbeViewModel("mock", log: log) }, for: spec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var got: ProbeViewModel?
      newer.addDispose { got = ViewModelBinding(registry: registry).read(spec) }
      registry.disposeAll()
      #expect(got?.name == "mock")
      #expect(got?.isDisposed == false)
      #expect(reporter.errors.count == 1)
    }
  }

  /// A host that renders during the reset (a dispose hook shows the screen again, as a
  /// coordinator does on logout) is refused; the refusal lasts as long as the reset, and the
  /// refresh after it shows a new instance.
  @Test func aHostThatRenderedDuringTheResetShowsANewInstanceAfterIt() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: log) }
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(
        ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) })
      var host: ViewModelHost<ProbeViewModel>!
      host = ViewModelHost<ProbeViewModel>(registry: registry) { _ = host.resolve(spec) }
      // Newer than the session, so disposed before the session's hook runs.
      let first = host.resolve(spec)
      var shownDuringReset: ProbeViewModel?
      var failedDuringReset = true
      session.addDispose {
        _ = host.resolve(spec)
        shownDuringReset = host.viewModel
        failedDuringReset = host.error != nil
      }
      registry.disposeAll()
      // Refused, it shows nothing (not the disposed instance) and no lasting failure.
      #expect(shownDuringReset == nil)
      #expect(!failedDuringReset)
      #expect(first?.isDisposed == true)
      #expect(host.error == nil)
      #expect(host.viewModel.map { $0 !== first && !$0.isDisposed } == true)
      host.release()
      sessionBinding.dispose()
    }
  }

  /// The same through `require`, as the property wrappers resolve: the reset's refusal is
  /// reported once, and after the reset one instance is built and shown on every render.
  @Test func aRequiringHostThatRenderedDuringTheResetIsShownOneInstanceAfterIt() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: log) }
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(
        ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) })
      let host = ViewModelHost<ProbeViewModel>(registry: registry)
      _ = host.require(spec)
      session.addDispose { _ = host.require(spec) }
      registry.disposeAll()
      #expect(reporter.errors.count == 1)
      let a = host.require(spec)
      let b = host.require(spec)
      #expect(reporter.errors.count == 1)
      #expect(a === b)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      sessionBinding.dispose()
    }
  }

  /// A reset from inside `onCreate` (a screen that logs out as it is made) refreshes once that
  /// build is over: a screen that renders again then builds what it shows, and meets no build
  /// in flight (it used to meet it as a cycle, and `watch` stopped the program).
  @Test func aResetFromOnCreateRefreshesOnceTheBuildIsOver() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let screenSpec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: log) }
      let logoutSpec = ViewModelSpec(key: "logout") { LoggingOutViewModel(registry) }
      let screen = RenderingBinding()
      var rendered: ProbeViewModel?
      screen.render = { rendered = screen.watch(screenSpec) }
      let first = screen.watch(screenSpec)
      let logout = ViewModelBinding()
      #expect(throws: RegistryError.self) { try logout.watchThrowing(logoutSpec) }
      #expect(screen.updates == 1)
      #expect(rendered.map { $0 !== first && !$0.isDisposed } == true)
      #expect(reporter.errors.isEmpty)
      screen.dispose()
      logout.dispose()
    }
  }

  /// The same when `onCreate` starts a change whose listener resets: the change ends inside the
  /// build, and its refreshes still wait for the build.
  @Test func aResetFromAListenerOfAChangeMadeInOnCreateRefreshesOnceTheBuildIsOver() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(
        ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) })
      _ = session.listen { registry.disposeAll() }
      let signOutSpec = ViewModelSpec(key: "sign out") { SigningOutViewModel(session) }
      // The screen renders the very spec being built: during the build, that is a cycle.
      let screen = RenderingBinding()
      var rendered: SigningOutViewModel?
      var caught: (any Error)?
      screen.render = {
        do { rendered = try screen.watchThrowing(signOutSpec) } catch { caught = error }
      }
      _ = screen.watch(ViewModelSpec(key: "old") { ProbeViewModel("old", log: log) })
      let other = ViewModelBinding()
      #expect(throws: RegistryError.self) { try other.watchThrowing(signOutSpec) }
      #expect(screen.updates == 1)
      #expect(caught == nil)
      #expect(rendered.map { !$0.isDisposed } == true)
      #expect(reporter.errors.isEmpty)
      screen.dispose()
      other.dispose()
      sessionBinding.dispose()
    }
  }

  /// The same for an async spec: its `onCreate` runs with the build's frame on the stack, and
  /// the refreshes run once that frame is gone.
  @Test func aResetFromTheOnCreateOfAnAsyncBuildRefreshesOnceItIsOver() async {
    let registry = ViewModelRegistry(name: "test")
    let log = EventLog()
    let screen = RenderingBinding(registry: registry)
    let screenSpec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: log) }
    var rendered: ProbeViewModel?
    screen.render = { rendered = screen.watch(screenSpec) }
    let first = screen.watch(screenSpec)
    let logoutSpec = AsyncViewModelSpec(key: "logout") { LoggingOutViewModel(registry) }
    let other = ViewModelBinding(registry: registry)
    _ = try? await other.watchAsync(logoutSpec)
    #expect(screen.updates == 1)
    #expect(rendered.map { $0 !== first && !$0.isDisposed } == true)
    screen.dispose()
    other.dispose()
    registry.disposeAll()
  }

  /// Once a reset is over, a change made in `onCreate` refreshes its watchers at once, as it
  /// did before any reset: only a reset's own refreshes wait for the build.
  @Test func afterAResetAChangeMadeInOnCreateRefreshesAtOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      registry.disposeAll()
      let watcher = CountingBinding()
      let session = watcher.watch(
        ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) })
      var updatesRightAfterTheChange = -1
      let spec = ViewModelSpec(key: "changer") {
        ChangingViewModel(session) { updatesRightAfterTheChange = watcher.updates }
      }
      let other = ViewModelBinding()
      _ = other.watch(spec)
      #expect(updatesRightAfterTheChange == 1)
      other.dispose()
      watcher.dispose()
    }
  }

  /// The same when the reset comes from a refresh of that change (a binding's `onUpdate`), which
  /// runs while the build does: what the flush has left waits for the build.
  @Test func aResetFromARefreshOfAChangeMadeInOnCreateRefreshesOnceTheBuildIsOver() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let sessionSpec = ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) }
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(sessionSpec)
      let resetter = StagedBinding()
      resetter.stages = [{ registry.disposeAll() }]
      _ = resetter.watch(sessionSpec)
      let signOutSpec = ViewModelSpec(key: "sign out") { SigningOutViewModel(session) }
      let screen = RenderingBinding()
      var caught: (any Error)?
      screen.render = {
        do { _ = try screen.watchThrowing(signOutSpec) } catch { caught = error }
      }
      _ = screen.watch(ViewModelSpec(key: "old") { ProbeViewModel("old", log: log) })
      let other = ViewModelBinding()
      #expect(throws: RegistryError.self) { try other.watchThrowing(signOutSpec) }
      // Refreshed for the change (it resets then), and for its instance's disposal.
      #expect(resetter.updates == 2)
      #expect(screen.updates == 1)
      #expect(caught == nil)
      #expect(reporter.errors.isEmpty)
      screen.dispose()
      other.dispose()
      resetter.dispose()
      sessionBinding.dispose()
    }
  }

  /// The refreshes a reset from `onCreate` waits with run outside the requester's observation
  /// (a SwiftUI body that resolves on first read): what they read is not its dependency.
  @Test func theRefreshesAResetFromOnCreateDefersAreNotTheRequestersDependencies() {
    withTestRegistry { registry, _ in
      let screenSpec = ViewModelSpec(key: "screen") { ObservedCounter() }
      let screen = RenderingBinding()
      var rendered: ObservedCounter?
      screen.render = {
        let counter = screen.watch(screenSpec)
        _ = counter.count
        rendered = counter
      }
      _ = screen.watch(screenSpec)
      let changed = Box(false)
      let logout = ViewModelBinding()
      withObservationTracking {
        _ = try? logout.watchThrowing(
          ViewModelSpec(key: "logout") { LoggingOutViewModel(registry) })
      } onChange: {
        MainActor.assumeIsolated { changed.value = true }
      }
      #expect(screen.updates == 1)
      rendered?.increment()
      #expect(!changed.value)
      screen.dispose()
      logout.dispose()
    }
  }

  /// A reset made from a refresh is over when that refresh's change ends: a change made in
  /// `onCreate` afterwards refreshes at once, and a full reset from a later refresh runs.
  @Test func aResetFromARefreshIsOverWhenItsChangeEnds() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let sessionSpec = ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) }
      let watcher = StagedBinding()
      var session = watcher.watch(sessionSpec)
      // The first refresh resets; the second, the reset's own, renders again.
      watcher.stages = [
        { registry.disposeAll() }, { session = watcher.watch(sessionSpec) },
        {}, { registry.resetEverything() },
      ]
      session.set(1)
      #expect(watcher.updates == 2)
      #expect(!session.isDisposed)
      var updatesRightAfterTheChange = -1
      let spec = ViewModelSpec(key: "changer") {
        ChangingViewModel(session) { updatesRightAfterTheChange = watcher.updates }
      }
      let other = ViewModelBinding()
      _ = other.watch(spec)
      #expect(updatesRightAfterTheChange == 3)
      let survivor = session
      survivor.set(2)
      #expect(watcher.updates == 4)
      #expect(survivor.isDisposed)
      other.dispose()
      watcher.dispose()
    }
  }

  /// A builder that changes the session (whose refresh resets) and then throws: its build still
  /// ends, the refreshes that waited for it run, and the reset is over (a later change refreshes
  /// at once, a later reset disposes everything).
  @Test func aBuilderThatThrowsAfterARefreshResetStillEndsTheReset() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let sessionSpec = ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) }
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(sessionSpec)
      let resetter = StagedBinding()
      resetter.stages = [{ registry.disposeAll() }]
      _ = resetter.watch(sessionSpec)
      let screen = RenderingBinding()
      _ = screen.watch(ViewModelSpec(key: "old") { ProbeViewModel("old", log: log) })
      let spec = ViewModelSpec(key: "thrower") { () throws -> ProbeViewModel in
        session.set(1)
        throw BuildFailure()
      }
      let other = ViewModelBinding()
      #expect(throws: BuildFailure.self) { try other.watchThrowing(spec) }
      #expect(resetter.updates == 2)
      #expect(screen.updates == 1)
      let again = sessionBinding.watch(sessionSpec)
      _ = resetter.watch(sessionSpec)
      again.set(5)
      #expect(resetter.updates == 3)
      registry.disposeAll()
      #expect(again.isDisposed)
      #expect(registry.liveInstanceCount == 0)
      screen.dispose()
      other.dispose()
      resetter.dispose()
      sessionBinding.dispose()
    }
  }

  /// A reset made by a refresh of a change made in a nested build's `onCreate` waits for the
  /// outermost build.
  @Test func aResetDuringANestedBuildWaitsForTheOutermostBuild() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let sessionSpec = ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) }
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(sessionSpec)
      let resetter = StagedBinding()
      resetter.stages = [{ registry.disposeAll() }]
      _ = resetter.watch(sessionSpec)
      let screen = RenderingBinding()
      var buildsWhenRefreshed = -1
      screen.render = { buildsWhenRefreshed = registry.liveInstanceCount }
      _ = screen.watch(ViewModelSpec(key: "old") { ProbeViewModel("old", log: log) })
      let inner = ViewModelSpec(key: "inner") { SigningOutViewModel(session) }
      let outer = ViewModelSpec(key: "outer") { OuterViewModel(inner) }
      let other = ViewModelBinding()
      _ = try? other.watchThrowing(outer)
      #expect(resetter.updates == 2)
      #expect(screen.updates == 1)
      // Refreshed after both builds were abandoned and disposed: nothing is left alive.
      #expect(buildsWhenRefreshed == 0)
      #expect(reporter.errors.isEmpty)
      screen.dispose()
      other.dispose()
      resetter.dispose()
      sessionBinding.dispose()
    }
  }

  /// A host that renders only when refreshed (UIKit, a terminal screen) shows an instance again
  /// after a reset from `onCreate`.
  @Test func aHostRefreshedByAResetFromOnCreateShowsAnInstanceAfterIt() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let screenSpec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: log) }
      var host: ViewModelHost<ProbeViewModel>!
      host = ViewModelHost<ProbeViewModel>(registry: registry) { _ = host.resolve(screenSpec) }
      let first = host.resolve(screenSpec)
      let logout = ViewModelBinding()
      _ = try? logout.watchThrowing(
        ViewModelSpec(key: "logout") { LoggingOutViewModel(registry) })
      #expect(host.viewModel.map { $0 !== first && !$0.isDisposed } == true)
      #expect(host.error == nil)
      #expect(reporter.errors.isEmpty)
      host.release()
      logout.dispose()
    }
  }

  /// A full reset made in a listener after `disposeAll()` has returned runs: only one started
  /// while the reset disposes, or from the refreshes it causes, does nothing.
  @Test func aFullResetAfterDisposeAllReturnedInTheSameListenerRuns() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("real", log: log) }
      registry.setProxy(ViewModelSpec(key: "k") { ProbeViewModel("mock", log: log) }, for: spec)
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(
        ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) })
      _ = session.listen {
        registry.disposeAll()
        registry.resetEverything()
      }
      session.set(1)
      let probe = ViewModelBinding()
      #expect(probe.read(spec).name == "real")
      probe.dispose()
      sessionBinding.dispose()
    }
  }

  /// Called from a listener, a reset's refreshes run when the listener's change ends; a screen
  /// that renders again then has a new instance.
  @Test func aResetFromAListenerRefreshesWhenTheListenersChangeEnds() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let screenSpec = ViewModelSpec(key: "screen") { ProbeViewModel("screen", log: log) }
      let screen = RenderingBinding()
      var rendered: ProbeViewModel?
      screen.render = { rendered = screen.watch(screenSpec) }
      let first = screen.watch(screenSpec)
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(
        ViewModelSpec(key: "session") { ProbeViewModel("session", log: log) })
      var updatesWhenItReturned = -1
      _ = session.listen {
        registry.disposeAll()
        updatesWhenItReturned = screen.updates
      }
      session.set(1)
      #expect(updatesWhenItReturned == 0)
      #expect(screen.updates == 1)
      #expect(rendered.map { $0 !== first && !$0.isDisposed } == true)
      #expect(reporter.errors.isEmpty)
      screen.dispose()
      sessionBinding.dispose()
    }
  }

  /// Exactly once: a screen whose first refresh after a reset resets again.
  @Test func aResetFromARefreshTheResetCausedDisposesEachInstanceOnce() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let aSpec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
      let bSpec = ViewModelSpec(key: "b") { ProbeViewModel("b", log: log) }
      let first = RenderingBinding()
      let second = RenderingBinding()
      var nested = false
      first.render = {
        _ = first.watch(aSpec)
        if !nested {
          nested = true
          registry.disposeAll()
        }
      }
      second.render = { _ = second.watch(bSpec) }
      _ = first.watch(aSpec)
      _ = second.watch(bSpec)
      registry.disposeAll()
      #expect(reporter.errors.isEmpty)
      for name in ["a", "b"] {
        let creates = log.events(startingWith: "create \(name)").count
        let disposes = log.events(startingWith: "dispose \(name)").count
        let onDisposes = log.events(startingWith: "onDispose \(name)").count
        #expect(creates == disposes + 1)
        #expect(onDisposes == disposes)
      }
      #expect(registry.liveInstanceCount == 2)
      first.dispose()
      second.dispose()
    }
  }

  /// A host loading an async spec when the reset comes: the reset abandons the build, and the
  /// host shows the failure (`CancellationError`), so that `retry()` loads it again.
  @Test func aHostWhoseLoadAResetAbandonedCanRetryIt() async {
    let registry = ViewModelRegistry(name: "test")
    let gate = AsyncGate()
    let spec = AsyncViewModelSpec(key: "a") { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("a", log: EventLog())
    }
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    let load = Task { await host.load(spec) }
    await gate.untilWaiting()
    registry.disposeAll()
    #expect(await load.value == nil)
    if case .failed(let error) = host.phase {
      #expect(error is CancellationError)
    } else {
      Issue.record("expected failed, got \(host.phase)")
    }
    gate.open()
    #expect(host.retry() == nil)
    if case .loading = host.phase {
    } else {
      Issue.record("expected loading again, got \(host.phase)")
    }
    host.release()
    registry.disposeAll()
  }
}

/// A binding whose refresh renders again, as a view does.
@MainActor
private final class RenderingBinding: ViewModelBinding {
  var render: (() -> Void)?
  private(set) var updates = 0

  override func onUpdate() {
    updates += 1
    render?()
  }
}

/// A screen that signs out, by changing the session, as it is made.
@MainActor
private final class SigningOutViewModel: ViewModel {
  let session: ProbeViewModel

  init(_ session: ProbeViewModel) {
    self.session = session
  }

  override func onCreate(_ arg: InstanceArg) {
    if !session.isDisposed { session.set(1) }
  }
}

/// What a builder throws.
private struct BuildFailure: Error {}

/// Builds `inner` in its own `onCreate`: a nested build.
@MainActor
private final class OuterViewModel: ViewModel {
  let inner: ViewModelSpec<SigningOutViewModel>

  init(_ inner: ViewModelSpec<SigningOutViewModel>) {
    self.inner = inner
  }

  override func onCreate(_ arg: InstanceArg) {
    _ = try? viewModelBinding.watchThrowing(inner)
  }
}

/// A binding that runs one step per refresh, in order.
@MainActor
private final class StagedBinding: ViewModelBinding {
  var stages: [() -> Void] = []
  private(set) var updates = 0

  override func onUpdate() {
    updates += 1
    if updates <= stages.count { stages[updates - 1]() }
  }
}

/// A view model whose count is read under Observation tracking.
@MainActor
private final class ObservedCounter: ViewModel {
  private var storage = 0

  var count: Int {
    accessForObservation()
    return storage
  }

  func increment() { update { storage += 1 } }
}

/// Changes a session as it is made, then says so.
@MainActor
private final class ChangingViewModel: ViewModel {
  let session: ProbeViewModel
  let changed: () -> Void

  init(_ session: ProbeViewModel, changed: @escaping () -> Void) {
    self.session = session
    self.changed = changed
  }

  override func onCreate(_ arg: InstanceArg) {
    session.set(1)
    changed()
  }
}

/// A screen that logs out as it is made.
@MainActor
private final class LoggingOutViewModel: ViewModel {
  let target: ViewModelRegistry

  init(_ registry: ViewModelRegistry) {
    target = registry
  }

  override func onCreate(_ arg: InstanceArg) {
    target.disposeAll()
  }
}
