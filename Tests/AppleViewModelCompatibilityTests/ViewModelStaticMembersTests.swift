import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// AppleViewModel's test helper, in its shape: a nonisolated `reset()` that XCTest's `setUp`
/// calls, hopping onto the main actor it already runs on.
enum TestEnv {
  static func reset() {
    MainActor.assumeIsolated { ViewModel.reset() }
  }
}

/// Stands in for an XCTest case's nonisolated `setUp()`.
nonisolated func setUpLikeXCTest() {
  TestEnv.reset()
}

/// An observer whose dispose hook fails, in AppleViewModel's shape.
@MainActor
private final class DisposeThrower: ViewModelLifecycle {
  func onDispose(_ viewModel: ViewModel, arg: InstanceArg) throws { throw CompatFailure() }
}

@MainActor
@Suite struct ViewModelStaticMembersTests {
  @Test func resetDisposesEverythingThenClearsProxiesConfigurationAndObservers() {
    withTestRegistry { registry, _ in
      let recorder = CompatRecorder()
      var errors: [String] = []
      ViewModel.initialize(
        config: ViewModelConfig(
          isLoggingEnabled: false, equals: { _, _ in true },
          onError: { _, type in MainActor.assumeIsolated { errors.append("\(type)") } }),
        lifecycles: [recorder, DisposeThrower()])
      let counterSpec = ViewModelSpec<CompatCounter> { CompatCounter() }
      let sessionSpec = ViewModelSpec<CompatCounter>(key: "session", aliveForever: true) {
        CompatCounter()
      }
      counterSpec.setProxy(ViewModelSpec { MockCompatCounter() })
      let binding = ViewModelBinding()
      let counter = binding.watch(counterSpec)
      let session = binding.read(sessionSpec)
      binding.unbind(session)
      #expect(counter is MockCompatCounter)
      #expect(!session.isDisposed)
      recorder.events.removeAll()

      ViewModel.reset()

      #expect(counter.isDisposed && session.isDisposed)
      #expect(registry.liveInstanceCount == 0)
      // Observers heard the teardown, newest first: the aliveForever session, held by nobody,
      // is disposed; the held counter is unbound first.
      #expect(
        recorder.events == [
          "dispose CompatCounter", "unbind MockCompatCounter \(binding.id)",
          "dispose MockCompatCounter",
        ])
      // So did the error handler, which was still installed.
      #expect(errors == ["lifecycle", "lifecycle"])
      #expect(registry.lifecycles.isEmpty)
      #expect(registry.config.equals == nil)
      #expect(registry.config.errorTap == nil)
      #expect(!(binding.watch(counterSpec) is MockCompatCounter))
      #expect(errors.count == 2)
    }
  }

  @Test func resetFromANonisolatedSetUpActsOnTheCurrentRegistryOnly() {
    let other = ViewModelRegistry(name: "other")
    defer { other.disposeAll() }
    let spec = ViewModelSpec<CompatCounter>(key: "kept", aliveForever: true) { CompatCounter() }
    let kept = other.withCurrent { ViewModelBinding().read(spec) }
    withTestRegistry { registry, _ in
      let mine = ViewModelBinding().read(spec)
      setUpLikeXCTest()
      #expect(mine.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
    #expect(!kept.isDisposed)
    #expect(other.liveInstanceCount == 1)
  }

  @Test func resetCalledFromTheTeardownDoesNothingMore() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "a") { CompatCounter() }
      let binding = ViewModelBinding()
      let counter = binding.watch(spec)
      var nested = 0
      counter.addDispose {
        nested += 1
        ViewModel.reset()
      }
      ViewModel.reset()
      #expect(nested == 1)
      #expect(counter.onDisposeCalls == 1)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func resetCallsNoBindingBackSoNothingIsBuiltAgain() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "a") { CompatCounter() }
      // A UIKit-style binding that re-renders by resolving again on every update.
      final class Screen: ViewModelBinding {
        var spec: ViewModelSpec<CompatCounter>?
        var updates = 0
        override func onUpdate() {
          updates += 1
          if let spec { _ = watch(spec) }
        }
      }
      let screen = Screen()
      screen.spec = spec
      let first = screen.watch(spec)
      first.increment()
      #expect(screen.updates == 1)
      ViewModel.reset()
      #expect(first.isDisposed)
      #expect(screen.updates == 1)
      #expect(registry.liveInstanceCount == 0)
      // Still usable: the next resolution builds a fresh instance, and changes reach it again.
      let second = screen.watch(spec)
      #expect(second !== first)
      second.increment()
      #expect(screen.updates == 2)
      screen.dispose()
    }
  }

  /// A screen that logs out (`ViewModel.reset()`) when its session is disposed, refreshed by a
  /// `disposeAll()`: that reset is one started while another runs, so it does nothing, and the
  /// other screens still hear that their instances went.
  @Test func aResetFromARefreshThatDisposeAllCausedDoesNothing() {
    withTestRegistry { registry, _ in
      let watcher = RerenderingScreen()
      _ = watcher.watch(ViewModelSpec<CompatCounter>(key: "w") { CompatCounter() })
      let logout = RerenderingScreen()
      logout.render = { ViewModel.reset() }
      _ = logout.watch(ViewModelSpec<CompatCounter>(key: "s") { CompatCounter() })
      let proxied = ViewModelSpec<CompatCounter>(key: "p") { CompatCounter() }
      registry.setProxy(
        ViewModelSpec<CompatCounter>(key: "p") { MockCompatCounter() }, for: proxied)
      registry.disposeAll()
      #expect(logout.updates == 1)
      #expect(watcher.updates == 1)
      let probe = ViewModelBinding()
      #expect(probe.read(proxied) is MockCompatCounter)
      probe.dispose()
      watcher.dispose()
      logout.dispose()
    }
  }

  /// The same when the `disposeAll()` runs in a listener (a session that logs out on a state
  /// change): its refreshes run when that change ends, and a reset from one does nothing.
  @Test func aResetFromARefreshThatDisposeAllInAListenerCausedDoesNothing() {
    withTestRegistry { registry, _ in
      let watcher = RerenderingScreen()
      _ = watcher.watch(ViewModelSpec<CompatCounter>(key: "w") { CompatCounter() })
      let logout = RerenderingScreen()
      logout.render = { ViewModel.reset() }
      _ = logout.watch(ViewModelSpec<CompatCounter>(key: "s") { CompatCounter() })
      let proxied = ViewModelSpec<CompatCounter>(key: "p") { CompatCounter() }
      registry.setProxy(
        ViewModelSpec<CompatCounter>(key: "p") { MockCompatCounter() }, for: proxied)
      let sessionBinding = ViewModelBinding()
      let session = sessionBinding.watch(
        ViewModelSpec<CompatCounter>(key: "session") { CompatCounter() })
      _ = session.listen { registry.disposeAll() }
      session.increment()
      #expect(logout.updates == 1)
      #expect(watcher.updates == 1)
      let probe = ViewModelBinding()
      #expect(probe.read(proxied) is MockCompatCounter)
      probe.dispose()
      watcher.dispose()
      logout.dispose()
      sessionBinding.dispose()
    }
  }

  /// `InstanceManager.debugReset()` from such a refresh does nothing either: the other screens
  /// still hear that their instances went.
  @available(*, deprecated)
  @Test func aDebugResetFromARefreshThatDisposeAllCausedDoesNothing() {
    withTestRegistry { registry, _ in
      // The watcher's instance is older: disposed last, so the logout screen refreshes first.
      let watcher = RerenderingScreen()
      _ = watcher.watch(ViewModelSpec<CompatCounter>(key: "w") { CompatCounter() })
      let logout = RerenderingScreen()
      logout.render = { InstanceManager.shared.debugReset() }
      _ = logout.watch(ViewModelSpec<CompatCounter>(key: "s") { CompatCounter() })
      registry.disposeAll()
      #expect(logout.updates == 1)
      #expect(watcher.updates == 1)
      watcher.dispose()
      logout.dispose()
    }
  }

  /// Once a `disposeAll()` and its refreshes are over, a reset runs as usual: only one started
  /// meanwhile does nothing.
  @available(*, deprecated)
  @Test func aResetAfterADisposeAllHasEndedRuns() {
    withTestRegistry { registry, _ in
      let proxied = ViewModelSpec<CompatCounter>(key: "p") { CompatCounter() }
      let screen = RerenderingScreen()
      _ = screen.watch(ViewModelSpec<CompatCounter>(key: "s") { CompatCounter() })
      registry.disposeAll()
      #expect(screen.updates == 1)
      let kept = screen.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      InstanceManager.shared.debugReset()
      #expect(kept.isDisposed)
      registry.setProxy(
        ViewModelSpec<CompatCounter>(key: "p") { MockCompatCounter() }, for: proxied)
      ViewModel.reset()
      let probe = ViewModelBinding()
      #expect(!(probe.read(proxied) is MockCompatCounter))
      probe.dispose()
      screen.dispose()
    }
  }

  @Test func aResetInsideAChangeDropsTheRefreshesThatWereDue() {
    withTestRegistry { registry, _ in
      let dependencySpec = ViewModelSpec<CompatCounter>(key: "d") { CompatCounter() }
      // A view model that resets everything when its dependency changes: mid-flush, after the
      // host's refresh for the same change was queued.
      final class Resetting: CompatCounter {
        let dependencySpec: ViewModelSpec<CompatCounter>
        init(_ dependencySpec: ViewModelSpec<CompatCounter>) {
          self.dependencySpec = dependencySpec
        }
        override func onCreate(_ arg: InstanceArg) {
          super.onCreate(arg)
          _ = viewModelBinding.watch(dependencySpec)
        }
        override func onDependencyNotify(_ viewModel: ViewModel) { ViewModel.reset() }
      }
      var updates = 0
      let host = ViewModelBinding(onUpdate: { updates += 1 })
      let dependency = host.watch(dependencySpec)
      let other = ViewModelBinding()
      _ = other.watch(ViewModelSpec(key: "r") { Resetting(dependencySpec) })
      dependency.increment()
      #expect(updates == 0)
      #expect(registry.liveInstanceCount == 0)
      host.dispose()
      other.dispose()
    }
  }

  @Test func aResetInsideAHostsRefreshLeavesTheHostRefreshable() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "c") { CompatCounter() }
      var updates = 0
      var host: ViewModelBinding!
      host = ViewModelBinding(onUpdate: {
        updates += 1
        guard updates == 1 else { return }
        ViewModel.reset()
        // The host resolves again and the fresh instance changes, still inside the flush.
        host.watch(spec).increment()
      })
      host.watch(spec).increment()
      #expect(updates == 2)
      host.watch(spec).increment()
      #expect(updates == 3)
      host.dispose()
      host = nil  // its refresh closure holds this variable
    }
  }

  @available(*, deprecated)
  @Test func debugResetIsReset() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "a", aliveForever: true) { CompatCounter() }
      let counter = ViewModelBinding().read(spec)
      ViewModel.addLifecycle(CompatRecorder())
      ViewModel.debugReset()
      #expect(counter.isDisposed)
      #expect(registry.lifecycles.isEmpty)
    }
  }

  /// `lifecycleEvents`: "each access makes a new stream, which follows the registry until its
  /// consumer stops": replacing the observers (`initialize`, `reset`) replaces those added,
  /// not the streams.
  @Test(arguments: ["reset", "initialize"])
  func aLifecycleEventStreamFollowsTheRegistryAcrossReplacedObservers(_ replacement: String)
    async
  {
    await withAsyncTestRegistry { registry, _ in
      let events = registry.lifecycleEvents
      var kinds: [LifecycleEvent.Kind] = []
      let consumer = Task { @MainActor in
        for await event in events { kinds.append(event.kind) }
      }
      if replacement == "reset" {
        ViewModel.reset()
      } else {
        ViewModel.initialize(config: ViewModelConfig(), lifecycles: [])
      }
      let binding = ViewModelBinding()
      _ = binding.watch(ViewModelSpec(key: "followed") { CompatCounter() })
      binding.dispose()
      // Bounded: a stream that went silent fails the expectation instead of hanging the run.
      let deadline = ContinuousClock.now.advanced(by: .seconds(60))
      while kinds.count < 4, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(1))
      }
      consumer.cancel()
      #expect(kinds == [.create, .bind, .unbind, .dispose])
    }
  }

  @Test func configIsTheCurrentRegistrysAndReadableOffTheMainActor() async {
    await withAsyncTestRegistry { registry, _ in
      #expect(!ViewModel.config.isLoggingEnabled)
      ViewModel.initialize(config: ViewModelConfig(isLoggingEnabled: true, onError: { _, _ in }))
      let offMain = await Task.detached { ViewModel.config.isLoggingEnabled }.value
      // A detached task does not inherit the task-local registry: it sees the default one.
      #expect(!offMain)
      let inherited = await Task { @concurrent in ViewModel.config.isLoggingEnabled }.value
      #expect(inherited)
      #expect(ViewModel.config.errorTap != nil)
      #expect(registry.config.isLoggingEnabled)
    }
  }

  @Test func addLifecycleReturnsARemoverAndRemoveLifecycleRemoves() {
    withTestRegistry { registry, _ in
      let first = CompatRecorder()
      let second = CompatRecorder()
      let remove = ViewModel.addLifecycle(first)
      ViewModel.addLifecycle(second)
      let binding = ViewModelBinding()
      _ = binding.watch(ViewModelSpec<CompatCounter>(key: "a") { CompatCounter() })
      #expect(
        first.events == ["create CompatCounter \(binding.id)", "bind CompatCounter \(binding.id)"])
      remove()
      remove()
      ViewModel.removeLifecycle(second)
      #expect(registry.lifecycles.isEmpty)
      binding.dispose()
      #expect(first.events.count == 2)
      #expect(second.events.count == 2)
    }
  }

  @Test func readCachedFindsByKeyThenTagWithoutHolding() throws {
    try withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      let a = binding.watch(ViewModelSpec<CompatCounter>(key: "a", tag: "t") { CompatCounter() })
      let b = binding.watch(ViewModelSpec<CompatCounter>(key: "b", tag: "t") { CompatCounter() })
      let c = binding.watch(ViewModelSpec<CompatCounter>(key: "c") { CompatCounter() })
      let byKey: CompatCounter = try ViewModel.readCached(key: "a")
      let byTag: CompatCounter = try ViewModel.readCached(tag: "t")
      let newest: CompatCounter = try ViewModel.readCached()
      // A key that exists wins over the tag; a missing key falls back to the tag.
      let keyOverTag: CompatCounter = try ViewModel.readCached(key: "c", tag: "t")
      let fallback: CompatCounter = try ViewModel.readCached(key: "missing", tag: "t")
      #expect(byKey === a)
      #expect(byTag === b)
      #expect(newest === c)
      #expect(keyOverTag === c)
      #expect(fallback === b)
      #expect(a.onBindCalls == 1)
      binding.dispose()
      #expect(a.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func readCachedThrowsNotFoundWithTheWholeMessage() {
    withTestRegistry { _, _ in
      let error = #expect(throws: RegistryError.self) {
        let _: CompatCounter = try ViewModel.readCached(key: "x")
      }
      #expect(
        error?.description == """
          ViewModel.readCached(key: "x") found no CompatCounter.
            Key: "x"   Tag: none   Type: CompatCounter   Registry: test
          Cached lookups never build; an instance must already be held by some binding.
          To fix, resolve the spec with watch(_:) or read(_:) first, or use the maybe form and handle nil.
          """)
    }
  }

  @Test func maybeReadCachedFormsReturnNilOnAMissAndFindPrivateInstancesByTag() throws {
    try withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let tagged = binding.watch(ViewModelSpec<CompatCounter>(tag: "private") { CompatCounter() })
      let keyed = binding.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      let missing: CompatCounter? = ViewModel.maybeReadCached(key: "nope")
      let privateOne: CompatCounter? = ViewModel.maybeReadCached(tag: "private")
      let found: CompatCounter? = ViewModel.maybeReadCached(key: "k")
      let thrownMiss: CompatCounter? = try ViewModel.maybeReadCachedThrowing(key: "nope")
      let thrownFound: CompatCounter? = try ViewModel.maybeReadCachedThrowing(key: "k", tag: nil)
      #expect(missing == nil)
      #expect(privateOne === tagged)
      #expect(found === keyed)
      #expect(thrownMiss == nil)
      #expect(thrownFound === keyed)
    }
  }
}
