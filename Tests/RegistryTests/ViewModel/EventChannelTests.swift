import Registry
import Testing

private enum Toast: Equatable, Sendable {
  case saved, failed
}

@MainActor
private final class CheckoutViewModel: EventViewModel<Toast> {}

/// A state view model that also sends one-off events, in each way a class can keep a channel.
@MainActor
private final class FormViewModel: StateViewModel<Int> {
  let toasts = EventChannel<Toast>()
  lazy var navigation = EventChannel<String>()
  var alerts: EventChannel<String>?

  init() { super.init(state: 0) }
}

/// A view model whose only channel is optional: its class has no other stored channel.
@MainActor
private final class AlertsOnlyViewModel: ViewModel {
  var alerts: EventChannel<String>?
}

@MainActor
@Suite struct EventChannelTests {
  @Test func eachEventReachesEachCurrentSubscriberOnce() {
    withTestRegistry { _, _ in
      let model = CheckoutViewModel()
      var first: [Toast] = []
      var second: [Toast] = []
      let stopFirst = model.listenEvents { first.append($0) }
      #expect(model.emit(.saved))
      model.listenEvents { second.append($0) }
      stopFirst()
      model.emit(.failed)
      #expect(first == [.saved])
      #expect(second == [.failed])
    }
  }

  @Test func anEventEmittedByAHandlerReachesEverySubscriberAfterTheOneInProgress() {
    withTestRegistry { _, _ in
      let channel = EventChannel<Int>()
      var first: [Int] = []
      var second: [Int] = []
      channel.listen { event in
        first.append(event)
        if event == 1 { #expect(channel.emit(2)) }
      }
      channel.listen { second.append($0) }
      #expect(channel.emit(1))
      #expect(first == [1, 2])
      #expect(second == [1, 2])
      // The first handler keeps the channel: finishing it lets both go.
      channel.finish()
    }
  }

  @Test func anEventEmittedByAHandlerSkipsWhoeverSubscribesAfterIt() async throws {
    let lateStream: AsyncStream<Int> = try withTestRegistry { _, _ in
      let channel = EventChannel<Int>()
      var late: [Int] = []
      var stream: AsyncStream<Int>?
      channel.listen { event in
        guard event == 1 else { return }
        channel.emit(2)
        // Subscribed after 2 was emitted, before it is delivered: they get 3, never 2.
        channel.listen { late.append($0) }
        stream = channel.events
        channel.emit(3)
      }
      channel.emit(1)
      #expect(late == [3])
      channel.finish()
      return try #require(stream)
    }
    var streamed: [Int] = []
    for await event in lateStream { streamed.append(event) }
    #expect(streamed == [3])
  }

  /// `listen`: "an error it throws goes to the error route and does not stop other
  /// subscribers" — reported as a listener failure without an `onError`, to it with one.
  @Test func anErrorAHandlerThrowsGoesToTheErrorRouteAndTheOthersStillHear() {
    struct Offline: Error {}
    withTestRegistry { registry, reporter in
      let channel = EventChannel<Int>()
      var heard: [Int] = []
      channel.listen { _ in throw Offline() }
      channel.listen { heard.append($0) }
      channel.emit(1)
      #expect(heard == [1])
      #expect(
        reporter.errors == [
          .listenerFailed(type: "EventChannel<Int>", error: "\(Offline())")
        ])
      var routed: [any Error] = []
      registry.configure(config: ViewModelConfig(onError: { routed.append($0) }))
      channel.emit(2)
      #expect(heard == [1, 2])
      #expect(routed.count == 1 && routed.first is Offline)
      #expect(reporter.errors.count == 1)
    }
  }

  /// Once its only subscriber unsubscribed, "whether anything is subscribed" is `false`, and
  /// `emit` says no subscriber received the event.
  @Test func aChannelWhoseSubscribersAllLeftHasNoSubscribers() {
    withTestRegistry { _, _ in
      let channel = EventChannel<Int>()
      var heard: [Int] = []
      let stop = channel.listen { heard.append($0) }
      #expect(channel.hasSubscribers)
      stop()
      #expect(!channel.hasSubscribers)
      #expect(!channel.emit(1))
      #expect(heard.isEmpty)
    }
  }

  /// `hasSubscribers`: "Whether anything is subscribed" — a stream of `events` is a subscriber
  /// as a handler is.
  @Test func aStreamAloneIsASubscriber() {
    withTestRegistry { _, _ in
      let channel = EventChannel<Int>()
      #expect(!channel.hasSubscribers)
      let stream = channel.events
      #expect(channel.hasSubscribers)
      #expect(channel.emit(1))
      channel.finish()
      _ = stream
    }
  }

