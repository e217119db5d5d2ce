import Registry
import Testing

/// An issue reporter that records each reported mistake as a Swift Testing issue at the line
/// that made it, instead of printing.
///
/// The ``Testing/Trait/registry`` trait and ``withRegistry(_:leakCheck:operation:)`` install it.
///
/// ```swift
/// registry.issueReporter = TestIssueReporter()
/// binding.unbind(stranger)  // fails the test at this line, with the full message
/// ```
@MainActor
public final class TestIssueReporter: RegistryIssueReporter {
  private let fallback: SourceLocation

  /// Creates a reporter; issues without a location of their own are recorded at `fallback`.
  ///
  /// - Parameter fallback: Where to record issues that carry no location.
  public nonisolated init(fallback: SourceLocation = #_sourceLocation) {
    self.fallback = fallback
  }

  /// Records `issue` as a test issue.
  ///
  /// - Parameter issue: What went wrong and where.
  public func report(_ issue: RegistryIssue) {
    let location =
      issue.line > 0
      ? SourceLocation(
        fileID: issue.fileID, filePath: issue.filePath, line: issue.line,
        column: max(issue.column, 1))
      : fallback
    Issue.record(Comment(rawValue: issue.error.description), sourceLocation: location)
  }
}
