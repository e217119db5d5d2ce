import Registry

extension ViewModelConfig {
  /// Creates a configuration with AppleViewModel's error handler, which receives the
  /// ``ErrorType`` with each error and may throw.
  ///
  /// ```swift
  /// ViewModel.initialize(
  ///   config: ViewModelConfig(
  ///     isLoggingEnabled: true,
  ///     equals: { ($0 as? AnyHashable) == ($1 as? AnyHashable) },
  ///     onError: { error, type in crashReporter.record(error, kind: "\(type)") }
  ///   )
  /// )
  /// ```
  ///
  /// > Important: An `equals` like the one above says that any two values that are not
  /// > `Hashable` are equal (both casts give `nil`), so state view models with such a state stop
  /// > notifying. Give those view models an `equals` of their own.
  ///
  /// - Parameters:
  ///   - isLoggingEnabled: Prints lifecycle events.
  ///   - equals: The state comparison for state view models without their own.
  ///   - onError: Receives listener and observer errors, and what
  ///     ``reportViewModelError(_:type:context:)`` reports, with their kind. What it throws is
  ///     reported as `RegistryError.message(_:)`.
  public init(
    isLoggingEnabled: Bool = false, equals: (@Sendable (Any?, Any?) -> Bool)? = nil,
    onError: (@Sendable (any Error, ErrorType) throws -> Void)?
  ) {
    self.init(isLoggingEnabled: isLoggingEnabled, equals: equals)
    if let onError {
      errorTap = { @Sendable error, source in try onError(error, ErrorType(source)) }
    }
  }
}
