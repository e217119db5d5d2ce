import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct GracePeriodTests {
  @Test func reacquiredWithinTheDelayComesBackWithoutNewHooks() {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let log = EventLog()
      let spec = ViewModelSpec(key: "feed", disposeDelay: .seconds(5)) {
        ProbeViewModel("feed", log: log)
      }
      let first = ViewModelBinding()
      let model = first.watch(spec)
      first.dispose()
      #expect(!model.isDisposed)
      #expect(registry.snapshot().instances.first?.isAwaitingDisposal == true)
      clock.advance(by: .seconds(4))
      let second = ViewModelBinding()
      #expect(second.watch(spec) === model)
      clock.advance(by: .seconds(10))
      #expect(!model.isDisposed)
      #expect(log.events(startingWith: "create").count == 1)
      #expect(log.events(startingWith: "onDispose").isEmpty)
      second.dispose()
      clock.advance(by: .seconds(5))
      #expect(model.isDisposed)
      #expect(log.events(startingWith: "dispose") == ["dispose feed"])
      #expect(clock.pendingCount == 0)
    }
  }

  @Test func disposedOnceTheDelayPasses() {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let spec = ViewModelSpec(key: "k", disposeDelay: .milliseconds(300)) {
        ProbeViewModel("p", log: EventLog())
      }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      binding.dispose()
      clock.advance(by: .milliseconds(299))
      #expect(!model.isDisposed)
      #expect(registry.snapshot().releasable.isEmpty)
      clock.advance(by: .milliseconds(1))
      #expect(model.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// SpecsAndKeys: two specs that name one instance share it, and "it lives by the spec that
  /// built it"; what the other spec says applies to one it builds, once the first is gone.
  @Test func twoSpecsOfOneInstanceLiveByTheSpecThatBuiltIt() {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let log = EventLog()
      let delayed = ViewModelSpec(key: "k", disposeDelay: .seconds(5)) {
        ProbeViewModel("delayed", log: log)
      }
      let immediate = ViewModelSpec(key: "k") { ProbeViewModel("immediate", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let model = first.watch(delayed)
      #expect(second.watch(immediate) === model)
      first.dispose()
      second.dispose()
      // The builder's grace period applies, though the last to let go named no delay.
      #expect(!model.isDisposed)
      clock.advance(by: .seconds(5))
      #expect(model.isDisposed)
      // Built by the other spec, the next one is disposed at once.
      let third = ViewModelBinding()
      let next = third.watch(immediate)
      #expect(next.name == "immediate")
      third.dispose()
      #expect(next.isDisposed)
    }
  }

  @Test func privateInstanceIsDisposedAtOnceDespiteADelay() {
    withTestRegistry { registry, _ in
      registry.clock = ManualClock()
      let spec = ViewModelSpec(disposeDelay: .seconds(5)) { ProbeViewModel("p", log: EventLog()) }
      let binding = ViewModelBinding()
      let first = binding.watch(spec)
      binding.unbind(first)
      // Only this binding could find it again, and it let go: nothing to keep it for.
      #expect(first.isDisposed)
      #expect(binding.watch(spec) !== first)
      #expect(registry.liveInstanceCount == 1)
    }
  }

  @Test func disposeAllCancelsThePendingDisposal() {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let log = EventLog()
      let spec = ViewModelSpec(key: "k", disposeDelay: .seconds(1)) {
        ProbeViewModel("k", log: log)
      }
      let binding = ViewModelBinding()
      _ = binding.watch(spec)
      binding.dispose()
      registry.disposeAll()
      clock.advance(by: .seconds(2))
      #expect(log.events(startingWith: "dispose") == ["dispose k"])
      #expect(clock.pendingCount == 0)
    }
  }

  @Test func systemClockDisposesAfterTheDelay() async throws {
    let registry = ViewModelRegistry(name: "clock")
    let spec = ViewModelSpec(key: "k", disposeDelay: .milliseconds(10)) {
      ProbeViewModel("k", log: EventLog())
    }
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(spec)
    binding.dispose()
    #expect(!model.isDisposed)
    // Polled until a generous deadline, not a count of sleeps: a loaded machine (a sanitizer
    // run beside other builds) can take far longer than the delay to run the disposal.
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while !model.isDisposed, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(model.isDisposed)
  }

  /// `SystemRegistryClock.schedule(after:_:)`: "cancelling cancels the task": an action
  /// cancelled before its delay ends never runs, while one left alone beside it does.
  @Test func aCancelledActionOfTheSystemClockNeverRuns() async throws {
    let clock = SystemRegistryClock()
    var ran: [String] = []
    let cancel = clock.schedule(after: .milliseconds(10)) { ran.append("cancelled") }
    _ = clock.schedule(after: .milliseconds(20)) { ran.append("kept") }
    cancel()
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while ran.isEmpty, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // One more delay's worth, so that the cancelled one, had it been waiting, would be due.
    try await Task.sleep(for: .milliseconds(20))
    #expect(ran == ["kept"])
  }

  @Test func aHugeGracePeriodWithTheSystemClockNeverEndsAndNeverTraps() async {
    let registry = ViewModelRegistry(name: "grace")
    let spec = ViewModelSpec(key: "cache", disposeDelay: .seconds(Int64.max)) {
      ProbeViewModel("cache", log: EventLog())
    }
    let first = ViewModelBinding(registry: registry)
    let cache = first.watch(spec)
    first.dispose()
    for _ in 0..<20 { await Task.yield() }
    #expect(!cache.isDisposed)
    let second = ViewModelBinding(registry: registry)
    #expect(second.watch(spec) === cache)
    second.dispose()
    registry.disposeAll()
    #expect(cache.isDisposed)
  }
}

