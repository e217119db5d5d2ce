/// A lifecycle observer that prints each event, one line each.
///
/// ```swift
/// ViewModel.initialize(lifecycles: [LoggingLifecycle()])
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

  /// Logs the event.
  public func onCreate(_ event: LifecycleEvent) { write("[Registry] \(event)") }
  /// Logs the event.
  public func onBind(_ event: LifecycleEvent) { write("[Registry] \(event)") }
  /// Logs the event.
  public func onUnbind(_ event: LifecycleEvent) { write("[Registry] \(event)") }
  /// Logs the event.
  public func onDispose(_ event: LifecycleEvent) { write("[Registry] \(event)") }
}
