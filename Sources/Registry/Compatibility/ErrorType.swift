/// What kind of code threw an error that reaches ``ViewModelConfig/onErrorWithType``.
///
/// ```swift
/// ViewModelConfig(onError: { error, type in
///   if type == .listener { log("listener failed: \(error)") }
/// })
/// ```
public enum ErrorType: Sendable, Hashable {
  /// A listener, state listener or selected-state listener threw.
  case listener
  /// A lifecycle observer (``ViewModelLifecycle``) threw.
  case lifecycle
  /// Disposal failed. Registry's disposal code cannot throw, so only
  /// ``reportViewModelError(_:type:context:)`` uses it.
  case dispose
  /// Pausing or resuming failed. Only ``reportViewModelError(_:type:context:)`` uses it.
  case pauseResume
}
