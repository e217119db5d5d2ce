import Foundation

/// A publisher that performs type erasure by wrapping another publisher.
@frozen
public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible, Publisher {
  @usableFromInline let subscribeThunk: (AnySubscriber<Output, Failure>) -> Void
  private let name: String

  /// Creates a type-erasing publisher to wrap the provided publisher.
  public init<P>(_ publisher: P) where Output == P.Output, Failure == P.Failure, P: Publisher {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      self = erased
      return
    }
    subscribeThunk = { publisher.receive(subscriber: $0) }
    name = String(describing: P.self)
  }

  /// A textual representation of the wrapped publisher.
  public var description: String { "AnyPublisher(\(name))" }

  /// Attaches the subscriber to the wrapped publisher.
  @inlinable public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    subscribeThunk(AnySubscriber(subscriber))
  }
}

extension Publisher {
  /// Wraps this publisher with a type eraser.
  public func eraseToAnyPublisher() -> AnyPublisher<Self.Output, Self.Failure> {
    AnyPublisher(self)
  }
}

/// A publisher that emits an output to each subscriber just once, and then finishes.
public struct Just<Output>: Publisher {
  /// Just never fails.
  public typealias Failure = Never

  /// The one element that the publisher emits.
  public let output: Output

  /// Initializes a publisher that emits the specified output just once.
  public init(_ output: Output) {
    self.output = output
  }

  /// Attaches a subscriber; the value goes out on its first demand, followed by `.finished`.
  public func receive<S>(subscriber: S)
  where Output == S.Input, S: Subscriber, S.Failure == Never {
    subscriber.receive(subscription: JustSubscription(output, AnySubscriber(subscriber)))
  }
}

private final class JustSubscription<Output>: Subscription {
  private let lock = NSLock()
  private let output: Output
  private var downstream: AnySubscriber<Output, Never>?

  init(_ output: Output, _ downstream: AnySubscriber<Output, Never>) {
    self.output = output
    self.downstream = downstream
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "demand must be greater than zero")
    lock.lock()
    let downstream = self.downstream
    self.downstream = nil
    lock.unlock()
    guard let downstream else { return }
    _ = downstream.receive(output)
    downstream.receive(completion: .finished)
  }

  func cancel() {
    lock.lock()
    downstream = nil
    lock.unlock()
  }
}

/// A publisher that awaits subscription before running the supplied closure to create a
/// publisher for the new subscriber.
public struct Deferred<DeferredPublisher>: Publisher where DeferredPublisher: Publisher {
  /// The kind of values published by this publisher.
  public typealias Output = DeferredPublisher.Output
  /// The kind of errors this publisher might publish.
  public typealias Failure = DeferredPublisher.Failure

  /// The closure to execute when this deferred publisher receives a subscription.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a deferred publisher.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Makes the publisher for this subscriber, then attaches the subscriber to it.
  public func receive<S>(subscriber: S)
  where S: Subscriber, DeferredPublisher.Failure == S.Failure, DeferredPublisher.Output == S.Input {
    createPublisher().receive(subscriber: subscriber)
  }
}

extension Publishers {
  /// A publisher that performs the specified closures when publisher events occur.
  public struct HandleEvents<Upstream>: Publisher where Upstream: Publisher {
    /// The kind of values published by this publisher.
    public typealias Output = Upstream.Output
    /// The kind of errors this publisher might publish.
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream
    /// A closure that executes when the publisher receives the subscription from the upstream
    /// publisher.
    public var receiveSubscription: ((any Subscription) -> Void)?
    /// A closure that executes when the publisher receives a value from the upstream publisher.
    public var receiveOutput: ((Upstream.Output) -> Void)?
    /// A closure that executes when the upstream publisher finishes normally or terminates with
    /// an error.
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
    /// A closure that executes when the downstream receiver cancels publishing.
    public var receiveCancel: (() -> Void)?
    /// A closure that executes when the publisher receives a request for more elements.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// Creates a publisher that performs the specified closures when publisher events occur.
    ///
    /// `receiveRequest` has no default, as in Combine; `handleEvents(...)` gives every closure
    /// one.
    public init(
      upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Upstream.Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)?
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    /// Attaches the subscriber through an inner subscriber that runs the closures.
    public func receive<S>(subscriber: S)
    where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      upstream.subscribe(HandleEventsInner(self, AnySubscriber(subscriber)))
    }
  }
}

