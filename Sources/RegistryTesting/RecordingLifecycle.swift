import Registry

/// A lifecycle observer that keeps every event in order, for tests to assert against.
///
/// ```swift
/// let recorder = RecordingLifecycle()
/// registry.addLifecycle(recorder)
/// _ = binding.watch(counterSpec)
/// #expect(recorder.events.map(\.kind) == [.create, .bind])
/// ```
@MainActor
public final class RecordingLifecycle: ViewModelLifecycle {
  /// The events so far, oldest first.
  public private(set) var events: [LifecycleEvent] = []

  /// Creates an empty recorder.
  public nonisolated init() {}

  /// The events as text, `kind Type(key: …) binding`, oldest first.
  public var lines: [String] { events.map(\.description) }

  /// Forgets the events recorded so far.
  public func removeAll() {
    events.removeAll()
  }

  /// Records the event.
  public func onCreate(_ event: LifecycleEvent) { events.append(event) }
  /// Records the event.
  public func onBind(_ event: LifecycleEvent) { events.append(event) }
  /// Records the event.
  public func onUnbind(_ event: LifecycleEvent) { events.append(event) }
  /// Records the event.
  public func onDispose(_ event: LifecycleEvent) { events.append(event) }
}
