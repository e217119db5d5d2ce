import Registry
import RegistryTesting
import Testing

/// An interface each layer below provides in its own way.
let layeredClock = ServiceSpec<any TimeSource>.interface(
  key: "layered-clock", unimplemented: FixedClock(now: -1))

/// "A test's own `.registry` setup can replace what its suite installed: a provider, a proxy, a
/// configuration. Nested suites compose the same way." Each trait's setup runs in a layer of
/// its own, outer first, and the test's body in a layer above them all.
@MainActor
@Suite(
  .registry {
    $0.provide(layeredClock) { FixedClock(now: 1) }
    $0.setProxy(for: greetingSpec) { GreetingViewModel(owner: 1) }
    $0.configure(config: ViewModelConfig(keyChurnWarning: nil))
  })
struct LayeredSetupTests {
  @Test func theSuitesSetupServesATestWithoutOneOfItsOwn() {
    let binding = ViewModelBinding()
    #expect(binding.read(layeredClock).now == 1)
    #expect(binding.watch(greetingSpec).owner == 1)
    #expect(ViewModelRegistry.current.config.keyChurnWarning == nil)
    binding.dispose()
  }

  @Test(
    .registry {
      $0.provide(layeredClock) { FixedClock(now: 2) }
      $0.setProxy(for: greetingSpec) { GreetingViewModel(owner: 2) }
      $0.configure(config: ViewModelConfig())
    })
  func aTestsOwnSetupReplacesTheSuitesProviderProxyAndConfiguration() {
    let binding = ViewModelBinding()
    #expect(binding.read(layeredClock).now == 2)
    #expect(binding.watch(greetingSpec).owner == 2)
    #expect(ViewModelRegistry.current.config.keyChurnWarning != nil)
    binding.dispose()
  }

  /// The test's body is a layer of its own too: it can provide what its traits provided, before
  /// anything was built from them.
  @Test func theTestsBodyCanReplaceTheSuitesProvider() {
    ViewModelRegistry.current.provide(layeredClock) { FixedClock(now: 3) }
    let binding = ViewModelBinding()
    #expect(binding.read(layeredClock).now == 3)
    binding.dispose()
  }

  /// Within one layer, providing twice stays the mistake it is; the first provider stays.
  @Test(
    .registry { registry in
      registry.issueReporter = RecordingIssueReporter()
      registry.provide(layeredClock) { FixedClock(now: 4) }
      registry.provide(layeredClock) { FixedClock(now: 5) }
    })
  func providingTwiceInOneSetupIsReportedAndTheFirstProviderStays() throws {
    let registry = ViewModelRegistry.current
    let reporter = try #require(registry.issueReporter as? RecordingIssueReporter)
    guard case .providedTwice(let type, let key, _, _) = reporter.errors.first else {
      Issue.record("expected providedTwice, got \(reporter.errors)")
      return
    }
    #expect(type == "any TimeSource" && key == "\"layered-clock\"")
    #expect(reporter.errors.count == 1)
    let binding = ViewModelBinding()
    #expect(binding.read(layeredClock).now == 4)
    binding.dispose()
  }

  /// A provider that has built something is not replaced: what it built would stay beside what
  /// the new one builds. The replacement is refused as a provider given after a resolution.
  @Test(
    .registry { registry in
      registry.issueReporter = RecordingIssueReporter()
      bindingsLeftForTheLeakCheck.append(ViewModelBinding(registry: registry))
      _ = bindingsLeftForTheLeakCheck.last?.read(layeredClock)
    },
    .registry(leakCheck: false) { $0.provide(layeredClock) { FixedClock(now: 6) } })
  func aProviderThatBuiltIsNotReplaced() throws {
    let registry = ViewModelRegistry.current
    let reporter = try #require(registry.issueReporter as? RecordingIssueReporter)
    #expect(
      reporter.errors == [
        .providedAfterResolution(
          type: "any TimeSource", key: "\"layered-clock\"", registry: registry.name)
      ])
    let binding = ViewModelBinding()
    #expect(binding.read(layeredClock).now == 1)
    binding.dispose()
    for binding in bindingsLeftForTheLeakCheck { binding.dispose() }
    bindingsLeftForTheLeakCheck.removeAll()
  }

  @MainActor
  @Suite(.registry { $0.provide(layeredClock) { FixedClock(now: 10) } })
  struct InnerSuite {
    @Test func anInnerSuitesSetupReplacesTheOuterSuites() {
      let binding = ViewModelBinding()
      #expect(binding.read(layeredClock).now == 10)
      #expect(binding.watch(greetingSpec).owner == 1)
      binding.dispose()
    }

    @Test(.registry { $0.provide(layeredClock) { FixedClock(now: 11) } })
    func aTestInsideTheInnerSuiteReplacesBoth() {
      let binding = ViewModelBinding()
      #expect(binding.read(layeredClock).now == 11)
      binding.dispose()
    }
  }
}

/// "In an app registry, providing twice stays the error it is": an app's registry has one
/// layer.
@MainActor
@Test func anAppRegistryRefusesASecondProvider() {
  let registry = ViewModelRegistry(name: "app")
  let reporter = RecordingIssueReporter()
  registry.issueReporter = reporter
  registry.provide(layeredClock) { FixedClock(now: 1) }
  registry.provide(layeredClock) { FixedClock(now: 2) }
  guard case .providedTwice = reporter.errors.first else {
    Issue.record("expected providedTwice, got \(reporter.errors)")
    return
  }
  let binding = ViewModelBinding(registry: registry)
  #expect(binding.read(layeredClock).now == 1)
  binding.dispose()
}
