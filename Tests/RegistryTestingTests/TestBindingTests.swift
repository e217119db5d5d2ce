import Registry
import RegistryTesting
import Testing

/// "A test under the trait can resolve without making and disposing a binding by hand": the
/// test's scope owns `ViewModelBinding.test` and disposes it before the leak check.
@MainActor
@Suite struct TestBindingTests {
  @Test(.registry { $0.setProxy(for: greetingSpec) { GreetingViewModel(owner: 5) } })
  func aTestResolvesThroughItsScopesBindingAndLeaksNothing() {
    let greeting = ViewModelBinding.test.watch(greetingSpec)
    #expect(greeting.owner == 5)
    // One binding for the whole test: the same holder, whoever asks.
    #expect(ViewModelBinding.test === ViewModelBinding.test)
    #expect(ViewModelBinding.test.read(greetingSpec) === greeting)
    #expect(ViewModelRegistry.current.snapshot().instances.first?.holders.count == 1)
  }

  /// The scope disposes it before the leak check, in the trait's scope and in `withRegistry`,
  /// sync and async: what the test resolved through it is disposed when the scope ends.
  @Test func theScopeDisposesItsBindingBeforeTheLeakCheck() async throws {
    let seen = Seen()
    try await runNested([.registry]) {
      seen.binding = ViewModelBinding.test
      seen.instance = ViewModelBinding.test.watch(greetingSpec)
    }
    #expect(seen.binding?.isDisposed == true)
    #expect(seen.instance?.isDisposed == true)
    withRegistry { _ in
      seen.binding = ViewModelBinding.test
      seen.instance = ViewModelBinding.test.watch(greetingSpec)
    }
    #expect(seen.binding?.isDisposed == true)
    #expect(seen.instance?.isDisposed == true)
    await withRegistry { _ in
      await Task.yield()
      seen.binding = ViewModelBinding.test
      seen.instance = ViewModelBinding.test.watch(greetingSpec)
    }
    #expect(seen.binding?.isDisposed == true)
    #expect(seen.instance?.isDisposed == true)
  }

  /// A `withRegistry` whose block throws still disposes its binding, and what it held, before
  /// it rethrows: "everything is still disposed".
  @Test func aScopeThatThrowsStillDisposesItsBinding() async {
    struct Failure: Error {}
    let seen = Seen()
    #expect(throws: Failure.self) {
      try withRegistry { _ in
        seen.binding = ViewModelBinding.test
        seen.instance = ViewModelBinding.test.watch(greetingSpec)
        throw Failure()
      }
    }
    #expect(seen.binding?.isDisposed == true)
    #expect(seen.instance?.isDisposed == true)
    await #expect(throws: Failure.self) {
      try await withRegistry { _ in
        await Task.yield()
        seen.binding = ViewModelBinding.test
        seen.instance = ViewModelBinding.test.watch(greetingSpec)
        throw Failure()
      }
    }
    #expect(seen.binding?.isDisposed == true)
    #expect(seen.instance?.isDisposed == true)
  }

  /// Nested traits share the outermost scope's binding; a `withRegistry` inside a test has a
  /// registry, and so a binding, of its own.
  @Test(.registry) func aWithRegistryInsideATestHasItsOwnBinding() {
    let outer = ViewModelBinding.test
    withRegistry { registry in
      #expect(ViewModelBinding.test !== outer)
      #expect(ViewModelBinding.test.registry === registry)
    }
    #expect(ViewModelBinding.test === outer)
  }

  /// Outside a scope there is no test to own it: the use is a test issue.
  @Test func outsideAScopeItIsATestIssueAKnownIssue() {
    withKnownIssue {
      let binding = ViewModelBinding.test
      #expect(!binding.isDisposed)
      binding.dispose()
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("ViewModelBinding.test was used outside a test's registry scope.")
      }
    }
  }
}

/// What a scope's body saw, for checking after the scope ended.
@MainActor
private final class Seen: Sendable {
  var binding: ViewModelBinding?
  var instance: GreetingViewModel?
}
