import Registry

/// AppleViewModel's error type: in this module, Registry's own `RegistryError`.
///
/// Every mistake Registry throws is a `ViewModelError`, so code written for AppleViewModel that
/// matches `error is ViewModelError`, or catches it, still does; and an error thrown with a
/// message, `ViewModelError("…")`, is `RegistryError.message(_:)`.
///
/// ```swift
/// guard let user else { throw ViewModelError("no user signed in") }
///
/// do {
///   _ = try binding.readThrowing(profileSpec)
/// } catch let error as ViewModelError {
///   print(error.message)
/// }
/// ```
public typealias ViewModelError = RegistryError

extension RegistryError {
  /// An error with a message, as AppleViewModel's `ViewModelError("…")` makes one.
  ///
  /// ```swift
  /// throw ViewModelError("no user signed in")
  /// ```
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) {
    self = .message(message)
  }

  /// What went wrong: the message of `RegistryError.message(_:)`, else the whole description.
  ///
  /// ```swift
  /// print(error.message)
  /// ```
  public var message: String {
    if case .message(let text) = self { return text }
    return description
  }
}
