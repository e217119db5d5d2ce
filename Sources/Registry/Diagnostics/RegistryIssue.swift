/// A reported mistake: the error, how serious it is, and where in the caller's code it happened.
///
/// Non-throwing APIs hand a `RegistryIssue` to the registry's ``RegistryIssueReporter``
/// instead of crashing.
///
/// ```swift
/// struct CollectingReporter: RegistryIssueReporter {
///   func report(_ issue: RegistryIssue) {
///     print(issue.severity, issue.fileID, issue.line, issue.error)
///   }
/// }
/// ```
public struct RegistryIssue: Sendable, CustomStringConvertible {
  /// How serious an issue is: a mistake to fix, or a sign worth a look.
  ///
  /// A mistake in how the registry was used is an ``error``; a guess from a heuristic, such as
  /// ``RegistryError/keyChurn(type:lastKey:count:window:)``, is a ``warning``. `RegistryTesting`
  /// records errors as test failures and warnings as test warnings.
  ///
  /// ```swift
  /// func report(_ issue: RegistryIssue) {
  ///   if issue.severity == .warning {
  ///     log.notice("\(issue)")
  ///   } else {
  ///     log.error("\(issue)")
  ///   }
  /// }
  /// ```
  public enum Severity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Possibly a mistake: the registry saw a pattern that usually is one. Nothing was wrong
    /// with the call itself.
    case warning
    /// A mistake in how the registry was used.
    case error

    /// `warning` or `error`.
    public var description: String {
      switch self {
      case .warning: "warning"
      case .error: "error"
      }
    }
  }

  /// What went wrong.
  public let error: RegistryError
  /// How serious it is; by default, the error's own ``RegistryError/severity``.
  public let severity: Severity
  /// The caller's file, as `#fileID` gives it.
  public let fileID: String
  /// The caller's file, as `#filePath` gives it.
  public let filePath: String
  /// The caller's line; 0 when the issue has no source location.
  public let line: Int
  /// The caller's column; 0 when the issue has no source location.
  public let column: Int

  /// Creates an issue for an error at a source location.
  ///
  /// ```swift
  /// let issue = RegistryIssue(
  ///   error: .notHeld(binding: "Screen#1", type: "Draft", key: nil),
  ///   fileID: "App/Screen.swift", filePath: "/src/App/Screen.swift",
  ///   line: 12, column: 5)
  /// // issue.severity == .error, the error's own severity
  /// ```
  ///
  /// - Parameters:
  ///   - error: What went wrong.
  ///   - fileID: The caller's `#fileID`.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  ///   - severity: How serious it is; `nil` (the default) takes the error's
  ///     ``RegistryError/severity``.
  public init(
    error: RegistryError, fileID: String, filePath: String, line: Int, column: Int,
    severity: Severity? = nil
  ) {
    self.error = error
    self.severity = severity ?? error.severity
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `file:line: message`, the way compilers print diagnostics; just the message when the issue
  /// has no source location (a listener's error, a change to a disposed view model).
  public var description: String {
    line > 0 ? "\(fileID):\(line): \(error.description)" : error.description
  }
}

/// Where a call came from; captured by default arguments on every API that can report.
package struct CallSite: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  func issue(_ error: RegistryError) -> RegistryIssue {
    RegistryIssue(
      error: error, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line),
      column: Int(column))
  }
}
