import Combine
import Testing

/// A subscriber that requests a fixed number of values up front and more on demand.
private final class Probe<Input, Failure: Error>: Subscriber {
  private(set) var values: [Input] = []
  private(set) var completions: [Subscribers.Completion<Failure>] = []
  private(set) var subscription: (any Subscription)?
  private let initial: Subscribers.Demand
  private let perValue: Subscribers.Demand

  init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
    self.initial = initial
    self.perValue = perValue
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    if initial > 0 { subscription.request(initial) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    values.append(input)
    return perValue
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    completions.append(completion)
  }
}

private enum Failure: Error, Equatable {
  case broken
}

@Suite("Combine stand-in")
struct CombineTests {
  @Test func passthroughDeliversToEverySubscriberAndOneCancelLeavesTheOthers() {
    let subject = PassthroughSubject<Int, Never>()
    var first: [Int] = []
    var second: [Int] = []
    let a = subject.sink { first.append($0) }
    let b = subject.sink { second.append($0) }
    subject.send(1)
    a.cancel()
    subject.send(2)
    #expect(first == [1])
    #expect(second == [1, 2])
    b.cancel()
  }

  @Test func completionReachesEverySubscriberAndLateSubscribersAtOnce() {
    let subject = PassthroughSubject<Int, Failure>()
    let early = Probe<Int, Failure>(initial: .unlimited)
    let other = Probe<Int, Failure>(initial: .unlimited)
    subject.subscribe(early)
    subject.subscribe(other)
    subject.send(completion: .failure(.broken))
    subject.send(1)
    #expect(early.completions == [.failure(.broken)])
    #expect(other.completions == [.failure(.broken)])
    #expect(early.values.isEmpty)

    let late = Probe<Int, Failure>(initial: .unlimited)
    subject.subscribe(late)
    #expect(late.completions == [.failure(.broken)])
  }

  @Test func passthroughDropsValuesWithoutDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let probe = Probe<Int, Never>(initial: .max(1))
    subject.subscribe(probe)
    subject.send(1)
    subject.send(2)
    #expect(probe.values == [1])
    probe.subscription?.request(.max(2))
    subject.send(3)
    subject.send(4)
    subject.send(5)
    #expect(probe.values == [1, 3, 4])
  }

  @Test func demandReturnedFromReceiveIsAdded() {
    let subject = PassthroughSubject<Int, Never>()
    let probe = Probe<Int, Never>(initial: .max(1), perValue: .max(1))
    subject.subscribe(probe)
    for value in 1...3 { subject.send(value) }
    #expect(probe.values == [1, 2, 3])
  }

  @Test func currentValueSubjectReplaysTheCurrentValueOnDemandAndKeepsTheLatest() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let probe = Probe<Int, Never>(initial: .none)
    subject.subscribe(probe)
    #expect(probe.values.isEmpty)
    subject.send(2)
    subject.value = 3
    probe.subscription?.request(.max(1))
    #expect(probe.values == [3])
    #expect(subject.value == 3)

    var seen: [Int] = []
    let sink = subject.sink { seen.append($0) }
    subject.send(4)
    #expect(seen == [3, 4])
    sink.cancel()
  }

  @Test func justDeliversOnceThenFinishes() {
    var completions = 0
    var values: [String] = []
    let sink = Just("only").sink(
      receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
    #expect(values == ["only"])
    #expect(completions == 1)
    _ = sink
  }

  @Test func deferredMakesAPublisherPerSubscriber() {
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(made)
    }
    #expect(made == 0)
    var values: [Int] = []
    let a = deferred.sink { values.append($0) }
    let b = deferred.sink { values.append($0) }
    #expect(values == [1, 2])
    _ = (a, b)
  }

  @Test func handleEventsReportsCancelOnlyForItsOwnSubscriber() {
    let subject = PassthroughSubject<Int, Never>()
    var cancels: [String] = []
    func tagged(_ tag: String) -> AnyPublisher<Int, Never> {
      subject.handleEvents(receiveCancel: { cancels.append(tag) }).eraseToAnyPublisher()
    }
    var first: [Int] = []
    var second: [Int] = []
    let a = tagged("a").sink { first.append($0) }
    let b = tagged("b").sink { second.append($0) }
    a.cancel()
    a.cancel()
    subject.send(1)
    #expect(cancels == ["a"])
    #expect(first.isEmpty)
    #expect(second == [1])

    subject.send(completion: .finished)
    b.cancel()
    #expect(cancels == ["a"])
  }

  @Test func handleEventsSeesSubscriptionRequestsOutputAndCompletion() {
    let subject = PassthroughSubject<Int, Never>()
    var events: [String] = []
    let sink = subject.handleEvents(
      receiveSubscription: { _ in events.append("subscription") },
      receiveOutput: { events.append("output \($0)") },
      receiveCompletion: { _ in events.append("completion") },
      receiveRequest: { events.append("request \($0)") }
    ).map { $0 * 10 }.sink { events.append("value \($0)") }
    subject.send(1)
    subject.send(completion: .finished)
    #expect(
      events == [
        "subscription", "request unlimited", "output 1", "value 10", "completion",
      ])
    _ = sink
  }

  @Test func mapWithAKeyPath() {
    struct Profile {
      let name: String
    }
    var names: [String] = []
    let sink = Just(Profile(name: "Ada")).map(\.name).sink { names.append($0) }
    #expect(names == ["Ada"])
    _ = sink
  }

  @Test func anyCancellableCancelsOnceAndOnDeinit() {
    var cancels = 0
    do {
      let cancellable = AnyCancellable { cancels += 1 }
      cancellable.cancel()
      cancellable.cancel()
    }
    #expect(cancels == 1)
    do {
      _ = AnyCancellable { cancels += 1 }
    }
    #expect(cancels == 2)

    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    var bag = Set<AnyCancellable>()
    var list: [AnyCancellable] = []
    subject.sink { values.append($0) }.store(in: &bag)
    subject.sink { values.append($0 * 100) }.store(in: &list)
    subject.send(1)
    bag.removeAll()
    list.removeAll()
    subject.send(2)
    #expect(values == [1, 100])
  }

  @Test func demandArithmetic() {
    #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
    #expect(Subscribers.Demand.unlimited + .max(1) == .unlimited)
    #expect(Subscribers.Demand.max(2) - .max(5) == .none)
    #expect(Subscribers.Demand.unlimited - .max(5) == .unlimited)
    #expect(Subscribers.Demand.max(3) > 2)
    #expect(Subscribers.Demand.unlimited > Int.max)
    #expect(Subscribers.Demand.none == 0)
    #expect(Subscribers.Demand.unlimited.max == nil)
  }
}
