import Registry

/// An issue reporter that keeps every issue, for tests that check what was reported.
///
/// ```swift
/// let reporter = RecordingIssueReporter()
/// registry.issueReporter = reporter
/// binding.unbind(stranger)
/// #expect(reporter.issues.map(\.error) == [.notHeld(binding: binding.id, type: "Stranger", key: nil)])
/// ```
@MainActor
public final class RecordingIssueReporter: RegistryIssueReporter {
  /// The issues reported so far, oldest first.
  public private(set) var issues: [RegistryIssue] = []

  /// Creates a reporter with no issues.
  public nonisolated init() {}

  /// Keeps `issue`.
  ///
  /// - Parameter issue: What went wrong and where.
  public func report(_ issue: RegistryIssue) {
    issues.append(issue)
  }

  /// The errors of the issues reported so far, oldest first.
  public var errors: [RegistryError] { issues.map(\.error) }

  /// Forgets the issues reported so far.
  public func removeAll() {
    issues.removeAll()
  }
}
