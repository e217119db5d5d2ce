/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
  /// The kind of values published by this publisher.
  associatedtype Output
  /// The kind of errors this publisher might publish.
  associatedtype Failure: Error

  /// Attaches the specified subscriber to this publisher.
  func receive<S>(subscriber: S)
  where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

extension Publisher {
  /// Attaches the specified subscriber to this publisher.
  public func subscribe<S>(_ subscriber: S)
  where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {
    receive(subscriber: subscriber)
  }
}

/// A protocol that declares a type that can receive input from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of errors this subscriber might receive.
  associatedtype Failure: Error

  /// Tells the subscriber that it has successfully subscribed to the publisher and may request
  /// items.
  func receive(subscription: any Subscription)
  /// Tells the subscriber that the publisher has produced an element.
  func receive(_ input: Self.Input) -> Subscribers.Demand
  /// Tells the subscriber that the publisher has completed publishing.
  func receive(completion: Subscribers.Completion<Self.Failure>)
}

/// A protocol representing the connection of a subscriber to a publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Tells a publisher that it may send more values to the subscriber.
  func request(_ demand: Subscribers.Demand)
}

/// A namespace for symbols related to subscriptions.
public enum Subscriptions {}

extension Subscriptions {
  /// Returns the "empty" subscription.
  public static var empty: any Subscription { EmptySubscription() }
}

/// The subscription handed to a subscriber of a publisher that has already finished.
final class EmptySubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

/// A type-erasing subscriber.
@frozen
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  /// The identity of the wrapped subscriber.
  public let combineIdentifier: CombineIdentifier
  @usableFromInline let receiveSubscriptionThunk: (any Subscription) -> Void
  @usableFromInline let receiveValueThunk: (Input) -> Subscribers.Demand
  @usableFromInline let receiveCompletionThunk: (Subscribers.Completion<Failure>) -> Void
  private let descriptionThunk: () -> String

  /// Creates a type-erasing subscriber to wrap an existing subscriber.
  public init<S>(_ s: S) where Input == S.Input, Failure == S.Failure, S: Subscriber {
    if let erased = s as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    combineIdentifier = s.combineIdentifier
    receiveSubscriptionThunk = s.receive(subscription:)
    receiveValueThunk = s.receive(_:)
    receiveCompletionThunk = s.receive(completion:)
    descriptionThunk = { String(describing: s) }
  }

  /// Creates a type-erasing subscriber that executes the provided closures.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    combineIdentifier = CombineIdentifier()
    receiveSubscriptionThunk = receiveSubscription ?? { _ in }
    receiveValueThunk = receiveValue ?? { _ in .none }
    receiveCompletionThunk = receiveCompletion ?? { _ in }
    descriptionThunk = { "Anonymous AnySubscriber" }
  }

  /// A textual representation of the wrapped subscriber.
  public var description: String { descriptionThunk() }

  /// Forwards the subscription to the wrapped subscriber.
  @inlinable public func receive(subscription: any Subscription) {
    receiveSubscriptionThunk(subscription)
  }

  /// Forwards the value to the wrapped subscriber.
  @inlinable public func receive(_ value: Input) -> Subscribers.Demand {
    receiveValueThunk(value)
  }

  /// Forwards the completion to the wrapped subscriber.
  @inlinable public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionThunk(completion)
  }
}

/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends a value to the subscriber.
  func send(_ value: Self.Output)
  /// Sends a completion signal to the subscriber.
  func send(completion: Subscribers.Completion<Self.Failure>)
  /// Sends a subscription to the subscriber.
  func send(subscription: any Subscription)
}

extension Subject where Self.Output == Void {
  /// Sends a void value to the subscriber.
  public func send() { send(()) }
}

/// A namespace for types that serve as publishers.
public enum Publishers {}
