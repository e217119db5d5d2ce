import Registry
import Testing

/// An issue reporter that records each reported mistake as a Swift Testing issue at the line
/// that made it, instead of printing.
///
/// An issue of severity ``RegistryIssue/Severity/error`` fails the test. One of severity
/// ``RegistryIssue/Severity/warning`` — key churn, a guess from a heuristic — is recorded as a
/// Swift Testing warning, which shows in the results without failing the test, unless
/// ``failOnWarnings`` is `true`.
///
/// The ``Testing/Trait/registry`` trait and ``withRegistry(_:leakCheck:failOnWarnings:sourceLocation:operation:)``
/// install it.
///
/// ```swift
/// registry.issueReporter = TestIssueReporter()
/// binding.unbind(stranger)  // fails the test at this line, with the full message
///
/// registry.issueReporter = TestIssueReporter(failOnWarnings: true)  // key churn fails too
/// ```
@MainActor
public final class TestIssueReporter: RegistryIssueReporter {
  private let fallback: SourceLocation

  /// Whether warnings fail the test like errors do; `false` records them as test warnings.
  ///
  /// ```swift
  /// reporter.failOnWarnings = true
  /// ```
  public var failOnWarnings: Bool

  /// Creates a reporter; issues without a location of their own are recorded at `fallback`.
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
