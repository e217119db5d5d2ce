import Registry
import RegistryTesting
import Testing

/// A fresh registry for one test, with a recording reporter, made current while `body` runs.
///
/// Tests never touch the default registry, so they run in parallel without meeting.
@MainActor
func withTestRegistry<R>(
  _ body: (ViewModelRegistry, RecordingIssueReporter) throws -> R
) rethrows -> R {
  let registry = ViewModelRegistry(name: "test")
  let reporter = RecordingIssueReporter()
  registry.issueReporter = reporter
  // Like the RegistryTesting trait: what a test leaves alive is disposed, so nothing outlives it.
  defer { registry.disposeAll() }
  return try registry.withCurrent { try body(registry, reporter) }
}

/// Checks that the registry holds exactly the given live instances, by name.
@MainActor
func expectAlive(
  _ registry: ViewModelRegistry, _ names: Set<String>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let alive = Set(registry.liveViewModels().compactMap { ($0 as? ProbeViewModel)?.name })
  #expect(alive == names, sourceLocation: sourceLocation)
  #expect(registry.liveInstanceCount == names.count, sourceLocation: sourceLocation)
}
