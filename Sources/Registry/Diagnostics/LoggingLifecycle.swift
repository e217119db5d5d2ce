/// A lifecycle observer that prints each event, one line each, prefixed with `[Registry]` —
/// or `[Registry name]` for a registry other than the default one, so that logs of several
/// registries can be told apart.
///
/// ```swift
/// ViewModelRegistry.default.addLifecycle(LoggingLifecycle())
/// // [Registry] create CounterViewModel(key: "counter") Header#1
/// ```
@MainActor
public final class LoggingLifecycle: ViewModelLifecycle {
  private let write: @MainActor (String) -> Void

  /// Creates a logger that prints, or hands each line to `write`.
  ///
  /// - Parameter write: Where lines go; `print` by default.
  public nonisolated init(write: @escaping @MainActor (String) -> Void = { print($0) }) {
    self.write = write
  }

  private func log(_ event: LifecycleEvent) {
    let prefix = event.registry == "default" ? "[Registry]" : "[Registry \(event.registry)]"
    write("\(prefix) \(event)")
  }

  /// Logs the event.
  public func onCreate(_ event: LifecycleEvent) { log(event) }
  /// Logs the event.
  public func onBind(_ event: LifecycleEvent) { log(event) }
  /// Logs the event.
  public func onUnbind(_ event: LifecycleEvent) { log(event) }
  /// Logs the event.
  public func onDispose(_ event: LifecycleEvent) { log(event) }
}
