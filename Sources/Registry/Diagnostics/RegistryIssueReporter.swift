/// Receives the mistakes that non-throwing APIs cannot throw.
///
/// Each ``ViewModelRegistry`` has one reporter. The default, ``PrintingIssueReporter``, prints
/// the message; `RegistryTesting` installs one that records a test issue at the caller's line.
///
/// ```swift
/// final class Collect: RegistryIssueReporter {
///   var issues: [RegistryIssue] = []
///   func report(_ issue: RegistryIssue) { issues.append(issue) }
/// }
/// registry.issueReporter = Collect()
/// ```
@MainActor
public protocol RegistryIssueReporter: AnyObject {
  /// Handles one reported issue. Called on the main actor, synchronously, where it happened.
  ///
  /// - Parameter issue: What went wrong and where.
  func report(_ issue: RegistryIssue)
}

/// The default reporter: prints each issue to standard output, prefixed with `[Registry]`, and
/// warnings with `[Registry] warning:`.
///
/// ```swift
/// registry.issueReporter = PrintingIssueReporter()
/// // [Registry] App/Screen.swift:12: unbind(_:) was given a Draft that …
/// // [Registry] warning: RowViewModel instances were replaced 21 times …
/// ```
public final class PrintingIssueReporter: RegistryIssueReporter {
  /// Creates a printing reporter.
  public nonisolated init() {}

  /// Prints the issue with its source location; a warning says so first.
  ///
  /// - Parameter issue: What went wrong and where.
  public func report(_ issue: RegistryIssue) {
    print(issue.severity == .warning ? "[Registry] warning: \(issue)" : "[Registry] \(issue)")
  }
}
