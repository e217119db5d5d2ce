/// A reported mistake: the error and where in the caller's code it happened.
///
/// Non-throwing APIs hand a `RegistryIssue` to the registry's ``RegistryIssueReporter``
/// instead of crashing.
///
/// ```swift
/// struct CollectingReporter: RegistryIssueReporter {
///   func report(_ issue: RegistryIssue) { print(issue.fileID, issue.line, issue.error) }
/// }
/// ```
public struct RegistryIssue: Sendable, CustomStringConvertible {
  /// What went wrong.
  public let error: RegistryError
  /// The caller's file, as `#fileID` gives it.
  public let fileID: String
  /// The caller's file, as `#filePath` gives it.
  public let filePath: String
  /// The caller's line; 0 when the issue has no source location.
  public let line: Int
  /// The caller's column.
  public let column: Int

  /// Creates an issue for an error at a source location.
  ///
  /// - Parameters:
  ///   - error: What went wrong.
  ///   - fileID: The caller's `#fileID`.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  public init(error: RegistryError, fileID: String, filePath: String, line: Int, column: Int) {
    self.error = error
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
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func issue(_ error: RegistryError) -> RegistryIssue {
    RegistryIssue(
      error: error, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line),
      column: Int(column))
  }
}