/// A clock that records, for each scheduled action, whether it ran and how often it was
/// cancelled.
@MainActor
private final class AuditingClock: RegistryClock {
  private(set) var now: Duration = .zero
  private var actions: [Int: () -> Void] = [:]
  private(set) var ran: Set<Int> = []
  private(set) var cancels: [Int: Int] = [:]
  private(set) var cancelsAfterRunning = 0
  private var scheduled = 0

  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> () -> Void {
    scheduled += 1
    let id = scheduled
    actions[id] = action
    return { [self] in cancel(id) }
  }

  private func cancel(_ id: Int) {
    cancels[id, default: 0] += 1
    if ran.contains(id) { cancelsAfterRunning += 1 }
    actions[id] = nil
  }

  /// Runs every action still pending.
  func runAll() {
    let pending = actions
    actions.removeAll()
    for (id, action) in pending.sorted(by: { $0.key < $1.key }) {
      ran.insert(id)
      action()
    }
  }
}

/// A clock whose cancel closures each keep an object alive, so a test can see when the registry
/// lets go of one.
@MainActor
private final class KeepingClock: RegistryClock {
  final class Kept {}
  private(set) var now: Duration = .zero
  weak var lastKept: Kept?

  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> () -> Void {
    let kept = Kept()
    lastKept = kept
    return { _ = kept }
  }
}

/// RegistryClock: the closure `schedule` returns is called "at most once, and never after the
/// action has run".
@MainActor
@Suite struct GraceCancellationTests {
  @Test func aGracePeriodCancelledByAReacquireIsNotCancelledAgainAtDisposal() {
    withTestRegistry { registry, _ in
      let clock = AuditingClock()
      registry.clock = clock
      let spec = ViewModelSpec(key: "feed", disposeDelay: .seconds(5)) {
        ProbeViewModel("feed", log: EventLog())
      }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      binding.unbind(model)
      #expect(binding.watch(spec) === model)
      #expect(clock.cancels == [1: 1])
      registry.dispose(model)
      #expect(clock.cancels == [1: 1])
      binding.dispose()
    }
  }

  /// "No leaks": an instance disposed while it waits out a grace period lets go of the way to
  /// cancel it, even while something still holds the instance.
  @Test func anInstanceDisposedDuringItsGracePeriodKeepsNothingOfIt() {
    withTestRegistry { registry, _ in
      let clock = KeepingClock()
      registry.clock = clock
      let spec = ViewModelSpec(key: "feed", disposeDelay: .seconds(5)) {
        ProbeViewModel("feed", log: EventLog())
      }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      binding.unbind(model)
      #expect(clock.lastKept != nil)
      registry.dispose(model)
      #expect(model.isDisposed)
      #expect(clock.lastKept == nil)
      binding.dispose()
    }
  }

  @Test func aGracePeriodThatRanIsNotCancelledWhenItsPooledInstanceIsDisposed() {
    withTestRegistry { registry, _ in
      let clock = AuditingClock()
      registry.clock = clock
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: EventLog()) }, disposeDelay: .seconds(1),
        keepReleased: 2)
      let binding = ViewModelBinding()
      let row = binding.watch(rows(1))
      binding.unbind(row)
      clock.runAll()
      // Its grace period is over: it waits in the family's pool.
      #expect(!row.isDisposed && registry.liveInstanceCount == 1)
      registry.disposeAll()
      #expect(row.isDisposed)
      #expect(clock.cancelsAfterRunning == 0)
      #expect(clock.cancels.isEmpty)
    }
  }
}
