import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct LeakCheckTests {
  @Test func leakCheckNamesTheInstanceAndItsHolder() {
    let registry = ViewModelRegistry(name: "leaks")
    let line = #line + 1
    let binding = ViewModelBinding(registry: registry, label: "Screen")
    _ = binding.watch(leakySpec)
    let message = leakMessage(for: registry.snapshot())
    #expect(
      message == """
        1 instance outlived the scope in registry "leaks".
          LeakyViewModel(key: "leaky") — held by \(binding.id) (created at RegistryTestingTests/LeakCheckTests.swift:\(line))
        An instance that is not aliveForever is disposed when its last holder lets go; these still have holders.
        To fix, dispose the bindings listed (or let them go out of scope), or mark the spec aliveForever if it is meant to outlive them.
        """)
    binding.dispose()
    #expect(leakMessage(for: registry.snapshot()) == nil)
  }

  @Test func aliveForeverIsNotALeak() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      _ = binding.watch(ViewModelSpec(key: "forever", aliveForever: true) { LeakyViewModel() })
      binding.dispose()
    }
  }

  /// What only kept instances hold goes when they go: the dependency of an instance waiting out
  /// its grace period, of a family's pooled row, or of an `aliveForever` instance, is no leak.
  /// Held by a binding the test kept too, it still is.
  @Test(arguments: KeptOwner.allCases)
  func aDependencyOnlyAKeptInstanceHoldsIsNotALeak(_ kept: KeptOwner) {
    withRegistry { registry in
      registry.clock = ManualClock()
      let dependency = ViewModelSpec(key: "dependency") { LeakyViewModel() }
      let screen = ViewModelBinding(label: "Screen")
      switch kept {
      case .waiting:
        _ = screen.watch(
          ViewModelSpec(key: "owner", disposeDelay: .seconds(5)) { Owner(dependency) })
      case .pooled:
        let rows = ViewModelSpecWithArg<Owner, Int>(
          builder: { _ in Owner(dependency) }, keepReleased: 2)
        _ = screen.watch(rows, 1)
      case .aliveForever:
        _ = screen.watch(ViewModelSpec(key: "owner", aliveForever: true) { Owner(dependency) })
      }
      screen.dispose()
      #expect(registry.liveInstanceCount == 2)
      #expect(registry.snapshot().releasable.isEmpty)
      #expect(leakMessage(for: registry.snapshot()) == nil)
      // Held by a binding the test kept as well, the dependency is a leak, named with it.
      let kept = ViewModelBinding(label: "Kept")
      _ = kept.read(dependency)
      let releasable = registry.snapshot().releasable
      #expect(releasable.map(\.key) == ["\"dependency\""])
      #expect(leakMessage(for: registry.snapshot())?.contains(kept.id) == true)
      kept.dispose()
    }
  }

  @Test func standaloneExpectationRecordsALeakAsAKnownIssue() {
    withRegistry(leakCheck: false) { registry in
      let binding = ViewModelBinding()
      _ = binding.watch(leakySpec)
      withKnownIssue {
        expectNoLeaks()
      }
      binding.dispose()
      #expect(expectNoLeaks())
    }
  }

  @Test func withRegistryRecordsALeakAsAKnownIssue() {
    var kept: ViewModelBinding?
    withKnownIssue {
      withRegistry { _ in
        kept = ViewModelBinding()
        _ = kept?.watch(leakySpec)
      }
    }
    #expect(kept?.isDisposed == false)
    // The registry disposed the leaked instance on the way out.
    #expect(ViewModelRegistry.default.liveInstanceCount == 0)
  }

  @Test func reportedMistakesBecomeTestIssuesSeenHereAsKnownIssues() {
    withKnownIssue {
      withRegistry { _ in
        let binding = ViewModelBinding()
        binding.unbind(LeakyViewModel())
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("does not hold") }
        && issue.sourceLocation?.fileName == "LeakCheckTests.swift"
    }
  }

  @Test func asyncWithRegistryIsInheritedByTasks() async {
    await withRegistry({
      $0.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 7) }, for: greetingSpec)
    }) { registry in
      let owner = await Task { @MainActor in
        let binding = ViewModelBinding()
        defer { binding.dispose() }
        return binding.watch(greetingSpec).owner
      }.value
      #expect(owner == 7)
      #expect(ViewModelRegistry.current === registry)
    }
  }
}

@MainActor
@Suite(.registry(leakCheck: false)) struct LeakCheckOffTests {
  @Test func leftoverInstanceIsDisposedWithoutFailing() {
    let binding = ViewModelBinding()
    bindingsLeftForTheLeakCheck.append(binding)
    _ = binding.watch(leakySpec)
    #expect(ViewModelRegistry.current.liveInstanceCount == 1)
  }
}

@MainActor
@Suite struct LeakTraitTests {
  @Test(.registry) func traitGivesEachTestAFreshRegistry() {
    #expect(ViewModelRegistry.current !== ViewModelRegistry.default)
    #expect(ViewModelRegistry.current.liveInstanceCount == 0)
  }

  @Test(
    .registry {
      $0.setProxy(
        ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 42) }, for: greetingSpec)
    })
  func traitSetupInstallsProxies() {
    let binding = ViewModelBinding()
    #expect(binding.watch(greetingSpec).owner == 42)
    binding.dispose()
  }

  @Test(.registry) func recordingLifecycleKeepsEventsInOrder() {
    let recorder = RecordingLifecycle()
    ViewModelRegistry.current.addLifecycle(recorder)
    let binding = ViewModelBinding(label: "Rec")
    _ = binding.watch(leakySpec)
    binding.dispose()
    #expect(recorder.events.map(\.kind) == [.create, .bind, .unbind, .dispose])
    #expect(recorder.lines.first == "create LeakyViewModel(key: \"leaky\") \(binding.id)")
  }
}

/// What keeps an instance alive that is not a leak.
enum KeptOwner: CaseIterable, Sendable {
  case waiting, pooled, aliveForever
}

/// A view model that holds one dependency through its own binding.
private final class Owner: ViewModel {
  init(_ dependency: ViewModelSpec<LeakyViewModel>) {
    super.init()
    self.dependency = dependency
  }

  private var dependency: ViewModelSpec<LeakyViewModel>?

  override func onCreate(_ arg: InstanceArg) {
    if let dependency { _ = viewModelBinding.watch(dependency) }
  }
}
