import Registry

/// Prints a debug line when the current registry's `ViewModelConfig.isLoggingEnabled` is
/// `true`; otherwise does nothing, without building the message. Callable from any thread.
///
/// ```swift
/// viewModelLog("loaded \(items.count) items")
/// // [Registry] FeedViewModel.swift:42 load() — loaded 12 items
/// ```
///
/// - Parameters:
///   - message: The text; only evaluated when logging is on.
///   - function: The calling function; leave the default.
///   - file: The calling file; leave the default.
///   - line: The calling line; leave the default.
public func viewModelLog(
  _ message: @autoclosure () -> String, function: StaticString = #function,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard ViewModelRegistry.current.configSnapshot.value.isLoggingEnabled else { return }
  let fileName = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
  print("[Registry] \(fileName):\(line) \(function) — \(message())")
}

/// Hands an error to the current registry's error handlers; callable from any thread, never
/// throws.
///
/// The handler of ``Registry/ViewModelConfig/init(isLoggingEnabled:equals:onError:)`` receives it
/// at once, on the calling thread, with `type`. Otherwise `ViewModelConfig.onError` receives it on
/// the main actor, and when neither is set it is reported as `RegistryError.message(_:)` with the
/// context. `context` appears only in the report, as in AppleViewModel, whose handler does not
/// receive it.
///
/// ```swift
/// do { try cache.save() } catch {
///   reportViewModelError(error, type: .dispose, context: "saving the cache")
/// }
/// ```
///
/// - Parameters:
///   - error: What went wrong.
///   - type: What kind of code it came from.
///   - context: What was being done, for the report.
public func reportViewModelError(_ error: any Error, type: ErrorType, context: String) {
  let registry = ViewModelRegistry.current
  let config = registry.configSnapshot.value
  if let handler = config.errorTap {
    do {
      try handler(error, type.source)
      return
    } catch let handlerError {
      let failure = RegistryError.errorHandlerThrew(
        source: type.source, error: error, handlerError: handlerError)
      runOnMainActor { registry.report(failure, at: nil) }
      return
    }
  }
  let reported = ReportedError(
    error: error,
    failure: .message(
      """
      \(context): \(error)
        Kind: \(type)   Error: \(error)
      reportViewModelError(_:type:context:) was called and no error handler is configured, so it comes here.
      To fix, handle the error where it happens, or set ViewModelConfig's onError to receive such errors.
      """))
  runOnMainActor {
    if let onError = registry.config.onError {
      onError(reported.error)
    } else {
      registry.report(reported.failure, at: nil)
    }
  }
}

/// An error on its way to the main actor. `@unchecked`: the error is only handed to the
/// handler, never read or changed on the way.
private struct ReportedError: @unchecked Sendable {
  let error: any Error
  let failure: RegistryError
}
