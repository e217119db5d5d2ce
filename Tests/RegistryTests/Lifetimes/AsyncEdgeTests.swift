import Registry
import RegistryTesting
import Testing

@MainActor
private final class SelfResolving: ProbeViewModel {
  var dependency: ViewModelSpec<SelfResolving>?
  var caught: (any Error)?

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    guard let dependency else { return }
    do {
      _ = try viewModelBinding.watchThrowing(dependency)
    } catch {
      caught = error
    }
  }
}

@MainActor
private func settleTasks() async {
  for _ in 0..<30 { await Task.yield() }
}

/// Async builds meeting everything else the registry does meanwhile.
@MainActor
@Suite struct AsyncEdgeTests {
  /// An async build whose instance disposes itself in `onCreate`: no binding holds what is
  /// disposed, so its `onBind` never runs ("disposed exactly once", and nothing after).
  @Test func anAsyncInstanceDisposedInItsOnCreateIsNeverBound() async {
    let registry = ViewModelRegistry(name: "self-disposing")
    let log = EventLog()
    final class SelfDisposing: ProbeViewModel {
      override func onCreate(_ arg: InstanceArg) {
        super.onCreate(arg)
        dispose()
      }
    }
    let binding = ViewModelBinding(registry: registry)
    _ = try? await binding.watchAsync(AsyncViewModelSpec(key: "s") { SelfDisposing("s", log: log) })
    #expect(log.events(startingWith: "bind").isEmpty)
    #expect(log.events(startingWith: "dispose").count == 1)
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
  }

  /// The async forms are throwing forms: an instance that disposed itself in its `onCreate`
  /// makes them throw ``RegistryError/disposedDuringResolution(operation:type:key:)``, as
  /// `watchThrowing(_:)` does.
  @Test func anAsyncInstanceDisposedInItsOnCreateIsThrown() async {
    let registry = ViewModelRegistry(name: "self-disposing")
    final class SelfDisposing: ProbeViewModel {
      override func onCreate(_ arg: InstanceArg) {
        super.onCreate(arg)
        dispose()
      }
    }
    let binding = ViewModelBinding(registry: registry)
    await #expect(
      throws: RegistryError.disposedDuringResolution(
        operation: "watchAsync(_:)", type: "SelfDisposing", key: #""s""#)
    ) {
      try await binding.watchAsync(
        AsyncViewModelSpec(key: "s") { SelfDisposing("s", log: EventLog()) })
    }
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
  }

