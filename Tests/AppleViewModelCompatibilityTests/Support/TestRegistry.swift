import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// A fresh registry for one test, with a recording reporter, made current while `body` runs.
@MainActor
func withTestRegistry<R>(
  _ body: (ViewModelRegistry, RecordingIssueReporter) throws -> R
) rethrows -> R {
  let registry = ViewModelRegistry(name: "test")
  let reporter = RecordingIssueReporter()
  registry.issueReporter = reporter
  defer { registry.disposeAll() }
  return try registry.withCurrent { try body(registry, reporter) }
}
