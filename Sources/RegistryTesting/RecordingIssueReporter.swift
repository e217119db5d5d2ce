import Registry

/// An issue reporter that keeps every issue, for tests that check what was reported.
///
/// Installed as a registry's `issueReporter`, it replaces the one the ``Testing/Trait/registry``
/// trait or
/// [`withRegistry(_:operation:)`](doc:withRegistry(_:leakCheck:failOnWarnings:sourceLocation:operation:)-tnwb)
/// installed: a reported mistake no longer fails the test, it is kept, with its severity and
/// location, for the test to compare with what it expects. A test that makes the registry
/// report something on purpose uses it, so the run stays quiet.
///
/// ```swift
/// let reporter = RecordingIssueReporter()
/// registry.issueReporter = reporter
/// binding.unbind(stranger)
/// #expect(reporter.errors == [
///   .notHeld(binding: binding.id, type: "Stranger", key: nil)
/// ])
/// ```
@MainActor
public final class RecordingIssueReporter: RegistryIssueReporter {
  /// The issues reported so far, oldest first.
  ///
  /// Each keeps the error, its severity and the caller's location, when the call that made it
  /// took one.
  ///
  /// ```swift
  /// #expect(reporter.issues.map(\.severity) == [.warning])
  /// ```
  public private(set) var issues: [RegistryIssue] = []

  /// Creates a reporter with no issues.
  ///
  /// It keeps nothing until a registry reports to it: install it as the registry's
  /// `issueReporter`, in the trait's setup or in the test.
  ///
  /// ```swift
  /// @Test(.registry { $0.issueReporter = RecordingIssueReporter() })
  /// func reportsTheCycle() { … }
  /// ```
  public nonisolated init() {}

  /// Keeps `issue`.
  ///
  /// The registry calls it for each mistake it reports; it appends the issue to ``issues`` and
  /// records nothing on the test.
  ///
  /// ```swift
  /// reporter.report(issue)
  /// #expect(reporter.issues.count == 1)
  /// ```
  ///
  /// - Parameter issue: What went wrong and where.
  public func report(_ issue: RegistryIssue) {
    issues.append(issue)
  }

  /// The errors of the issues reported so far, oldest first.
  ///
  /// ``issues`` without the severities and locations: what most tests compare, since
  /// `RegistryError` is `Equatable` and its cases carry the facts of the message.
  ///
  /// ```swift
  /// #expect(reporter.errors.count == 1)
  /// ```
  public var errors: [RegistryError] { issues.map(\.error) }

  /// Forgets the issues reported so far.
  ///
  /// What is reported afterwards is kept as before, so a test can check one step at a time.
  ///
  /// ```swift
  /// reporter.removeAll()
  /// binding.unbind(stranger)
  /// #expect(reporter.errors.count == 1)
  /// ```
  public func removeAll() {
    issues.removeAll()
  }
}
