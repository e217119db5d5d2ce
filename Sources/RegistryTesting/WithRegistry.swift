import Registry
import Testing

/// Runs `operation` inside a fresh registry, the way the ``Testing/Trait/registry`` trait runs a
/// test: every binding, proxy, configuration and observer created inside belongs to it and is
/// gone afterwards.
///
/// Issues are recorded as test issues: errors fail the test, warnings (key churn, a dropped
/// binding) are recorded as test warnings unless `failOnWarnings` is `true`. When `operation`
/// returns, instances still alive that are not `aliveForever` (nor waiting out a grace period,
/// nor kept in a pool, nor dependencies only such instances hold) fail the test (unless
/// `leakCheck` is `false`). When it throws, the error is the failure: there is no leak check,
/// and the error is rethrown. Either way, everything left is disposed and every proxy cleared.
///
/// Use it where a trait does not fit: in a helper shared by tests, in a test that needs two
/// registries one after the other, or inside a test that already has one — the block always
/// gets a fresh registry of its own, with its own ``Registry/ViewModelBinding/test``, and the
/// test's registry is current again afterwards. `setup` runs in a layer of its own, so the
/// block can replace what it provided.
///
/// ```swift
/// withRegistry({ $0.setProxy(mockAuth, for: authSpec) }) { registry in
///   let binding = ViewModelBinding()
///   #expect(binding.watch(authSpec) is MockAuth)
///   binding.dispose()
/// }
/// ```
///
/// - Parameters:
///   - setup: Configures the registry (proxies, observers) before `operation`.
///   - leakCheck: Whether leftover instances fail the test when `operation` returns.
///   - failOnWarnings: Whether reported warnings fail the test like errors do.
///   - sourceLocation: Where to record leaks and issues that carry no location of their own.
///   - operation: The work; it receives the registry, which is also `ViewModelRegistry.current`.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@MainActor
public func withRegistry<R>(
  _ setup: (ViewModelRegistry) -> Void = { _ in }, leakCheck: Bool = true,
  failOnWarnings: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  operation: (ViewModelRegistry) throws -> R
) rethrows -> R {
  let registry = makeTestRegistry(failOnWarnings: failOnWarnings, sourceLocation: sourceLocation)
  let binding = TestScopeBinding(registry: registry)
  let result: R
  do {
    result = try TestScopeBinding.$current.withValue(binding) {
      try registry.withCurrent {
        registry.beginSetupLayer()
        setup(registry)
        registry.beginSetupLayer()
        return try operation(registry)
      }
    }
  } catch {
    binding.dispose()
    finish(registry, leakCheck: false, sourceLocation: sourceLocation)
    throw error
  }
  binding.dispose()
  finish(registry, leakCheck: leakCheck, sourceLocation: sourceLocation)
  return result
}

/// The async form of
/// [`withRegistry(_:operation:)`](doc:withRegistry(_:leakCheck:failOnWarnings:sourceLocation:operation:)-tnwb),
/// with the same rules: tasks started inside inherit the registry; when `operation` throws,
/// there is no leak check, everything is still disposed and every proxy cleared, and the error
/// is rethrown.
///
/// Before the leak check it yields the main actor a few times: a binding dropped off the main
/// actor in the block lets go through a task queued on it, and has then done so.
///
/// ```swift
/// await withRegistry { registry in
///   let screen = ViewModelBinding.test.watch(profileSpec)
///   await screen.load()
///   #expect(screen.state.name == "Ada")
/// }
/// ```
///
/// - Parameters:
///   - setup: Configures the registry before `operation`.
///   - leakCheck: Whether leftover instances fail the test when `operation` returns.
///   - failOnWarnings: Whether reported warnings fail the test like errors do.
///   - sourceLocation: Where to record leaks and issues that carry no location of their own.
///   - operation: The work; it receives the registry, which is also `ViewModelRegistry.current`
///     in it and in the tasks it starts (not in a `Task.detached`, which inherits no task-local
///     value: hand it the registry).
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@MainActor
public func withRegistry<R>(
  _ setup: (ViewModelRegistry) -> Void = { _ in }, leakCheck: Bool = true,
  failOnWarnings: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
  operation: (ViewModelRegistry) async throws -> R
) async rethrows -> R {
  let registry = makeTestRegistry(failOnWarnings: failOnWarnings, sourceLocation: sourceLocation)
  let binding = TestScopeBinding(registry: registry)
  let result: R
  do {
    result = try await TestScopeBinding.$current.withValue(binding) {
      try await registry.withCurrent {
        registry.beginSetupLayer()
        setup(registry)
        registry.beginSetupLayer()
        return try await operation(registry)
      }
    }
  } catch {
    binding.dispose()
    finish(registry, leakCheck: false, sourceLocation: sourceLocation)
    throw error
  }
  await settle()
  binding.dispose()
  finish(registry, leakCheck: leakCheck, sourceLocation: sourceLocation)
  return result
}

@MainActor
func makeTestRegistry(failOnWarnings: Bool, sourceLocation: SourceLocation) -> ViewModelRegistry {
  let registry = ViewModelRegistry(name: "test", context: .test)
  registry.issueReporter = TestIssueReporter(
    fallback: sourceLocation, failOnWarnings: failOnWarnings)
  return registry
}

/// Checks for leaks, then disposes whatever is left, refreshing no one, so nothing outlives the
/// test.
@MainActor
func finish(_ registry: ViewModelRegistry, leakCheck: Bool, sourceLocation: SourceLocation) {
  if leakCheck {
    expectNoLeaks(in: registry, sourceLocation: sourceLocation)
  }
  // Nobody is told: a binding that outlived the scope and renders again on a refresh would
  // build, after the leak check, what nothing then disposes.
  registry.disposeAllRefreshingNoOne()
  registry.clearAllProxies()
}

/// Lets bindings dropped off the main actor finish releasing: their release is queued on it.
@MainActor
func settle() async {
  for _ in 0..<3 { await Task.yield() }
}
