import Registry
import Testing

@Suite struct RegistryIssueReporterTests {
  /// Prints in a child process, whose standard output the test reads back.
  @Test func printingReporterMarksWarnings() async throws {
    let result = try await #require(
      #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await MainActor.run {
          let reporter = PrintingIssueReporter()
          reporter.report(
            RegistryIssue(
              error: .notHeld(binding: "Screen#1", type: "Draft", key: nil),
              fileID: "App/Screen.swift", filePath: "/src/App/Screen.swift", line: 12, column: 5))
          reporter.report(
            RegistryIssue(
              error: .keyChurn(type: "Row", lastKey: "7", count: 21, window: "1.0 seconds"),
              fileID: "", filePath: "", line: 0, column: 0))
        }
      })
    let lines = String(decoding: result.standardOutputContent, as: UTF8.self)
      .split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "[Registry] App/Screen.swift:12: unbind(_:) was given a Draft that binding Screen#1 does not hold."
    )
    #expect(
      lines.contains(
        "[Registry] warning: Row instances were replaced 21 times within 1.0 seconds by one binding."
      ))
  }

  /// RegistryIssue: "The caller's line; 0 when the issue has no source location." — and its
  /// column, 0 too.
  @MainActor @Test func anIssueWithNoSourceLocationHasNoFileLineOrColumn() throws {
    try withTestRegistry { _, reporter in
      struct ListenerFailure: Error {}
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "k") { ProbeViewModel("p", log: EventLog()) })
      let stop = model.listen { throw ListenerFailure() }
      model.notifyListeners()
      stop()
      let issue = try #require(reporter.issues.last)
      #expect(issue.error.description.contains("ListenerFailure"))
      #expect(issue.fileID == "" && issue.filePath == "")
      #expect(issue.line == 0 && issue.column == 0)
      binding.dispose()
    }
  }
}
