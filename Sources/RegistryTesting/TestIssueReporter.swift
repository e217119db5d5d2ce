import Registry
import Testing

/// An issue reporter that records each reported mistake as a Swift Testing issue at the line
/// that made it, instead of printing.
///
/// An issue of severity `RegistryIssue.Severity.error` fails the test. One of severity
/// `RegistryIssue.Severity.warning` — key churn, a guess from a heuristic, or a binding dropped
/// without `dispose()` — is recorded as a Swift Testing warning, which shows in the results
/// without failing the test, unless ``failOnWarnings`` is `true`.
///
/// The ``Testing/Trait/registry`` trait and
/// [`withRegistry(_:operation:)`](doc:withRegistry(_:leakCheck:failOnWarnings:sourceLocation:operation:)-tnwb)
/// install it.
///
/// ```swift
/// registry.issueReporter = TestIssueReporter()
/// binding.unbind(stranger)  // fails the test here, with the full message
///
/// // Key churn and the other warnings fail the test too.
/// registry.issueReporter = TestIssueReporter(failOnWarnings: true)
/// ```
@MainActor
public final class TestIssueReporter: RegistryIssueReporter {
  private let fallback: SourceLocation

  /// Whether warnings fail the test like errors do; `false` records them as test warnings.
  ///
  /// The registry trait's and `withRegistry`'s `failOnWarnings` option sets it on the reporter
  /// they install; it can be changed at any time, and applies to the issues reported after.
  ///
  /// ```swift
  /// reporter.failOnWarnings = true
  /// ```
  public var failOnWarnings: Bool

  /// Creates a reporter; issues without a location of their own are recorded at `fallback`.
  ///
  /// Calls that take the caller's location (`watch`, `read` and the other resolutions) report
  /// at that line; the rest — a change to a disposed view model, a listener that threw, key
  /// churn — carry none, and are recorded at `fallback`, by default the line that created the
  /// reporter.
  ///
  /// ```swift
  /// registry.issueReporter = TestIssueReporter(failOnWarnings: true)
  /// ```
  ///
  /// - Parameters:
  ///   - fallback: Where to record issues that carry no location.
  ///   - failOnWarnings: Whether warnings fail the test like errors do.
  public nonisolated init(
    fallback: SourceLocation = #_sourceLocation, failOnWarnings: Bool = false
  ) {
    self.fallback = fallback
    self.failOnWarnings = failOnWarnings
  }

  /// Records `issue` as a test issue: a failure for an error, a warning for a warning (a
  /// failure too when ``failOnWarnings`` is `true`).
  ///
  /// The registry calls it for each mistake it reports. The test issue's comment is the full
  /// message — what happened, the facts, why it matters and how to fix it — and its location
  /// is the issue's own, or the reporter's fallback when the issue carries none.
  ///
  /// ```swift
  /// registry.issueReporter = TestIssueReporter()
  /// binding.unbind(stranger)  // a failure at this line: not held
  /// ```
  ///
  /// - Parameter issue: What went wrong and where.
  public func report(_ issue: RegistryIssue) {
    let location =
      issue.line > 0
      ? SourceLocation(
        fileID: issue.fileID, filePath: issue.filePath, line: issue.line,
        column: max(issue.column, 1))
      : fallback
    let severity: Issue.Severity =
      issue.severity == .warning && !failOnWarnings ? .warning : .error
    Issue.record(
      Comment(rawValue: issue.error.description), severity: severity, sourceLocation: location)
  }
}
