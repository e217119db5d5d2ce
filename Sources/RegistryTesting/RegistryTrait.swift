import Registry
import Testing

/// Runs each test in its own fresh registry, so tests run in parallel without seeing each other.
///
/// Every binding created, spec resolved, proxy set, configuration and lifecycle observer
/// installed inside the test — including in tasks it starts, but not in a `Task.detached`, which
/// inherits no task-local value — belongs to that registry, and is gone when the test ends. Reported mistakes become test issues at the line that made them:
/// errors fail the test, warnings (key churn, a dropped binding) are recorded as test warnings
/// unless `failOnWarnings` is `true`. At the end, an instance still alive that is not
/// `aliveForever` (nor waiting out a grace period, nor kept in a pool, nor a dependency only such
/// instances hold) fails the test with its type, key and holders (turn it off with
/// `leakCheck: false`). A test that throws fails with its error instead: there is no leak check,
/// and everything is still disposed.
///
/// Traits nest. A test's `.registry` inside a suite's (or a suite's inside an outer suite's)
/// does not make a second registry: Swift Testing runs the outer trait's scope first, and each
/// inner one adds to the registry the outermost one made. The setup closures run in that order,
/// outer first, into the same registry, so an inner setup can replace what an outer one
/// installed. For `leakCheck` and `failOnWarnings`, the innermost trait that gives a value
/// wins; when none does, the leak check is on and warnings do not fail the test.
///
/// ```swift
/// @Test(.registry) func loadsProfile() { … }
///
/// @Suite(.registry { $0.setProxy(mockAPI, for: apiSpec) })
/// struct ProfileTests {
///   // Runs with the suite's proxy, its own observer, and no leak check.
///   @Test(.registry(leakCheck: false) { $0.addLifecycle(recorder) })
///   func keepsACache() { … }
/// }
/// ```
public struct RegistryTrait: TestTrait, SuiteTrait, TestScoping {
  let leakCheck: Bool?
  let failOnWarnings: Bool?
  let setup: (@MainActor @Sendable (ViewModelRegistry) throws -> Void)?

  /// Applies to every test of a suite it is attached to.
  ///
  /// Always `true`: on a suite, the trait reaches every test in it and in the suites nested in
  /// it, and each test case still gets a registry of its own (see
  /// ``scopeProvider(for:testCase:)``).
  ///
  /// ```swift
  /// @Suite(.registry) struct ProfileTests {
  ///   @Test func loads() { … }  // its own registry
  /// }
  /// ```
  public var isRecursive: Bool { true }

  /// Scopes each test case, never a suite as a whole: each case gets its own registry.
  ///
  /// Swift Testing calls it for the suite and for each test and test case; the trait answers
  /// only for a test case, so a suite never shares one registry among its tests, and each
  /// argument of a parameterized test runs in a fresh one.
  ///
  /// ```swift
  /// @Test(.registry, arguments: [1, 2, 3])
  /// func counts(to n: Int) { … }  // three registries
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test or suite about to run.
  ///   - testCase: The test case about to run, or `nil` for a suite or a test as a whole.
  /// - Returns: The trait for a test case, `nil` otherwise.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case inside a fresh registry, then checks for leaks and disposes what is left;
  /// inside another registry trait's scope, adds this trait's options and setup to that one's
  /// registry instead.
  ///
  /// Swift Testing calls it around each test case; a test does not. The outermost registry
  /// trait makes the registry, installs a ``TestIssueReporter``, makes the registry current for
  /// the test and the tasks it starts, and runs each trait's setup in a layer of its own. When
  /// the test returns, it disposes ``Registry/ViewModelBinding/test``, runs the leak check
  /// unless a trait turned it off, disposes what is left and clears every proxy; when the test
  /// throws, it skips the leak check, cleans up the same way and rethrows.
  ///
  /// ```swift
  /// @Suite(.registry { $0.setProxy(for: apiSpec) { MockAPI() } })
  /// struct ProfileTests {
  ///   @Test(.registry(leakCheck: false)) func keepsACache() { … }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test that is running.
  ///   - testCase: The test case that is running.
  ///   - function: The test case's body, with the scopes of the traits inside this one.
  /// - Throws: What a setup closure or the test throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    if let enclosing = EnclosingRegistryTrait.scope {
      try await enclosing.apply(self)
      try await function()
      return
    }
    let scope = await RegistryTraitScope(test: test)
    let registry = scope.registry
    let binding = await TestScopeBinding(registry: registry)
    do {
      try await EnclosingRegistryTrait.$scope.withValue(scope) {
        try await TestScopeBinding.$current.withValue(binding) {
          try await registry.withCurrent {
            try await scope.apply(self)
            try await function()
          }
        }
      }
      await settle()
      await binding.dispose()
      await finish(registry, leakCheck: scope.leakCheck, sourceLocation: test.sourceLocation)
    } catch {
      await binding.dispose()
      await finish(registry, leakCheck: false, sourceLocation: test.sourceLocation)
      throw error
    }
  }
}

