import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// AppleViewModel's shape, throwing: a throwing method still satisfies the requirement.
@MainActor
private final class ThrowingShape: ViewModelLifecycle {
  var created = 0
  func onCreate(_ vm: ViewModel, arg: InstanceArg) throws {
    created += 1
    throw CompatFailure()
  }
}

/// Near misses the compiler cannot reject: each is a method of its own, never called.
@MainActor
private final class NearMisses: ViewModelLifecycle {
  var calls = 0
  func onCreate(_ viewModel: ViewModel, args: InstanceArg) { calls += 1 }
  func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingID: String) { calls += 1 }
  func onUnbind(_ viewModel: CompatCounter, arg: InstanceArg, bindingId: String) { calls += 1 }
  func onDispose(_ viewModel: ViewModel, arg: InstanceArg) async { calls += 1 }
}

/// Both shapes on one observer: both are called.
@MainActor
private final class BothShapes: ViewModelLifecycle {
  var lines: [String] = []
  func onCreate(_ event: LifecycleEvent) { lines.append("event \(event.kind)") }
  func onCreate(_ viewModel: ViewModel, arg: InstanceArg) { lines.append("avm create") }
}

@MainActor
@Suite struct LifecycleCompatibilityTests {
  @Test func appleViewModelShapesAreCalledForEveryEventInOrder() {
    withTestRegistry { registry, _ in
      let recorder = CompatRecorder()
      ViewModel.initialize(lifecycles: [recorder])
      let spec = ViewModelSpec<CompatCounter>(key: "k", tag: "t") { CompatCounter() }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let counter = first.watch(spec)
      second.read(spec)
      first.dispose()
      second.dispose()
      #expect(
        recorder.events == [
          "create CompatCounter \(first.id)", "bind CompatCounter \(first.id)",
          "bind CompatCounter \(second.id)", "unbind CompatCounter \(first.id)",
          "unbind CompatCounter \(second.id)", "dispose CompatCounter",
        ])
      // Every hook gets the arg the instance was built with: its bindingId is the creator.
      let built = InstanceArg(key: "k", tag: "t", bindingId: first.id, aliveForever: false)
      #expect(recorder.args.allSatisfy { $0 == built })
      #expect(counter.instanceArg == built)
      #expect(counter.onCreateCalls == 1 && counter.onBindCalls == 2)
      #expect(counter.onUnbindCalls == 2 && counter.onDisposeCalls == 1)
    }
  }

  @Test func aThrowingObserverIsCalledAndItsErrorIsALifecycleError() {
    withTestRegistry { _, reporter in
      let observer = ThrowingShape()
      var kinds: [ErrorType] = []
      ViewModel.initialize(
        config: ViewModelConfig(onError: { _, type in
          MainActor.assumeIsolated { kinds.append(type) }
        }),
        lifecycles: [observer])
      ViewModelBinding().watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      #expect(observer.created == 1)
      #expect(kinds == [.lifecycle])
      #expect(reporter.issues.isEmpty)
    }
  }

  @Test func nearMissShapesCompileButAreNeverCalled() {
    withTestRegistry { _, _ in
      let observer = NearMisses()
      ViewModel.addLifecycle(observer)
      let binding = ViewModelBinding()
      binding.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      binding.dispose()
      #expect(observer.calls == 0)
    }
  }

  // "An observer that implements Registry's shape as well hears that one instead."
  @Test func anObserverWithBothShapesHearsRegistrysShape() {
    withTestRegistry { _, _ in
      let observer = BothShapes()
      ViewModel.addLifecycle(observer)
      ViewModelBinding().watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      #expect(observer.lines == ["event create"])
    }
  }

  @Test func aChildsOnBindSeesItsParentsOwnBinding() {
    withTestRegistry { _, _ in
      let recorder = CompatRecorder()
      ViewModel.addLifecycle(recorder)
      let childSpec = ViewModelSpec<MockCompatCounter>(key: "child") { MockCompatCounter() }
      let parentSpec = ViewModelSpec<CompatCounter>(key: "parent") { CompatCounter() }
      let root = ViewModelBinding()
      let parent = root.watch(parentSpec)
      parent.viewModelBinding.watch(childSpec)
      #expect(recorder.events.last == "bind MockCompatCounter \(parent.viewModelBinding.id)")
    }
  }

  @Test func viewModelIsAnInstanceLifeCycle() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      let instance: any InstanceLifeCycle = counter
      instance.onBind(counter.instanceArg, bindingId: "manual")
      instance.onUnbind(counter.instanceArg, bindingId: "manual")
      #expect(counter.onBindCalls == 2 && counter.onUnbindCalls == 1)
      let hand = CompatCounter()
      (hand as any InstanceLifeCycle).onCreate(InstanceArg(key: "x"))
      (hand as any InstanceLifeCycle).onDispose(InstanceArg(key: "x"))
      #expect(hand.onCreateCalls == 1 && hand.onDisposeCalls == 1)
    }
  }

  @Test func debugLifecycleLoggerLogsEveryEvent() {
    withTestRegistry { _, _ in
      var lines: [String] = []
      let logger = DebugLifecycleLogger { lines.append($0) }
      ViewModel.initialize(config: ViewModelConfig(), lifecycles: [logger])
      let binding = ViewModelBinding(label: "Screen")
      binding.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      binding.dispose()
      #expect(
        lines == [
          "[Registry test] create CompatCounter(key: \"k\") \(binding.id)",
          "[Registry test] bind CompatCounter(key: \"k\") \(binding.id)",
          "[Registry test] unbind CompatCounter(key: \"k\") \(binding.id)",
          "[Registry test] dispose CompatCounter(key: \"k\")",
        ])
    }
  }
}