  @Test func eventWithNoSubscriberIsDroppedAndNeverReplayed() {
    withTestRegistry { _, _ in
      let channel = EventChannel<Toast>()
      #expect(!channel.emit(.saved))
      var seen: [Toast] = []
      channel.listen { seen.append($0) }
      #expect(seen.isEmpty)
      channel.emit(.failed)
      #expect(seen == [.failed])
    }
  }

  @Test func eventsAreKeptApartFromStateChanges() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "c") { CheckoutViewModel() }
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let model = binding.watch(spec)
      var events = 0
      model.listenEvents { _ in events += 1 }
      model.emit(.saved)
      #expect(events == 1)
      #expect(refreshes == 0)
    }
  }

  @Test func streamGetsEventsAfterSubscribingAndFinishesAtDispose() async {
    let registry = ViewModelRegistry(name: "events")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "c") { CheckoutViewModel() })
    model.emit(.failed)
    let stream = model.events
    model.emit(.saved)
    model.emit(.saved)
    binding.dispose()
    #expect(!model.emit(.failed))
    var received: [Toast] = []
    for await event in stream { received.append(event) }
    #expect(received == [.saved, .saved])
  }

  @Test func channelsAStateViewModelStoresFinishWhenItIsDisposed() async {
    let registry = ViewModelRegistry(name: "events")
    let binding = ViewModelBinding(registry: registry)
    let form = binding.watch(ViewModelSpec(key: "form") { FormViewModel() })
    form.alerts = EventChannel<String>()
    let toasts = form.toasts.events
    let navigation = form.navigation.events
    #expect(form.toasts.emit(.saved))
    binding.dispose()
    #expect(form.isDisposed)
    #expect(form.toasts.isFinished)
    #expect(form.navigation.isFinished)
    #expect(form.alerts?.isFinished == true)
    #expect(!form.toasts.emit(.failed))
    var received: [Toast] = []
    for await toast in toasts { received.append(toast) }
    #expect(received == [.saved])
    for await _ in navigation { Issue.record("a finished channel delivered an event") }
  }

  /// "finishes when that view model is disposed, whatever its class": a class whose only
  /// channel is an optional one is found to have channels too.
  @Test func anOptionalChannelIsFinishedInAClassWithNoOtherChannel() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "alerts") { AlertsOnlyViewModel() })
      model.alerts = EventChannel<String>()
      binding.dispose()
      #expect(model.isDisposed)
      #expect(model.alerts?.isFinished == true)
    }
  }

  @Test func aLazyChannelIsFinishedEvenWhenAnEarlierInstanceNeverMadeIt() {
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      // The first instance of the class is disposed before its lazy channel exists...
      let first = binding.watch(ViewModelSpec(key: "first") { FormViewModel() })
      registry.dispose(first)
      // ...and the next one's is still finished.
      let second = binding.watch(ViewModelSpec(key: "second") { FormViewModel() })
      let navigation = second.navigation
      registry.dispose(second)
      #expect(navigation.isFinished)
    }
  }

  @Test func anEventViewModelsChannelFinishesOnceAtDispose() {
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      let checkout = binding.watch(ViewModelSpec(key: "c") { CheckoutViewModel() })
      var heard: [Toast] = []
      checkout.listenEvents { heard.append($0) }
      registry.dispose(checkout)
      #expect(checkout.eventChannel.isFinished)
      #expect(!checkout.emit(.saved))
      #expect(heard.isEmpty)
    }
  }

  /// EventChannel: `finish()` "Ends the channel: streams finish and no event is delivered
  /// again", and `hasSubscribers` tells "Whether anything is subscribed": nothing is, after it.
  @Test func aFinishedChannelHasNoSubscribers() {
    withTestRegistry { _, _ in
      let channel = EventChannel<Int>()
      var heard: [Int] = []
      channel.listen { heard.append($0) }
      #expect(channel.hasSubscribers)
      channel.finish()
      #expect(!channel.hasSubscribers)
      channel.emit(1)
      #expect(heard.isEmpty)
    }
  }

  /// `events`: "it finishes with the channel" — a stream asked for after the channel finished
  /// is finished already, so a `for await` over it ends at once.
  @Test func aStreamOfAFinishedChannelIsFinishedAtOnce() async {
    let channel = EventChannel<Int>()
    channel.finish()
    var iterator = channel.events.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }
}
