import Foundation

extension Subscribers {
  /// A simple subscriber that requests an unlimited number of values upon subscription.
  final public class Sink<Input, Failure>: Subscriber, Cancellable, CustomStringConvertible
  where Failure: Error {
    private enum Status {
      case awaitingSubscription
      case subscribed(any Subscription)
      case terminal
    }

    private let lock = NSRecursiveLock()
    private var status = Status.awaitingSubscription
    private var valueHandler: ((Input) -> Void)?
    private var completionHandler: ((Subscribers.Completion<Failure>) -> Void)?

    /// Initializes a sink with the provided closures.
    public init(
      receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
      receiveValue: @escaping ((Input) -> Void)
    ) {
      valueHandler = receiveValue
      completionHandler = receiveCompletion
    }

    /// A textual representation of the sink.
    final public var description: String { "Sink" }

    /// Keeps the first subscription and requests unlimited values; cancels any later one.
    final public func receive(subscription: any Subscription) {
      lock.lock()
      guard case .awaitingSubscription = status else {
        lock.unlock()
        subscription.cancel()
        return
      }
      status = .subscribed(subscription)
      lock.unlock()
      subscription.request(.unlimited)
    }

    /// Runs the value closure.
    final public func receive(_ value: Input) -> Subscribers.Demand {
      lock.lock()
      let handler = valueHandler
      lock.unlock()
      handler?(value)
      return .none
    }

    /// Runs the completion closure once, then lets go of both closures.
    final public func receive(completion: Subscribers.Completion<Failure>) {
      lock.lock()
      if case .terminal = status {
        lock.unlock()
        return
      }
      status = .terminal
      let handler = completionHandler
      valueHandler = nil
      completionHandler = nil
      lock.unlock()
      handler?(completion)
    }

    /// Cancels the subscription and lets go of both closures.
    final public func cancel() {
      lock.lock()
      guard case .subscribed(let subscription) = status else {
        status = .terminal
        valueHandler = nil
        completionHandler = nil
        lock.unlock()
        return
      }
      status = .terminal
      valueHandler = nil
      completionHandler = nil
      lock.unlock()
      subscription.cancel()
    }
  }
}

extension Publisher {
  /// Attaches a subscriber with closure-based behavior.
  public func sink(
    receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void),
    receiveValue: @escaping ((Self.Output) -> Void)
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Self.Failure == Never {
  /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
  public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
