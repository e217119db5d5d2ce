import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct RecordingIssueReporterTests {
  /// An issue reporter that "keeps every issue", oldest first; `removeAll()` "Forgets the issues reported so far", and
  /// the reporter keeps what comes after.
  @Test func keepsIssuesInOrderAndRemoveAllForgetsTheOnesSoFar() {
    let registry = ViewModelRegistry(name: "recording")
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    let binding = ViewModelBinding(registry: registry, label: "Screen")
    let first = registry.withCurrent { StateViewModel(state: 1) }
    let second = registry.withCurrent { EventViewModel<Int>() }
    binding.unbind(first)
    binding.unbind(second)
    #expect(
      reporter.errors == [
        .notHeld(binding: binding.id, type: "StateViewModel<Int>", key: nil),
        .notHeld(binding: binding.id, type: "EventViewModel<Int>", key: nil),
      ])
    #expect(reporter.issues.map(\.error) == reporter.errors)
    reporter.removeAll()
    #expect(reporter.issues.isEmpty)
    binding.unbind(second)
    #expect(
      reporter.errors == [.notHeld(binding: binding.id, type: "EventViewModel<Int>", key: nil)])
    binding.dispose()
  }
}
