import Observation
import Registry
import RegistryTesting
import Testing

/// A state view model whose listeners write into one log.
@MainActor
private final class ListenedCounter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

/// Orders the documentation states, each checked in the form it is written and in the form a
/// reversed comparison or a moved call would break.
@MainActor
@Suite struct OrderPromiseTests {
  /// StateViewModel.setState(_:): "State listeners run first with `(previous, new)`, then the
  /// plain listeners". The plain listener is added first, so an order by registration alone
  /// would run it first.
  @Test func stateListenersRunBeforePlainListenersWhateverOrderTheyWereAddedIn() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { ListenedCounter() })
      var heard: [String] = []
      let stopPlain = counter.listen { heard.append("plain") }
      let stopState = counter.listenState { previous, new in
        heard.append("state \(previous.map(String.init) ?? "nil")→\(new)")
      }
      counter.setState(1)
      counter.setState(2)
      #expect(heard == ["state 0→1", "plain", "state 1→2", "plain"])
      stopPlain()
      stopState()
      binding.dispose()
    }
  }

  /// ViewModel.listen(onChanged:) and ListenerList: listeners run in the order they were added,
  /// state listeners among themselves too.
  @Test func listenersOfOneKindRunInTheOrderTheyWereAdded() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { ListenedCounter() })
      var heard: [String] = []
      let stops = [
        counter.listen { heard.append("plain 1") },
        counter.listenState { _, _ in heard.append("state 1") },
        counter.listen { heard.append("plain 2") },
        counter.listenState { _, _ in heard.append("state 2") },
        counter.listen { heard.append("plain 3") },
      ]
      counter.setState(1)
      #expect(heard == ["state 1", "state 2", "plain 1", "plain 2", "plain 3"])
      for stop in stops { stop() }
      binding.dispose()
    }
  }

  /// ChangeBatch: "View models' bindings are refreshed lowest first (a view model is higher
  /// than everything it watches), then in the order they became dirty". Two view models at the
  /// same height watch one dependency; the one that started watching first is marked dirty
  /// first, so it is told first.
  @Test(arguments: [["x", "y"], ["y", "x"], ["x", "y", "z"], ["z", "x", "y"]])
  func viewModelsAtOneHeightAreRefreshedInTheOrderTheyBecameDirty(_ order: [String]) {
    withRegistry { _ in
      let log = EventLog()
      let shared = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
      let binding = ViewModelBinding()
      let followers = order.map { name in
        binding.read(
          ViewModelSpec(key: name) { FollowerProbe(name, log: log, following: shared) })
      }
      let dependency = binding.read(shared)
      log.removeAll()
      dependency.set(1)
      #expect(log.events(startingWith: "notified") == order.map { "notified \($0)" })
      #expect(followers.count == order.count)
      binding.dispose()
    }
  }

  /// Architecture, the order of a disposal: "every holder lets go of it, each told through
  /// `onUnbind` … then lifecycle observers hear `dispose`"; ViewModelLifecycle: "`unbind` [is]
  /// told after the instance's own … `onUnbind`; `dispose` is told as disposal starts". A
  /// disposal from outside, with two holders, tells each holder's unbind before the dispose.
  @Test func aDisposalTellsObserversOfEachHoldersUnbindBeforeTheDispose() {
    withRegistry { registry in
      let recorder = RecordingLifecycle()
      registry.addLifecycle(recorder)
      let log = EventLog()
      let first = ViewModelBinding(label: "First")
      let second = ViewModelBinding(label: "Second")
      let model = first.watch(ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) })
      _ = second.read(ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) })
      recorder.removeAll()
      registry.dispose(model)
      #expect(
        recorder.lines == [
          "unbind ProbeViewModel(key: \"m\") \(first.id)",
          "unbind ProbeViewModel(key: \"m\") \(second.id)",
          "dispose ProbeViewModel(key: \"m\")",
        ])
      #expect(
        log.events.filter { !$0.hasPrefix("create") && !$0.hasPrefix("bind") } == [
          "unbind m \(first.id)", "unbind m \(second.id)", "onDispose m", "dispose m",
        ])
      first.dispose()
      second.dispose()
    }
  }

  /// Architecture: "A binding's disposal releases what it holds newest first, so dependents go
  /// before what they depend on."
  @Test(arguments: [2, 3, 5])
  func aBindingsDisposalReleasesWhatItHoldsNewestFirst(_ count: Int) {
    withRegistry { _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      for index in 1...count {
        _ = binding.watch(ViewModelSpec(key: index) { ProbeViewModel("m\(index)", log: log) })
      }
      binding.dispose()
      #expect(
        log.events(startingWith: "dispose") == (1...count).reversed().map { "dispose m\($0)" })
    }
  }

  /// Architecture, "Changes": "A change — `notifyListeners`, `update`, `setState` — first tells
  /// Observation and Combine …, then runs the listeners and marks every watching binding
  /// dirty". Each of the three, seen from a listener: Observation has heard of it already.
  @Test(arguments: ["notifyListeners", "update", "setState"])
  func aChangeTellsObservationBeforeItRunsTheListeners(_ change: String) {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { ListenedCounter() })
      var heard: [String] = []
      withObservationTracking {
        _ = counter.state
      } onChange: {
        MainActor.assumeIsolated { heard.append("observation") }
      }
      let stop = counter.listen { heard.append("listener") }
      switch change {
      case "notifyListeners": counter.notifyListeners()
      case "update": counter.update {}
      default: counter.setState(1)
      }
      #expect(heard == ["observation", "listener"])
      stop()
      binding.dispose()
    }
  }

  /// Architecture, "One front door": "the instance is findable only once `onCreate` has
  /// returned"; ViewModel.onCreate(_:): "Called once, right after the builder, before any
  /// binding holds the instance."
  @Test func anInstanceIsNotFindableWhileItsOnCreateRuns() {
    withRegistry { registry in
      final class Looking: ProbeViewModel {
        var foundWhileCreating: ViewModel?
        var holdersWhileCreating = -1
        override func onCreate(_ arg: InstanceArg) {
          super.onCreate(arg)
          let other = ViewModelBinding()
          foundWhileCreating = other.maybeReadCached(key: "looking") as Looking?
          other.dispose()
          holdersWhileCreating = ViewModelRegistry.current.snapshot().instances.count
        }
      }
      let binding = ViewModelBinding()
      let model = binding.watch(
        ViewModelSpec(key: "looking") { Looking("looking", log: EventLog()) })
      #expect(model.foundWhileCreating == nil)
      #expect(model.holdersWhileCreating == 0)
      #expect(registry.liveInstanceCount == 1)
      #expect(model.log.events.first == "create looking")
      binding.dispose()
    }
  }

  /// Architecture, "Changes": "refreshes the bindings owned by view models first (which
  /// notifies their watchers in turn) and hosts last, each once". A host that watches a
  /// dependency and a view model derived from it is refreshed once, after the view model was
  /// told, so it sees the derived value already updated.
  @Test func aHostIsRefreshedOnceAfterTheViewModelsTheChangeReached() {
    withRegistry { _ in
      let log = EventLog()
      let shared = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
      let derived = ViewModelSpec(key: "derived") {
        FollowerProbe("derived", log: log, following: shared)
      }
      let host = ViewModelBinding(label: "Host") { log.append("host refresh") }
      let dependency = host.watch(shared)
      _ = host.watch(derived)
      log.removeAll()
      dependency.set(1)
      #expect(log.events == ["notified derived", "host refresh"])
      host.dispose()
    }
  }

  /// InstanceArg: "`bindingId` is the binding the hook is about: the one that caused the build
  /// in ``ViewModel/onCreate(_:)``". An async build that a second caller joined was caused by
  /// the first; both are told through `onBind`, the first first.
  @Test func anAsyncBuildTwoCallersShareTellsOnCreateTheCallerThatStartedIt() async throws {
    try await withRegistry { registry in
      let gate = AsyncGate()
      let log = EventLog()
      let spec = AsyncViewModelSpec(key: "shared") { () async -> ProbeViewModel in
        await gate.wait()
        return ProbeViewModel("shared", log: log)
      }
      let first = ViewModelBinding(label: "First")
      let second = ViewModelBinding(label: "Second")
      let started = Task { try await first.watchAsync(spec) }
      await gate.untilWaiting()
      let joined = Task { try await second.watchAsync(spec) }
      for _ in 0..<20 { await Task.yield() }
      gate.open()
      let model = try await started.value
      #expect(try await joined.value === model)
      #expect(model.createArg?.bindingId == first.id)
      #expect(
        log.events(startingWith: "bind") == ["bind shared \(first.id)", "bind shared \(second.id)"])
      #expect(
        registry.snapshot().instances.first?.holders.map(\.bindingId) == [first.id, second.id])
      first.dispose()
      second.dispose()
    }
  }

  /// The package interface the compatibility module builds on: `addDisposeHook(_:)` "Adds
  /// cleanup to run when the binding is disposed", and the disposal "Takes every cleanup, in the
  /// order it was added" (BindingCore).
  @Test func aBindingsDisposeHooksRunOnceInTheOrderTheyWereAdded() {
    withRegistry { _ in
      var ran: [Int] = []
      let binding = ViewModelBinding()
      for index in 1...5 { binding.addDisposeHook { ran.append(index) } }
      let removed = binding.addDisposeHook { ran.append(0) }
      binding.removeDisposeHook(removed)
      binding.dispose()
      binding.dispose()
      #expect(ran == [1, 2, 3, 4, 5])
    }
  }

  /// Architecture: "View models go lowest first: the store keeps each one's height above
  /// everything it watches, so in a diamond a view model is told once, after what it reads has
  /// been updated." Also when it came to watch a dependency it only read before: `top` watches
  /// `shared`, reads `middle`, then watches it; `middle` watches `shared`. A change of `shared`
  /// tells `middle`, then `top`, once.
  @Test func aViewModelThatCameToWatchWhatItReadIsToldAfterItOnce() {
    withRegistry { _ in
      let log = EventLog()
      let shared = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
      let middle = ViewModelSpec<ProbeViewModel>(key: "middle") {
        FollowerProbe("middle", log: log, following: shared)
      }
      let top = ViewModelSpec(key: "top") {
        ReadThenWatch(log: log, first: shared, then: middle)
      }
      let binding = ViewModelBinding()
      _ = binding.read(top)
      let dependency = binding.read(shared)
      log.removeAll()
      dependency.set(1)
      #expect(log.events(startingWith: "notified") == ["notified middle", "notified top"])
      binding.dispose()
    }
  }

  /// ChangeBatch: lowest first, whatever the order they became dirty in. `high` watches the
  /// shared instance before `low` does, so it is marked dirty first, and is still told after
  /// `low`, which it also watches.
  @Test func aHigherViewModelIsRefreshedAfterALowerOneThatBecameDirtyLater() {
    withRegistry { _ in
      let log = EventLog()
      let shared = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
      let low = ViewModelSpec<ProbeViewModel>(key: "low") {
        FollowerProbe("low", log: log, following: shared)
      }
      let high = ViewModelSpec(key: "high") { High(log: log, first: shared, then: low) }
      let binding = ViewModelBinding()
      _ = binding.read(high)
      let dependency = binding.read(shared)
      log.removeAll()
      dependency.set(1)
      #expect(log.events(startingWith: "notified") == ["notified low", "notified high"])
      binding.dispose()
    }
  }
}

/// A view model that watches two dependencies, in order, and logs when it is told of a change.
@MainActor
private final class High: ProbeViewModel {
  let first: ViewModelSpec<ProbeViewModel>
  let second: ViewModelSpec<ProbeViewModel>

  init(
    log: EventLog, first: ViewModelSpec<ProbeViewModel>, then second: ViewModelSpec<ProbeViewModel>
  ) {
    self.first = first
    self.second = second
    super.init("high", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    _ = viewModelBinding.watch(first)
    _ = viewModelBinding.watch(second)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    log.append("notified high")
  }
}

/// A view model that watches one dependency, reads a second, then watches the second too.
@MainActor
private final class ReadThenWatch: ProbeViewModel {
  let first: ViewModelSpec<ProbeViewModel>
  let second: ViewModelSpec<ProbeViewModel>

  init(
    log: EventLog, first: ViewModelSpec<ProbeViewModel>, then second: ViewModelSpec<ProbeViewModel>
  ) {
    self.first = first
    self.second = second
    super.init("top", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    _ = viewModelBinding.watch(first)
    _ = viewModelBinding.read(second)
    _ = viewModelBinding.watch(second)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    log.append("notified top")
  }
}
