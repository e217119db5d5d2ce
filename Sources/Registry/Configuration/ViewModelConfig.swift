/// Registry-wide settings: logging, how states compare, where listener errors go.
///
/// ```swift
/// registry.configure(
///   config: ViewModelConfig(
///     isLoggingEnabled: true, onError: { error in crashReporter.log(error) }))
/// ```
public struct ViewModelConfig: Sendable {
  /// Prints every create, bind, unbind and dispose when `true`.
  public var isLoggingEnabled: Bool
  /// Compares two states for every ``StateViewModel`` that has no `equals` of its own, and two
  /// selected values for `listenStateSelect` without one; `true` means equal, and an equal state
  /// notifies nobody. When `nil`, `Equatable` states compare with `==` and other states always
  /// notify. The values arrive boxed, as AppleViewModel passes them.
  public var equals: (@Sendable (Any?, Any?) -> Bool)?
  /// Receives errors thrown by listeners, state listeners and lifecycle observers. When `nil`,
  /// they go to the registry's ``RegistryIssueReporter`` as
  /// ``RegistryError/listenerFailed(type:error:)``.
  public var onError: (@MainActor (any Error) -> Void)?
  /// A second handler of the same errors that also hears where each came from; part of the
  /// package interface (the AppleViewModel compatibility module's two-argument `onError`). What
  /// it throws is reported as ``RegistryError/message(_:)``.
  package var errorTap: (@Sendable (any Error, ErrorSource) throws -> Void)?
  /// In debug builds, warns about a binding that replaces more than `count` instances of one
  /// type within `window` (builds a new one right after one it built was disposed) — the sign
  /// of an unstable key re-creating view models on every render.
  /// `nil` turns the warning off.
  public var keyChurnWarning: KeyChurnThreshold?

  /// Creates a configuration.
  ///
  /// ```swift
  /// let config = ViewModelConfig(isLoggingEnabled: true)
  /// ```
  ///
  /// - Parameters:
  ///   - isLoggingEnabled: Prints lifecycle events.
  ///   - equals: The state comparison for state view models without their own.
  ///   - onError: Where listener and observer errors go.
  ///   - keyChurnWarning: When to warn about a binding re-creating instances; `nil` never.
  public init(
    isLoggingEnabled: Bool = false, equals: (@Sendable (Any?, Any?) -> Bool)? = nil,
    onError: (@MainActor (any Error) -> Void)? = nil,
    keyChurnWarning: KeyChurnThreshold? = KeyChurnThreshold()
  ) {
    self.isLoggingEnabled = isLoggingEnabled
    self.equals = equals
    self.onError = onError
    self.keyChurnWarning = keyChurnWarning
  }
}

/// Where an error that reached the error handlers came from.
package enum ErrorSource: Sendable, Hashable {
  case listener, lifecycle, dispose, pauseResume
}

/// How many replacements of one binding's instances of one type within how long count as key
/// churn.
///
/// ```swift
/// ViewModelConfig(
///   keyChurnWarning: KeyChurnThreshold(count: 50, window: .seconds(2)))
/// ```
public struct KeyChurnThreshold: Sendable, Hashable {
  /// More replacements than this within ``window`` trigger the warning. A replacement is a
  /// build that follows the disposal of an instance of the same type the same binding built;
  /// behind a host, which builds before it lets go, `n` changes of key count `n - 1`.
  public var count: Int
  /// The sliding window.
  public var window: Duration

  /// Creates a threshold; the default warns at more than 20 replacements within one second.
  ///
  /// - Parameters:
  ///   - count: Replacements allowed within the window.
  ///   - window: The window's length.
  public init(count: Int = 20, window: Duration = .seconds(1)) {
    self.count = count
    self.window = window
  }
}
