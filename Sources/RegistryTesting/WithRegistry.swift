import Registry
import Testing

/// Runs `operation` inside a fresh registry, the way the ``Testing/Trait/registry`` trait runs a
/// test: every binding, proxy, configuration and observer created inside belongs to it and is
/// gone afterwards.
///
/// Issues are recorded as test issues; at the end, instances still alive that are not
/// `aliveForever` fail the test (unless `leakCheck` is `false`), and everything left is
/// disposed.
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
///   - leakCheck: Whether leftover instances fail the test.
///   - operation: The work; it receives the registry, which is also ``ViewModelRegistry/current``.
/// - Returns: What `operation` returns.
@MainActor
public func withRegistry<R>(
  _ setup: (ViewModelRegistry) -> Void = { _ in }, leakCheck: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation,
  operation: (ViewModelRegistry) throws -> R
) rethrows -> R {
  let registry = makeTestRegistry(sourceLocation: sourceLocation)
  defer { finish(registry, leakCheck: leakCheck, sourceLocation: sourceLocation) }
  return try registry.withCurrent {
    setup(registry)
    return try operation(registry)
  }
}

/// The async form of ``withRegistry(_:leakCheck:sourceLocation:operation:)``; tasks started inside
/// inherit the registry.
///
/// ```swift
/// await withRegistry { registry in
///   await screen.load()
/// }
/// ```
///
/// - Parameters:
///   - setup: Configures the registry before `operation`.
///   - leakCheck: Whether leftover instances fail the test.
///   - operation: The work.
/// - Returns: What `operation` returns.
@MainActor
public func withRegistry<R>(
  _ setup: (ViewModelRegistry) -> Void = { _ in }, leakCheck: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation,
  operation: (ViewModelRegistry) async throws -> R
) async rethrows -> R {
  let registry = makeTestRegistry(sourceLocation: sourceLocation)
  do {
    let result = try await registry.withCurrent {
      setup(registry)
      return try await operation(registry)
    }
    await settle()
    finish(registry, leakCheck: leakCheck, sourceLocation: sourceLocation)
    return result
  } catch {
    finish(registry, leakCheck: false, sourceLocation: sourceLocation)
    throw error
  }
}

@MainActor
func makeTestRegistry(name: String = "test", sourceLocation: SourceLocation) -> ViewModelRegistry {
  let registry = ViewModelRegistry(name: name)
  registry.issueReporter = TestIssueReporter(fallback: sourceLocation)
  return registry
}

/// Checks for leaks, then disposes whatever is left so nothing outlives the test.
@MainActor
func finish(_ registry: ViewModelRegistry, leakCheck: Bool, sourceLocation: SourceLocation) {
  if leakCheck {
    expectNoLeaks(in: registry, sourceLocation: sourceLocation)
  }
  registry.disposeAll()
  registry.clearAllProxies()
}

/// Lets bindings dropped off the main actor finish releasing: their release is queued on it.
@MainActor
func settle() async {
  for _ in 0..<3 { await Task.yield() }
}
