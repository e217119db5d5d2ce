import Registry
import RegistryTesting
import Testing

/// The Swift Testing issues recorded while a test runs, as an issue-handling trait sees them.
@MainActor
final class SeenIssues {
  @TaskLocal static var current: SeenIssues?
  var issues: [Issue] = []
}

/// Passes every issue through unchanged, noting it in ``SeenIssues/current``. Issues from a
/// registry reporter are recorded on the main actor, synchronously, which is where the trait's
/// closure runs.
let noteIssues: IssueHandlingTrait = .compactMapIssues { issue in
  MainActor.assumeIsolated { SeenIssues.current?.issues.append(issue) }
  return issue
}

@MainActor
@Suite struct TestIssueReporterTests {
  @Test(noteIssues, .registry { configureTightChurn($0) })
  func churnIsRecordedAsAWarningThatDoesNotFailTheTest() {
    let seen = SeenIssues()
    SeenIssues.$current.withValue(seen) { churnKeys() }
    // Recorded once, as a warning: it shows in the results, and the test still passes.
    #expect(seen.issues.filter(isChurn).map(\.severity) == [.warning])
    #expect(seen.issues.allSatisfy { !$0.isFailure })
  }

  @Test(.registry(failOnWarnings: true) { configureTightChurn($0) })
  func failOnWarningsMakesChurnAFailure() {
    withKnownIssue {
      churnKeys()
    } matching: {
      isChurn($0) && $0.severity == .error
    }
  }

  @Test func withRegistryFailOnWarningsMakesChurnAFailure() {
    withKnownIssue {
      withRegistry({ configureTightChurn($0) }, failOnWarnings: true) { _ in churnKeys() }
    } matching: {
      isChurn($0) && $0.severity == .error
    }
  }

  @Test(noteIssues) func withRegistryRecordsChurnAsAWarningByDefault() {
    let seen = SeenIssues()
    SeenIssues.$current.withValue(seen) {
      withRegistry({ configureTightChurn($0) }) { _ in churnKeys() }
    }
    #expect(seen.issues.filter(isChurn).map(\.severity) == [.warning])
  }

  @Test(noteIssues) func errorsStayFailuresSeenHereAsAKnownIssue() {
    let seen = SeenIssues()
    withKnownIssue {
      SeenIssues.$current.withValue(seen) {
        let reporter = TestIssueReporter(failOnWarnings: false)
        reporter.report(
          RegistryIssue(
            error: .notHeld(binding: "Screen#1", type: "Draft", key: nil),
            fileID: "App/Screen.swift",
            filePath: "/src/App/Screen.swift", line: 12, column: 5))
      }
    }
    #expect(seen.issues.map(\.severity) == [.error])
    #expect(seen.issues.first?.sourceLocation?.line == 12)
  }
}