private final class HandleEventsInner<Upstream: Publisher>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private let lock = NSRecursiveLock()
  private var events: Publishers.HandleEvents<Upstream>?
  private var downstream: AnySubscriber<Input, Failure>?
  private var upstream: (any Subscription)?
  private var isTerminal = false

  init(_ events: Publishers.HandleEvents<Upstream>, _ downstream: AnySubscriber<Input, Failure>) {
    self.events = events
    self.downstream = downstream
  }

  var description: String { "HandleEvents" }

  func receive(subscription: any Subscription) {
    lock.lock()
    guard upstream == nil, !isTerminal, let downstream else {
      lock.unlock()
      subscription.cancel()
      return
    }
    upstream = subscription
    let handler = events?.receiveSubscription
    lock.unlock()
    handler?(subscription)
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    lock.lock()
    guard !isTerminal, let downstream else {
      lock.unlock()
      return .none
    }
    let handler = events?.receiveOutput
    lock.unlock()
    handler?(input)
    return downstream.receive(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    guard !isTerminal, let downstream else {
      lock.unlock()
      return
    }
    isTerminal = true
    let handler = events?.receiveCompletion
    events = nil
    self.downstream = nil
    upstream = nil
    lock.unlock()
    handler?(completion)
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    lock.lock()
    let handler = events?.receiveRequest
    let upstream = self.upstream
    lock.unlock()
    handler?(demand)
    upstream?.request(demand)
  }

  func cancel() {
    lock.lock()
    guard !isTerminal else {
      lock.unlock()
      return
    }
    isTerminal = true
    let handler = events?.receiveCancel
    let upstream = self.upstream
    events = nil
    downstream = nil
    self.upstream = nil
    lock.unlock()
    handler?()
    upstream?.cancel()
  }
}

extension Publisher {
  /// Performs the specified closures when publisher events occur.
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Self.Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Self.Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel,
      receiveRequest: receiveRequest)
  }
}

extension Publishers {
  /// A publisher that transforms all elements from the upstream publisher with a provided
  /// closure.
  public struct Map<Upstream, Output>: Publisher where Upstream: Publisher {
    /// The kind of errors this publisher might publish.
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream
    /// The closure that transforms elements from the upstream publisher.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher that transforms all elements from the upstream publisher.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches the subscriber through a transforming subscriber.
    public func receive<S>(subscriber: S)
    where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
      let transform = self.transform
      upstream.subscribe(TransformInner(AnySubscriber(subscriber), transform))
    }
  }

  /// A publisher that publishes the value of a key path.
  public struct MapKeyPath<Upstream, Output>: Publisher where Upstream: Publisher {
    /// The kind of errors this publisher might publish.
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream
    /// The key path of a property to publish.
    public let keyPath: KeyPath<Upstream.Output, Output>

    /// Attaches the subscriber through a transforming subscriber.
    public func receive<S>(subscriber: S)
    where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
      let keyPath = self.keyPath
      upstream.subscribe(TransformInner(AnySubscriber(subscriber)) { $0[keyPath: keyPath] })
    }
  }
}

/// Passes the upstream subscription straight through and transforms each value.
private struct TransformInner<Input, Output, Failure: Error>: Subscriber {
  let combineIdentifier = CombineIdentifier()
  let downstream: AnySubscriber<Output, Failure>
  let transform: (Input) -> Output

  init(_ downstream: AnySubscriber<Output, Failure>, _ transform: @escaping (Input) -> Output) {
    self.downstream = downstream
    self.transform = transform
  }

  func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
  func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(transform(input)) }
  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}

extension Publisher {
  /// Transforms all elements from the upstream publisher with a provided closure.
  public func map<T>(_ transform: @escaping (Self.Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Publishes the value of a key path.
  public func map<T>(_ keyPath: KeyPath<Self.Output, T>) -> Publishers.MapKeyPath<Self, T> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }
}