/// The scope of the registry trait that encloses the running code, if any: how a nested trait
/// finds the registry to add to.
enum EnclosingRegistryTrait {
  @TaskLocal static var scope: RegistryTraitScope?
}

/// The registry the outermost ``RegistryTrait`` of a test case made, which the traits nested in
/// it add to.
@MainActor
final class RegistryTraitScope {
  let registry: ViewModelRegistry
  /// The reporter installed at the start, which the traits' `failOnWarnings` set (a setup that
  /// installs a reporter of its own replaces it).
  private let reporter: TestIssueReporter
  private(set) var leakCheck = true

  init(test: Test) {
    registry = ViewModelRegistry(name: test.name, context: .test)
    reporter = TestIssueReporter(fallback: test.sourceLocation)
    registry.issueReporter = reporter
  }

  /// Adds one trait, in nesting order: its explicit options override the outer ones, then its
  /// setup runs, in a setup layer of its own, so that it can replace what an outer setup
  /// provided; what comes after it (an inner trait, or the test) is a layer above.
  func apply(_ trait: RegistryTrait) throws {
    if let leakCheck = trait.leakCheck { self.leakCheck = leakCheck }
    if let failOnWarnings = trait.failOnWarnings { reporter.failOnWarnings = failOnWarnings }
    registry.beginSetupLayer()
    try trait.setup?(registry)
    registry.beginSetupLayer()
  }
}

extension Trait where Self == RegistryTrait {
  /// Runs each test in its own fresh registry with the leak check on (or as an enclosing
  /// registry trait sets it).
  ///
  /// Mistakes the registry reports become test issues, an instance left alive at the end fails
  /// the test, and ``Registry/ViewModelBinding/test`` is the test's own binding. On a suite, it
  /// applies to every test in it; on a test inside such a suite, it adds nothing but is
  /// harmless.
  ///
  /// ```swift
  /// @Test(.registry) func counts() {
  ///   let counter = ViewModelBinding.test.watch(counterSpec)
  ///   counter.increment()
  ///   #expect(counter.state.count == 1)
  /// }
  /// ```
  public static var registry: RegistryTrait {
    RegistryTrait(leakCheck: nil, failOnWarnings: nil, setup: nil)
  }

  /// Runs each test in its own fresh registry, configured by `setup` first.
  ///
  /// Inside a suite's (or an outer suite's) registry trait, `setup` runs after the outer
  /// setups, into the same registry, and the options given here override theirs. Each setup
  /// runs in a layer of its own, so it can provide an interface, set a proxy or configure the
  /// registry again where an outer setup already did, and the inner one wins; a provider
  /// that has already built something is not replaced. A setup that throws fails the test
  /// before its body runs.
  ///
  /// ```swift
  /// @Test(.registry { $0.setProxy(mockAuth, for: authSpec) })
  /// func signsIn() { … }
  ///
  /// @Test(.registry(leakCheck: false)) func keepsACache() { … }
  ///
  /// @Test(.registry(failOnWarnings: true)) func keysAreStable() { … }
  /// ```
  ///
  /// - Parameters:
  ///   - leakCheck: Whether leftover instances fail the test; `nil` keeps what an enclosing
  ///     registry trait says, or on when none does.
  ///   - failOnWarnings: Whether reported warnings (key churn, a dropped binding) fail the test
  ///     like errors do; `nil` keeps what an enclosing registry trait says, or off when none
  ///     does.
  ///   - setup: Installs proxies, configuration or observers in the test's registry.
  /// - Returns: The trait.
  public static func registry(
    leakCheck: Bool? = nil, failOnWarnings: Bool? = nil,
    _ setup: (@MainActor @Sendable (ViewModelRegistry) throws -> Void)? = nil
  ) -> RegistryTrait {
    RegistryTrait(leakCheck: leakCheck, failOnWarnings: failOnWarnings, setup: setup)
  }
}
