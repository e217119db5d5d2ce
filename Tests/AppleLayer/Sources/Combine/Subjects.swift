import Foundation

/// What a subject shares with its conduits: the list of live subscriptions and the terminal
/// event. Downstream calls are always made with no lock held, so subscribers may re-enter
/// (request, cancel, send) from inside a callback.
final class SubjectCore<Output, Failure: Error> {
  let lock = NSRecursiveLock()
  var conduits: [Conduit<Output, Failure>] = []
  var completion: Subscribers.Completion<Failure>?
  var upstreams: [any Subscription] = []

  func subscribe(
    _ subscriber: AnySubscriber<Output, Failure>, owner: AnyObject, replay: Output?
  ) {
    lock.lock()
    if let completion {
      lock.unlock()
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion)
      return
    }
    let conduit = Conduit(core: self, owner: owner, downstream: subscriber, pending: replay)
    conduits.append(conduit)
    lock.unlock()
    subscriber.receive(subscription: conduit)
  }

  /// Offers `value` to every conduit present now; `keepLatest` makes conduits without demand
  /// keep it for their next request (CurrentValueSubject) instead of dropping it.
  func send(_ value: Output, keepLatest: Bool) {
    lock.lock()
    guard completion == nil else {
      lock.unlock()
      return
    }
    let snapshot = conduits
    lock.unlock()
    for conduit in snapshot { conduit.offer(value, keepLatest: keepLatest) }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    lock.lock()
    guard self.completion == nil else {
      lock.unlock()
      return
    }
    self.completion = completion
    let snapshot = conduits
    conduits.removeAll()
    let upstreams = self.upstreams
    self.upstreams.removeAll()
    lock.unlock()
    _ = upstreams
    for conduit in snapshot { conduit.finish(completion) }
  }

  func send(subscription: any Subscription) {
    lock.lock()
    upstreams.append(subscription)
    lock.unlock()
    subscription.request(.unlimited)
  }

  func remove(_ conduit: Conduit<Output, Failure>) {
    lock.lock()
    conduits.removeAll { $0 === conduit }
    lock.unlock()
  }
}

/// One subscriber's subscription to a subject: its own demand, its own pending value, and its
/// own cancellation, which removes only this subscriber.
final class Conduit<Output, Failure: Error>: Subscription, CustomStringConvertible {
  private let lock = NSRecursiveLock()
  private var core: SubjectCore<Output, Failure>?
  /// Keeps the subject alive while subscribed, as Combine's subjects are.
  private var owner: AnyObject?
  private var downstream: AnySubscriber<Output, Failure>?
  private var demand = Subscribers.Demand.none
  private var pending: Output?

  init(
    core: SubjectCore<Output, Failure>, owner: AnyObject,
    downstream: AnySubscriber<Output, Failure>, pending: Output?
  ) {
    self.core = core
    self.owner = owner
    self.downstream = downstream
    self.pending = pending
  }

  var description: String { "Subject.Conduit" }

  func offer(_ value: Output, keepLatest: Bool) {
    lock.lock()
    guard let downstream else {
      lock.unlock()
      return
    }
    guard demand > 0 else {
      if keepLatest { pending = value }
      lock.unlock()
      return
    }
    demand -= 1
    pending = nil
    lock.unlock()
    let more = downstream.receive(value)
    lock.lock()
    demand += more
    lock.unlock()
  }

  func request(_ newDemand: Subscribers.Demand) {
    precondition(newDemand > 0, "demand must be greater than zero")
    lock.lock()
    guard let downstream else {
      lock.unlock()
      return
    }
    demand += newDemand
    guard let value = pending else {
      lock.unlock()
      return
    }
    pending = nil
    demand -= 1
    lock.unlock()
    let more = downstream.receive(value)
    lock.lock()
    demand += more
    lock.unlock()
  }

  func finish(_ completion: Subscribers.Completion<Failure>) {
    lock.lock()
    let downstream = self.downstream
    release()
    lock.unlock()
    downstream?.receive(completion: completion)
  }

  func cancel() {
    lock.lock()
    let core = self.core
    release()
    lock.unlock()
    core?.remove(self)
  }

  private func release() {
    downstream = nil
    core = nil
    owner = nil
    pending = nil
  }
}

/// A subject that broadcasts elements to downstream subscribers; a subscriber without demand
/// misses the value.
final public class PassthroughSubject<Output, Failure: Error>: Subject {
  let core = SubjectCore<Output, Failure>()

  /// Creates a subject.
  public init() {}

  /// Attaches a subscriber.
  final public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    core.subscribe(AnySubscriber(subscriber), owner: self, replay: nil)
  }

  /// Sends a value to every current subscriber that has demand.
  final public func send(_ input: Output) {
    core.send(input, keepLatest: false)
  }

  /// Sends a completion signal to every current subscriber; later sends do nothing.
  final public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Requests unlimited values from an upstream publisher the subject is subscribed to.
  final public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }
}

/// A subject that wraps a single value and publishes a new element whenever the value changes;
/// a new subscriber receives the current value first.
final public class CurrentValueSubject<Output, Failure: Error>: Subject {
  let core = SubjectCore<Output, Failure>()
  private let valueLock = NSRecursiveLock()
  private var current: Output

  /// The value wrapped by this subject, published as a new element whenever it changes.
  final public var value: Output {
    get {
      valueLock.lock()
      defer { valueLock.unlock() }
      return current
    }
    set { send(newValue) }
  }

  /// Creates a current value subject with the given initial value.
  public init(_ value: Output) {
    current = value
  }

  /// Attaches a subscriber; it receives the current value on its first demand.
  final public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    core.subscribe(AnySubscriber(subscriber), owner: self, replay: value)
  }

  /// Stores `input` and sends it to every current subscriber.
  final public func send(_ input: Output) {
    core.lock.lock()
    let finished = core.completion != nil
    core.lock.unlock()
    guard !finished else { return }
    valueLock.lock()
    current = input
    valueLock.unlock()
    core.send(input, keepLatest: true)
  }

  /// Sends a completion signal to every current subscriber; later sends do nothing.
  final public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Requests unlimited values from an upstream publisher the subject is subscribed to.
  final public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }
}
