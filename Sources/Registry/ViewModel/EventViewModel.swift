/// A view model with a channel of one-off events beside its other changes.
///
/// Events follow ``EventChannel``'s rules: each goes once to each current subscriber, none is
/// replayed, and one emitted with no subscriber is dropped. The channel finishes when the view
/// model is disposed.
///
/// ```swift
/// final class CheckoutViewModel: EventViewModel<CheckoutEvent> {
///   func pay() { emit(.paid) }
/// }
/// for await event in checkout.events { handle(event) }
/// ```
open class EventViewModel<Event>: ViewModel {
  /// The channel events go through.
  public let eventChannel = EventChannel<Event>()

  /// Creates an event view model.
  public override init() {
    super.init()
  }

  /// Delivers `event` once to each current subscriber.
  ///
  /// ```swift
  /// emit(.showError("Offline"))
  /// ```
  ///
  /// - Parameter event: The event.
  /// - Returns: Whether any subscriber received it.
  @discardableResult
  public func emit(_ event: Event) -> Bool {
    eventChannel.emit(event)
  }

  /// Calls `handler` with each later event until the returned closure is called.
  ///
  /// ```swift
  /// let stop = checkout.listenEvents { event in handle(event) }
  /// ```
  ///
  /// - Parameter handler: Receives each event.
  /// - Returns: A closure that unsubscribes.
  @discardableResult
  public func listenEvents(_ handler: @escaping (Event) throws -> Void) -> () -> Void {
    eventChannel.listen(handler)
  }
}

extension EventViewModel where Event: Sendable {
  /// An async stream of the events emitted from now on; it finishes at dispose.
  ///
  /// ```swift
  /// for await event in checkout.events { handle(event) }
  /// ```
  public var events: AsyncStream<Event> { eventChannel.events }
}
