#if canImport(Combine)
  @preconcurrency import Combine

  /// A publisher that gives each subscriber its own feed: `attach` registers the feed with a
  /// view model or channel when the subscriber subscribes — at once on the main actor, on its
  /// next turn elsewhere — and the feed unregisters when the subscriber cancels. Nothing is
  /// registered for a publisher nobody subscribes to, and one subscriber's cancel never touches
  /// another's feed.
  struct FeedPublisher<Output>: Publisher {
    typealias Failure = Never

    /// Keeps the newest value while the subscriber has no demand (`CurrentValueSubject`'s
    /// rule); otherwise a value without demand is dropped (`PassthroughSubject`'s).
    let keepsNewest: Bool
    let attach: @MainActor @Sendable (Feed<Output>) -> Void

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      let feed = Feed<Output>(subscriber, keepsNewest: keepsNewest)
      subscriber.receive(subscription: feed)
      let attach = self.attach
      runOnMainActor { if !feed.isCancelled { attach(feed) } }
    }
  }

  /// One subscriber's feed. Its state is main-actor state: Combine may call `request` and
  /// `cancel` from any thread, so both hop to the main actor (at once when already there).
  final class Feed<Output>: Subscription, @unchecked Sendable {
    private var receive: ((Output) -> Subscribers.Demand)?
    private var complete: (() -> Void)?
    private let keepsNewest: Bool
    private var demand = Subscribers.Demand.none
    private var held: Output?
    /// Unregisters the feed; set by whoever attached it.
    var onCancel: (@MainActor () -> Void)?
    private(set) var isCancelled = false

    init<S: Subscriber>(_ subscriber: S, keepsNewest: Bool)
    where S.Input == Output, S.Failure == Never {
      receive = { subscriber.receive($0) }
      complete = { subscriber.receive(completion: .finished) }
      self.keepsNewest = keepsNewest
    }

    func request(_ demand: Subscribers.Demand) {
      runOnMainActor { [self] in
        self.demand += demand
        if let held, self.demand > 0 {
          self.held = nil
          send(held)
        }
      }
    }

    func cancel() {
      runOnMainActor { [self] in
        guard !isCancelled else { return }
        isCancelled = true
        receive = nil
        complete = nil
        onCancel?()
        onCancel = nil
      }
    }

    /// Delivers `value` if the subscriber asked for one; keeps or drops it otherwise.
    @MainActor
    func send(_ value: Output) {
      guard let receive else { return }
      guard demand > 0 else {
        if keepsNewest { held = value }
        return
      }
      demand -= 1
      demand += receive(value)
    }

    /// Ends the feed: the subscriber gets `.finished`, once.
    @MainActor
    func finish() {
      guard let complete else { return }
      receive = nil
      self.complete = nil
      onCancel = nil
      complete()
    }
  }
#endif
