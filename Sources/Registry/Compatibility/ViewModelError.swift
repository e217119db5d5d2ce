/// A simple error with a message, for view models that want to throw one.
///
/// Registry's own mistakes are ``RegistryError``s; this type is here so that code written for
/// AppleViewModel, which throws and matches it, keeps compiling.
///
/// ```swift
/// guard let user else { throw ViewModelError("no user signed in") }
/// // print(error) → "ViewModel error: no user signed in"
/// ```
public struct ViewModelError: Error, CustomStringConvertible, Sendable, Hashable {
  /// What went wrong.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// `ViewModel error: <message>`.
  public var description: String { "ViewModel error: \(message)" }
}
