/// One-off events — a toast, a navigation, an error to show once — kept apart from state.
///
/// Each event goes once to each subscriber present when it is emitted, and is never replayed
/// to a later one. Every subscriber sees events in the order they were emitted, even when a
/// handler emits while handling another: that event is delivered after the one in progress. An
/// event emitted with no subscriber is dropped: ``emit(_:)`` returns `false` so the caller can
/// tell. A stream from ``events`` subscribes when it is created, and keeps the events emitted
/// before its consumer starts iterating.
///
/// A channel kept in a stored property of a view model (a `let`, an optional or a `lazy var`)
/// finishes when that view model is disposed, whatever its class: a `StateViewModel` can send
/// one-off events beside its state, and a `for await` over them ends with it. To share one
/// channel among view models, keep it in a service and let them reach it through the service:
/// each view model that stores it would finish it.
///
/// ```swift
/// let toasts = EventChannel<String>()
/// let stop = toasts.listen { print("toast:", $0) }
/// toasts.emit("Saved")  // prints "toast: Saved"
/// stop()
/// toasts.emit("Lost")   // returns false: nobody heard it
/// ```
@MainActor
public final class EventChannel<Event> {
  private var handlers = ListenerList<(Event) throws -> Void>()
  var streams = StreamContinuations<Event>()
  private let registry: ViewModelRegistry
  /// Events emitted by a handler while another event was being delivered, oldest first, each
  /// with the subscribers present when it was emitted: one that subscribes meanwhile gets none
  /// of them.
  private var pending: [Queued] = []
  private struct Queued {
    let event: Event
    let handlers: [Listener<(Event) throws -> Void>]
    /// The newest stream when the event was emitted.
    let newestStream: UInt64
  }
  private var isDelivering = false

  /// Whether ``finish()`` has run; a finished channel delivers nothing.
  public private(set) var isFinished = false

  /// Creates a channel; handler errors go to the current registry's error route.
  ///
  /// ```swift
  /// let navigation = EventChannel<Route>()
  /// ```
  public nonisolated init() {
    registry = ViewModelRegistry.current
  }

  /// Delivers `event` once to each current subscriber.
  ///
  /// ```swift
  /// channel.emit(.showError("Offline"))
  /// ```
  ///
  /// - Parameter event: The event.
  /// - Returns: Whether any subscriber received it.
  @discardableResult
  public func emit(_ event: Event) -> Bool {
    guard !isFinished, !handlers.isEmpty || !streams.isEmpty else { return false }
    if isDelivering {
      // From inside a handler: delivered after the event in progress, so that every
      // subscriber sees events in the order they were emitted.
      pending.append(Queued(event: event, handlers: handlers.items, newestStream: streams.newestID))
      return true
    }
    isDelivering = true
    let newestStream = streams.newestID
    deliver(event, to: handlers.items)
    streams.yield(event, toStreamsUpTo: newestStream)
    var next = 0
    while next < pending.count, !isFinished {
      let queued = pending[next]
      next += 1
      deliver(queued.event, to: queued.handlers)
      streams.yield(queued.event, toStreamsUpTo: queued.newestStream)
    }
    pending.removeAll(keepingCapacity: true)
    isDelivering = false
    return true
  }

  /// Calls each of `handlers` still subscribed (one removed meanwhile has no callback).
  private func deliver(_ event: Event, to handlers: [Listener<(Event) throws -> Void>]) {
    for handler in handlers {
      guard let callback = handler.callback else { continue }
      do {
        try callback(event)
      } catch {
        registry.handleListenerError(error, from: EventChannel.self)
      }
    }
  }

  /// Calls `handler` with every later event until the returned closure is called.
  ///
  /// ```swift
  /// let stop = channel.listen { route in navigate(to: route) }
  /// ```
  ///
  /// - Parameter handler: Receives each event; an error it throws goes to the error route and
  ///   does not stop other subscribers.
  /// - Returns: A closure that unsubscribes.
  @discardableResult
  public func listen(_ handler: @escaping (Event) throws -> Void) -> () -> Void {
    guard !isFinished else { return {} }
    let listener = handlers.add(handler)
    return { [weak self] in
      listener.callback = nil
      self?.handlers.remove(listener)
    }
  }

  /// Whether anything is subscribed.
  ///
  /// ```swift
  /// if !channel.hasSubscribers { queue(event) }
  /// ```
  public var hasSubscribers: Bool { !handlers.isEmpty || !streams.isEmpty }

  /// Ends the channel: streams finish and no event is delivered again.
  ///
  /// ```swift
  /// channel.finish()
  /// ```
  public func finish() {
    isFinished = true
    handlers.removeAll()
    for finish in streams.takeFinishers() { finish() }
  }
}

extension EventChannel where Event: Sendable {
  /// An async stream of the events emitted from now on; it finishes with the channel.
  ///
  /// ```swift
  /// for await toast in viewModel.events { show(toast) }
  /// ```
  public var events: AsyncStream<Event> {
    let (stream, continuation) = AsyncStream<Event>.makeStream()
    guard !isFinished else {
      continuation.finish()
      return stream
    }
    let id = streams.add(yield: { continuation.yield($0) }, finish: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      runOnMainActor { self?.streams.remove(id) }
    }
    return stream
  }
}
