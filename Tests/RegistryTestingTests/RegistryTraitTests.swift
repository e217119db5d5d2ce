import Registry
import RegistryTesting
import Testing

// Swift Testing runs a test case inside the scopes of all its traits, the suites' first
// (outermost suite first), then the test's own. Nested registry traits add to the registry the
// outermost one made.

@MainActor
@Suite(
  .registry {
    $0.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 42) }, for: greetingSpec)
  })
struct SuiteProxyTestConfigTests {
  @Test(.registry { $0.configure(config: ViewModelConfig(keyChurnWarning: nil)) })
  func testConfigurationKeepsTheSuiteProxy() {
    let binding = ViewModelBinding()
    #expect(binding.watch(greetingSpec).owner == 42)
    #expect(ViewModelRegistry.current.config.keyChurnWarning == nil)
    binding.dispose()
  }

  @Test(
    .registry {
      $0.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 7) }, for: greetingSpec)
    })
  func innerSetupRunsAfterTheOuterOne() {
    let binding = ViewModelBinding()
    #expect(binding.watch(greetingSpec).owner == 7)
    binding.dispose()
  }
}

@MainActor
@Suite(.registry { $0.configure(config: ViewModelConfig(keyChurnWarning: nil)) })
struct SuiteConfigTestProxyTests {
  @Test(
    .registry {
      $0.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 5) }, for: greetingSpec)
    })
  func testProxyKeepsTheSuiteConfiguration() {
    let binding = ViewModelBinding()
    #expect(binding.watch(greetingSpec).owner == 5)
    #expect(ViewModelRegistry.current.config.keyChurnWarning == nil)
    binding.dispose()
  }
}

/// Bindings kept past the end of their test, so that what they hold is still alive when the
/// trait's leak check runs.
@MainActor var bindingsLeftForTheLeakCheck: [ViewModelBinding] = []

@MainActor
@Suite(.registry(leakCheck: false))
struct SuiteLeakCheckOffTests {
  @Test(
    .registry {
      $0.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 3) }, for: greetingSpec)
    })
  func testWithoutALeakCheckValueKeepsTheSuiteOne() {
    // Left alive on purpose: the suite turned the leak check off, and this test does not say.
    let binding = ViewModelBinding()
    bindingsLeftForTheLeakCheck.append(binding)
    #expect(binding.watch(greetingSpec).owner == 3)
    #expect(ViewModelRegistry.current.liveInstanceCount == 1)
  }
}

@MainActor
@Suite(
  .registry {
    $0.setProxy(ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 1) }, for: greetingSpec)
  })
struct OuterRegistrySuite {
  @MainActor
  @Suite(
    .registry {
      $0.setProxy(ViewModelSpec(key: "farewell") { GreetingViewModel(owner: 2) }, for: farewellSpec)
    })
  struct InnerRegistrySuite {
    @Test(.registry { $0.configure(config: ViewModelConfig(keyChurnWarning: nil)) })
    func threeLevelsShareOneRegistry() {
      let binding = ViewModelBinding()
      #expect(binding.watch(greetingSpec).owner == 1)
      #expect(binding.watch(farewellSpec).owner == 2)
      #expect(ViewModelRegistry.current.config.keyChurnWarning == nil)
      #expect(ViewModelRegistry.current.liveInstanceCount == 2)
      binding.dispose()
    }
  }
}

/// Calls the traits' scopes the way Swift Testing does for one test case, `traits` outermost
/// first, so tests can check what happens after the test body (the leak check).
func runNested(
  _ traits: [RegistryTrait], _ body: @escaping @MainActor @Sendable () -> Void
) async throws {
  let test = try #require(Test.current)
  let testCase = Test.Case.current
  let innermost: @Sendable () async throws -> Void = { await body() }
  let chain = traits.reversed().reduce(innermost) { inner, trait in
    { try await trait.provideScope(for: test, testCase: testCase, performing: inner) }
  }
  try await chain()
}

