import Registry

/// A lifecycle observer that keeps every event in order, for tests to assert against.
///
/// Added to a registry with `addLifecycle(_:)`, it hears what every `ViewModelLifecycle`
/// hears — each instance's creation, each binding that takes or lets go of it, its disposal —
/// and keeps the events in the order they happened, so a test can check when something was
/// built, who held it and that it was disposed exactly once. In a test's registry it goes away
/// with the registry.
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
  ///
  /// Each names what happened, the instance's type and key, and the binding, when one took
  /// part.
  ///
  /// ```swift
  /// #expect(recorder.events.map(\.kind) == [.create, .bind])
  /// ```
  public private(set) var events: [LifecycleEvent] = []

  /// Creates an empty recorder.
  ///
  /// It records nothing until it is added to a registry.
  ///
  /// ```swift
  /// let recorder = RecordingLifecycle()
  /// ViewModelRegistry.current.addLifecycle(recorder)
  /// ```
  public nonisolated init() {}

  /// The events as text, `kind Type(key: …) binding`, oldest first.
  ///
  /// Easier to read in a failed expectation than the events themselves, and to compare with
  /// the whole story at once.
  ///
  /// ```swift
  /// let binding = ViewModelBinding(label: "Screen")
  /// _ = binding.watch(counterSpec)
  /// print(recorder.lines.joined(separator: "\n"))
  /// // create CounterViewModel(key: "counter") Screen#1
  /// // bind CounterViewModel(key: "counter") Screen#1
  /// ```
  public var lines: [String] { events.map(\.description) }

  /// Forgets the events recorded so far.
  ///
  /// It keeps recording what comes after, so a test can look at one step at a time.
  ///
  /// ```swift
  /// recorder.removeAll()
  /// binding.dispose()
  /// #expect(recorder.events.map(\.kind) == [.unbind, .dispose])
  /// ```
  public func removeAll() {
    events.removeAll()
  }

  /// Records the event.
  ///
  /// The registry calls it when an instance was built: the `.create` event is appended
  /// to ``events``.
  ///
  /// ```swift
  /// #expect(recorder.events.last?.kind == .create)
  /// ```
  ///
  /// - Parameter event: What happened, to which instance, through which binding.
  public func onCreate(_ event: LifecycleEvent) { events.append(event) }
  /// Records the event.
  ///
  /// The registry calls it when a binding took hold of an instance: the `.bind` event is appended
  /// to ``events``.
  ///
  /// ```swift
  /// #expect(recorder.events.last?.kind == .bind)
  /// ```
  ///
  /// - Parameter event: What happened, to which instance, through which binding.
  public func onBind(_ event: LifecycleEvent) { events.append(event) }
  /// Records the event.
  ///
  /// The registry calls it when a binding let go of an instance: the `.unbind` event is appended
  /// to ``events``.
  ///
  /// ```swift
  /// #expect(recorder.events.last?.kind == .unbind)
  /// ```
  ///
  /// - Parameter event: What happened, to which instance, through which binding.
  public func onUnbind(_ event: LifecycleEvent) { events.append(event) }
  /// Records the event.
  ///
  /// The registry calls it when an instance was disposed: the `.dispose` event is appended
  /// to ``events``.
  ///
  /// ```swift
  /// #expect(recorder.events.last?.kind == .dispose)
  /// ```
  ///
  /// - Parameter event: What happened, to which instance, through which binding.
  public func onDispose(_ event: LifecycleEvent) { events.append(event) }
}
