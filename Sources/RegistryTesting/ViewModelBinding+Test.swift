import Registry
import Testing

extension ViewModelBinding {
  /// The running test's own binding: made on first use in the test's registry, and disposed by
  /// the test's scope — the ``Testing/Trait/registry`` trait or
  /// [`withRegistry(_:operation:)`](doc:withRegistry(_:leakCheck:failOnWarnings:sourceLocation:operation:)-tnwb)
  /// — before its leak check, so a test resolves without making and disposing a binding by
  /// hand.
  ///
  /// Every use in one test (and in the tasks it starts, but for a `Task.detached`, which knows
  /// no test) is the same binding, so reading a spec twice is one holder, and what the test
  /// resolved is let go at its end. Nested registry traits share the outermost one's binding; a
  /// `withRegistry` block has its own, in its own registry.
  ///
  /// A binding the test makes itself is the test's to dispose: one dropped without `dispose()`
  /// while it still held instances is reported as a warning that names where it was made and
  /// what it held. Resolving through this one leaves nothing to dispose.
  ///
  /// ```swift
  /// @Test(.registry {
  ///   $0.setProxy(for: userSpec) { UserViewModel(name: "Ada") }
  /// })
  /// func greetsTheMockedUser() {
  ///   #expect(ViewModelBinding.test.watch(greetingSpec).text == "Hello, Ada")
  /// }
  /// ```
  ///
  /// > Important: Outside such a scope there is no test to own it: the use is recorded as a test
  /// > issue, and a new binding of the current registry is returned, which nothing disposes.
  public static var test: ViewModelBinding {
    if let scope = TestScopeBinding.current { return scope.binding }
    // A property cannot take the caller's place: the issue goes to the running test, if any.
    Issue.record(
      Comment(
        rawValue: """
          ViewModelBinding.test was used outside a test's registry scope.
            Registry: \(ViewModelRegistry.current.name)
          Only a scope that owns a registry — the .registry trait, or withRegistry — can dispose its binding before its leak check; outside one, nothing would.
          To fix, give the test the .registry trait (@Test(.registry) func …), or run the code inside withRegistry { … }. In a Task.detached, which inherits nothing of the test (no task-local value), hand the task the test's binding or registry instead.
          """))
    return ViewModelBinding()
  }
}

/// The binding one test scope owns, made on first use; the scope disposes it before its leak
/// check.
@MainActor
final class TestScopeBinding {
  /// The scope the running code is in: set by the trait's outermost scope and by `withRegistry`.
  @TaskLocal static var current: TestScopeBinding?

  private let registry: ViewModelRegistry
  private var made: ViewModelBinding?

  init(registry: ViewModelRegistry) {
    self.registry = registry
  }

  var binding: ViewModelBinding {
    if let made { return made }
    let binding = ViewModelBinding(registry: registry, label: "test")
    made = binding
    return binding
  }

  /// Disposes the binding, if it was made.
  func dispose() {
    made?.dispose()
  }
}