@MainActor
@Suite struct RegistryTraitOptionTests {
  /// As with `withRegistry`, the trait "lets bindings dropped off the main actor finish
  /// releasing" before its leak check: a binding whose last reference went away on another
  /// thread is not a leak, though its release is still queued when the test returns. (Were it
  /// counted as one, the trait's leak check would record it as an issue of this test.)
  @Test func aBindingDroppedOffTheMainActorIsReleasedBeforeTheLeakCheck() async throws {
    try await runNested([.registry]) {
      dropOffTheMainActor(Handoff(ViewModelBinding()))
      #expect(ViewModelRegistry.current.liveInstanceCount == 1)
    }
  }

  @Test func innermostExplicitLeakCheckWinsSeenHereAsAKnownIssue() async throws {
    let keeper = Keeper()
    try await withKnownIssue {
      try await runNested([.registry(leakCheck: false), .registry(leakCheck: true)]) {
        keeper.bindings.append(ViewModelBinding())
        _ = keeper.bindings.last?.watch(leakySpec)
      }
    } matching: {
      isLeak($0)
    }
    try await runNested([.registry(leakCheck: true), .registry(leakCheck: false)]) {
      keeper.bindings.append(ViewModelBinding())
      _ = keeper.bindings.last?.watch(leakySpec)
    }
  }

  @Test func innerTraitWithoutALeakCheckKeepsTheOuterValueSeenHereAsAKnownIssue() async throws {
    let keeper = Keeper()
    try await runNested([.registry(leakCheck: false), .registry]) {
      keeper.bindings.append(ViewModelBinding())
      _ = keeper.bindings.last?.watch(leakySpec)
    }
    try await withKnownIssue {
      try await runNested([.registry, .registry { _ in }]) {
        keeper.bindings.append(ViewModelBinding())
        _ = keeper.bindings.last?.watch(leakySpec)
      }
    } matching: {
      isLeak($0)
    }
  }

  @Test func innermostExplicitFailOnWarningsWins() async throws {
    try await withKnownIssue {
      try await runNested([
        .registry(failOnWarnings: false) { configureTightChurn($0) },
        .registry(failOnWarnings: true),
      ]) {
        churnKeys()
      }
    } matching: {
      isChurn($0) && $0.severity == .error
    }
    try await runNested(
      [
        .registry(failOnWarnings: true) { configureTightChurn($0) },
        .registry(failOnWarnings: false),
      ]
    ) {
      churnKeys()
    }
  }

  @Test func nestedTraitsMakeOneRegistryAndRunSetupsOuterFirst() async throws {
    let order = Keeper()
    try await runNested([
      .registry { registry in
        order.bindings.append(ViewModelBinding(registry: registry, label: "outer"))
      },
      .registry { registry in
        order.bindings.append(ViewModelBinding(registry: registry, label: "inner"))
      },
    ]) {
      #expect(order.bindings.map(\.registry).allSatisfy { $0 === ViewModelRegistry.current })
    }
    #expect(order.bindings.map(\.id) == ["outer#1", "inner#2"])
  }

  @Test func setupThatThrowsFailsTheTestWithoutALeakCheck() async throws {
    struct SetupFailure: Error {}
    let keeper = Keeper()
    await #expect(throws: SetupFailure.self) {
      try await runNested([
        .registry { registry in
          keeper.bindings.append(ViewModelBinding(registry: registry))
          _ = keeper.bindings.last?.watch(leakySpec)
        },
        .registry { _ in throw SetupFailure() },
      ]) {}
    }
    #expect(keeper.bindings.first?.isDisposed == false)
    #expect(keeper.bindings.first?.registry.liveInstanceCount == 0)
  }
}

/// A `Task.detached` inherits no task-local value: in it the test's registry is not current, and
/// the docs say to hand it the registry instead, which then works as in the test itself.
@MainActor
@Suite struct DetachedTaskTests {
  @Test(.registry { $0.setProxy(for: greetingSpec) { GreetingViewModel(owner: 5) } })
  func aDetachedTaskIsHandedTheTestsRegistry() async {
    let registry = ViewModelRegistry.current
    let (isCurrent, owner) = await Task.detached { @MainActor in
      let binding = ViewModelBinding(registry: registry)
      defer { binding.dispose() }
      return (ViewModelRegistry.current === registry, binding.watch(greetingSpec).owner)
    }.value
    #expect(!isCurrent)
    #expect(owner == 5)
  }
}