  @Test func completionOntoAPooledInstanceKeepsItInThePoolOnce() async {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let asyncSpec = AsyncViewModelSpec(key: 1) { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("async", log: EventLog())
    }
    let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
      builder: { ProbeViewModel("row\($0)", log: EventLog()) }, keepReleased: 2)
    let waiter = ViewModelBinding(registry: registry)
    let waiting = Task { try? await waiter.watchAsync(asyncSpec) }
    await gate.untilWaiting()
    let list = ViewModelBinding(registry: registry)
    let row1 = list.watch(rows(1))
    list.unbind(row1)
    waiter.dispose()
    gate.open()
    _ = await waiting.value
    let user = ViewModelBinding(registry: registry)
    #expect(user.watch(rows(1)) === row1)
    let row2 = list.watch(rows(2))
    let row3 = list.watch(rows(3))
    list.unbind(row2)
    list.unbind(row3)
    #expect(!row1.isDisposed)
    user.dispose()
    list.dispose()
    registry.disposeAll()
  }

  /// One binding reading one async build twice at once holds it once, without watching it:
  /// its changes refresh nobody until the binding watches it, and then refresh it.
  @Test func twoReadsOfOneAsyncBuildThroughOneBindingLeaveItToBeWatchedLater() async throws {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let asyncSpec = AsyncViewModelSpec(key: "shared") { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("async", log: EventLog())
    }
    var refreshes = 0
    let binding = ViewModelBinding(registry: registry, onUpdate: { refreshes += 1 })
    let first = Task { try await binding.readAsync(asyncSpec) }
    let second = Task { try await binding.readAsync(asyncSpec) }
    await gate.untilWaiting()
    gate.open()
    let model = try await first.value
    #expect(try await second.value === model)
    model.set(1)
    #expect(refreshes == 0)
    #expect(try await binding.watchAsync(asyncSpec) === model)
    model.set(2)
    #expect(refreshes == 1)
    binding.dispose()
    #expect(model.isDisposed)
    registry.disposeAll()
  }

  @Test func waiterWhoseBindingIsDisposedGetsAnError() async {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let spec = AsyncViewModelSpec(key: "db") { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("db", log: EventLog())
    }
    let binding = ViewModelBinding(registry: registry)
    let waiting = Task { try await binding.watchAsync(spec) }
    await gate.untilWaiting()
    binding.dispose()
    gate.open()
    switch await waiting.result {
    case .success(let model): Issue.record("got an instance (disposed: \(model.isDisposed))")
    case .failure(let error): #expect(error is RegistryError)
    }
    #expect(registry.liveInstanceCount == 0)
  }

  /// A binding disposed while it waits for its async build gets what a synchronous resolution
  /// gets when its binding is disposed while it builds: `bindingDisposedWhileBuilding`, named
  /// by the call that waited, and what was built for it goes too, `aliveForever` or not.
  @Test(arguments: [false, true])
  func aBindingDisposedWhileItWaitsLetsGoOfWhatWasBuiltForIt(watching: Bool) async {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    var built: ProbeViewModel?
    let log = EventLog()
    let spec = AsyncViewModelSpec(key: "db", aliveForever: true) { () async -> ProbeViewModel in
      await gate.wait()
      let model = ProbeViewModel("db", log: log)
      built = model
      return model
    }
    let binding = ViewModelBinding(registry: registry)
    let waiting = Task {
      watching ? try await binding.watchAsync(spec) : try await binding.readAsync(spec)
    }
    await gate.untilWaiting()
    binding.dispose()
    gate.open()
    let operation = watching ? "watchAsync(_:)" : "readAsync(_:)"
    switch await waiting.result {
    case .success(let model): Issue.record("got an instance (disposed: \(model.isDisposed))")
    case .failure(let error):
      #expect(
        error as? RegistryError
          == .bindingDisposedWhileBuilding(
            operation: operation, binding: binding.id, type: "ProbeViewModel", key: "\"db\""))
    }
    #expect(built?.isDisposed == true)
    // Disposed as any instance is: `onDispose`, then the `dispose()` override.
    #expect(log.events.suffix(2) == ["onDispose db", "dispose db"])
    #expect(registry.liveInstanceCount == 0)
  }

  /// The builder itself disposes the binding that waits for it: the same outcome.
  @Test func anAsyncBuilderThatDisposesItsBindingLeavesNothingAlive() async {
    let registry = ViewModelRegistry(name: "async")
    let binding = ViewModelBinding(registry: registry)
    var built: ProbeViewModel?
    let spec = AsyncViewModelSpec(key: "self", aliveForever: true) {
      () async -> ProbeViewModel in
      await Task.yield()
      binding.dispose()
      let model = ProbeViewModel("self", log: EventLog())
      built = model
      return model
    }
    await #expect(throws: RegistryError.self) { _ = try await binding.watchAsync(spec) }
    #expect(built?.isDisposed == true)
    #expect(registry.liveInstanceCount == 0)
  }

  /// Another binding that waits for the same build keeps it: only a build held by nobody goes.
  @Test func anAsyncBuildAnotherWaiterHoldsOutlivesADisposedOne() async throws {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let spec = AsyncViewModelSpec(key: "two", aliveForever: true) { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("two", log: EventLog())
    }
    let gone = ViewModelBinding(registry: registry)
    let kept = ViewModelBinding(registry: registry)
    let first = Task { try await gone.watchAsync(spec) }
    await gate.untilWaiting()
    var joined = false
    // On the main actor, the task runs on from the flag into the build's list of waiters
    // before anything else runs.
    let second = Task {
      joined = true
      return try await kept.watchAsync(spec)
    }
    await eventually { joined }
    gone.dispose()
    gate.open()
    await #expect(throws: RegistryError.self) { _ = try await first.value }
    let model = try await second.value
    #expect(!model.isDisposed)
    #expect(registry.liveInstanceCount == 1)
    kept.dispose()
    registry.disposeAll()
  }

  @Test func resetAbandonsABuildInFlight() async {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let spec = AsyncViewModelSpec(key: "session", tag: "account", aliveForever: true) {
      () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("old-account", log: EventLog())
    }
    let binding = ViewModelBinding(registry: registry)
    let waiting = Task { try await binding.watchAsync(spec) }
    await gate.untilWaiting()
    registry.reset(tag: "account")
    gate.open()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(registry.liveInstanceCount == 0)
    binding.dispose()
  }

  /// ViewModel: an instance an async build returns after the build was given up "gets no
  /// `onCreate` and no `onBind`, and lifecycle observers are told nothing, but its disposal
  /// runs all the same": for a reset, and for every caller cancelled.
  @Test(arguments: ["reset", "cancelled"])
  func anInstanceReturnedAfterTheBuildWasGivenUpIsOnlyDisposed(_ ending: String) async {
    let registry = ViewModelRegistry(name: "async")
    let recorder = RecordingLifecycle()
    registry.addLifecycle(recorder)
    let gate = AsyncGate()
    let log = EventLog()
    let spec = AsyncViewModelSpec(key: "late", tag: "account") { () async -> ProbeViewModel in
      await gate.wait()
      return ProbeViewModel("late", log: log)
    }
    let binding = ViewModelBinding(registry: registry)
    let waiting = Task { try await binding.watchAsync(spec) }
    await gate.untilWaiting()
    if ending == "reset" { registry.reset(tag: "account") } else { waiting.cancel() }
    _ = await waiting.result
    gate.open()
    await eventually { log.events.count == 2 }
    #expect(log.events == ["onDispose late", "dispose late"])
    #expect(recorder.events.isEmpty)
    #expect(registry.liveInstanceCount == 0)
    binding.dispose()
  }

  @Test func resetAndDisposeAllReleaseTheirCallersBeforeTheBuilderReturns() async {
    for useReset in [true, false] {
      let registry = ViewModelRegistry(name: "async")
      // The builder waits on something that ignores cancellation.
      let gate = AsyncGate()
      let spec = AsyncViewModelSpec(key: "session", tag: "account") { () async -> ProbeViewModel in
        await gate.wait()
        return ProbeViewModel("late", log: EventLog())
      }
      let binding = ViewModelBinding(registry: registry)
      let waiting = Task { try await binding.watchAsync(spec) }
      await gate.untilWaiting()
      if useReset { registry.reset(tag: "account") } else { registry.disposeAll() }
      // The caller is free while the builder still waits.
      await #expect(throws: CancellationError.self) { try await waiting.value }
      gate.open()
      await settleTasks()
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// How an async build can end with an instance nobody will register.
  enum UnwantedBuild: CaseIterable {
    case resetMeanwhile, everyCallerCancelled, keyTakenBySyncSpec
  }

  @Test(arguments: UnwantedBuild.allCases)
  func anInstanceAnAsyncBuilderReturnsForNobodyIsDisposed(_ ending: UnwantedBuild) async {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let log = EventLog()
    var closed = 0
    let spec = AsyncViewModelSpec(key: "db", tag: "account") { () async -> ProbeViewModel in
      // What the builder opens before it waits, and must be closed if nobody takes it.
      let model = ProbeViewModel("connection", log: log)
      model.addDispose { closed += 1 }
      await gate.wait()
      return model
    }
    let binding = ViewModelBinding(registry: registry)
    let waiting = Task { try await binding.watchAsync(spec) }
    await gate.untilWaiting()
    switch ending {
    case .resetMeanwhile: registry.reset(tag: "account")
    case .everyCallerCancelled: waiting.cancel()
    case .keyTakenBySyncSpec:
      _ = binding.watch(ViewModelSpec(key: "db") { ProbeViewModel("sync", log: log) })
    }
    gate.open()
    _ = await waiting.result
    await settleTasks()
    #expect(closed == 1)
    #expect(log.events.filter { $0 == "onDispose connection" }.count == 1)
    #expect(!log.events.contains("create connection"))
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
  }

  /// "When nobody waits for a build any more, [it is cancelled]; a later caller starts a fresh
  /// one" — it does not join the cancelled build.
  @Test func aCallerAfterEveryEarlierOneWasCancelledStartsAFreshBuild() async throws {
    let registry = ViewModelRegistry(name: "async")
    let first = AsyncGate()
    let second = AsyncGate()
    var builds = 0
    let spec = AsyncViewModelSpec(key: "k") { () async throws -> ProbeViewModel in
      builds += 1
      let build = builds
      await (build == 1 ? first : second).wait()
      try Task.checkCancellation()
      return ProbeViewModel("build \(build)", log: EventLog())
    }
    let binding = ViewModelBinding(registry: registry)
    let cancelled = Task { try await binding.watchAsync(spec) }
    await first.untilWaiting()
    cancelled.cancel()
    _ = await cancelled.result
    let later = Task { try await binding.watchAsync(spec) }
    await second.untilWaiting()
    #expect(builds == 2)
    second.open()
    first.open()
    let instance = try await later.value
    #expect(instance.name == "build 2")
    await settleTasks()
    #expect(registry.liveInstanceCount == 1)
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
  }

  @Test func aResetInsideAnAsyncInstancesOnCreateAbandonsIt() async {
    let registry = ViewModelRegistry(name: "async")
    final class Resetting: ProbeViewModel {
      override func onCreate(_ arg: InstanceArg) {
        super.onCreate(arg)
        ViewModelRegistry.current.reset(tag: "account")
      }
    }
    let log = EventLog()
    let spec = AsyncViewModelSpec(key: "session", tag: "account") { () async -> ProbeViewModel in
      Resetting("session", log: log)
    }
    let binding = ViewModelBinding(registry: registry)
    await #expect(throws: CancellationError.self) { _ = try await binding.watchAsync(spec) }
    #expect(log.events(startingWith: "dispose") == ["dispose session"])
    #expect(registry.liveInstanceCount == 0)
    binding.dispose()
  }

  @Test func asyncBuildThatWaitsForItselfIsACycle() async {
    let registry = ViewModelRegistry(name: "async")
    let outer = ViewModelBinding(registry: registry)
    let inner = ViewModelBinding(registry: registry)
    let box = Box<AsyncViewModelSpec<ProbeViewModel>?>(nil)
    let a = AsyncViewModelSpec(key: "a") { () async throws -> ProbeViewModel in
      _ = try await inner.readAsync(box.value!)
      return ProbeViewModel("a", log: EventLog())
    }
    box.value = AsyncViewModelSpec(key: "b") { () async throws -> ProbeViewModel in
      _ = try await inner.readAsync(a)
      return ProbeViewModel("b", log: EventLog())
    }
    await #expect(
      throws: RegistryError.cycle(chain: [
        "ProbeViewModel(key: \"a\")", "ProbeViewModel(key: \"b\")", "ProbeViewModel(key: \"a\")",
      ])
    ) { try await outer.watchAsync(a) }
    #expect(registry.liveInstanceCount == 0)
    box.value = nil
    outer.dispose()
    inner.dispose()
  }

  @Test func asyncOnCreateNeedingItsOwnIdentityIsACycle() async throws {
    let registry = ViewModelRegistry(name: "async")
    let syncTwin = ViewModelSpec(key: "k") { SelfResolving("sync", log: EventLog()) }
    let spec = AsyncViewModelSpec(key: "k") { () async -> SelfResolving in
      let model = SelfResolving("async", log: EventLog())
      model.dependency = syncTwin
      return model
    }
    let binding = ViewModelBinding(registry: registry)
    let model = try await binding.watchAsync(spec)
    #expect(model.caught is RegistryError)
    let live = registry.liveViewModels().compactMap { ($0 as? ProbeViewModel)?.name }
    #expect(live == ["async"])
    binding.dispose()
  }
}
