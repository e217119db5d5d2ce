import Registry

/// What kind of code threw an error that reaches AppleViewModel's error handler (the `onError`
/// of ``Registry/ViewModelConfig/init(isLoggingEnabled:equals:onError:)``).
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

extension ErrorType {
  /// The kind of an error the registry routes.
  init(_ source: ErrorSource) {
    switch source {
    case .listener: self = .listener
    case .lifecycle: self = .lifecycle
    case .dispose: self = .dispose
    case .pauseResume: self = .pauseResume
    }
  }

  /// The registry's name for this kind.
  var source: ErrorSource {
    switch self {
    case .listener: .listener
    case .lifecycle: .lifecycle
    case .dispose: .dispose
    case .pauseResume: .pauseResume
    }
  }
}
