/// Registry-wide settings: logging, how states compare, where listener errors go.
///
/// ```swift
/// ViewModel.initialize(
///   config: ViewModelConfig(isLoggingEnabled: true, onError: { error in crashReporter.log(error) })
/// )
/// ```
public struct ViewModelConfig {
  /// Prints every create, bind, unbind and dispose when `true`.
  public var isLoggingEnabled: Bool
  /// Compares two states for every ``StateViewModel`` that has no `equals` of its own; `true`
  /// means equal, and an equal state notifies nobody. When `nil`, `Equatable` states compare with
  /// `==` and other states always notify.
  public var equals: (@MainActor (Any, Any) -> Bool)?
  /// Receives errors thrown by listeners, state listeners and lifecycle observers. When `nil`,
  /// they go to the registry's ``RegistryIssueReporter`` as
  /// ``RegistryError/listenerFailed(type:error:)``.
  public var onError: (@MainActor (any Error) -> Void)?

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
  public init(
    isLoggingEnabled: Bool = false, equals: (@MainActor (Any, Any) -> Bool)? = nil,
    onError: (@MainActor (any Error) -> Void)? = nil
  ) {
    self.isLoggingEnabled = isLoggingEnabled
    self.equals = equals
    self.onError = onError
  }
}
