import Combine
import Registry
import RegistryTesting
import SwiftUI
import Testing

private final class FormViewModel: ViewModel {
  @Published var name = ""
}

private final class Counter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

private struct FormView: View {
  @ObservedObject var form: FormViewModel
  var body: some View { Text("name \(form.name)") }
}

private final class Checkout: EventViewModel<String> {}

@MainActor
@Suite struct ViewModelCombineTests {
  @Test func publishedPropertiesOfASubclassSendObjectWillChange() {
    withRegistry { _ in
      let form = FormViewModel()
      var sent = 0
      let subscription = form.objectWillChange.sink { _ in sent += 1 }
      form.name = "Ada"
      #expect(sent == 1)
      // The registry's own changes go through the same publisher.
      form.notifyListeners()
      #expect(sent == 2)
      subscription.cancel()
    }
  }

  /// A change refreshes a watching binding once "when the change (and any change it causes) is
  /// complete" — also a change that a `changesPublisher` subscriber causes, for `setState` and
  /// for `notifyListeners`.
  @Test(arguments: [true, false])
  func aChangeASubscriberCausesIsPartOfTheSameRefresh(setState: Bool) {
    withRegistry { _ in
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let first = binding.watch(ViewModelSpec(key: "first") { Counter() })
      let second = binding.watch(ViewModelSpec(key: "second") { Counter() })
      let subscription = first.changesPublisher.sink { second.setState(second.state + 1) }
      if setState { first.setState(1) } else { first.notifyListeners() }
      #expect(second.state == 1)
      #expect(refreshes == 1)
      subscription.cancel()
      binding.dispose()
    }
  }

  @Test func anObservedObjectViewUpdatesOnAPublishedChangeAndOnNotify() {
    withRegistry { _ in
      let form = FormViewModel()
      let runtime = ViewRuntime(FormView(form: form))
      form.name = "Ada"
      runtime.flush()
      #expect(runtime.texts == ["name Ada"])
      form.notifyListeners()
      runtime.flush()
      #expect(runtime.bodyCount(of: FormView.self) == 3)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func aPublisherRegistersWhenSubscribedAndOnlyWhileSubscribed() {
    withRegistry { _ in
      let counter = Counter()
      let changes = counter.changesPublisher
      let states = counter.statesPublisher
      #expect(!counter.hasListeners)
      var received = 0
      let subscription = changes.sink { received += 1 }
      #expect(counter.hasListeners)
      counter.setState(1)
      #expect(received == 1)
      subscription.cancel()
      #expect(!counter.hasListeners)
      var seen: [Int] = []
      let stateSubscription = states.sink { seen.append($0) }
      counter.setState(2)
      #expect(seen == [1, 2])
      stateSubscription.cancel()
    }
  }

  @Test func aStateSetOnSeeingTheFirstStateIsDeliveredToo() {
    withRegistry { _ in
      let counter = Counter()
      var seen: [Int] = []
      // A subscriber that reacts to the state it starts from (a load started on `.idle`).
      let subscription = counter.statesPublisher.sink { state in
        seen.append(state)
        if state == 0 { counter.setState(1) }
      }
      counter.setState(2)
      #expect(seen == [0, 1, 2])
      subscription.cancel()
    }
  }

  /// "Each subscriber gets the state current when it subscribes, then every later one" — also
  /// a subscriber made by a listener while another listener's change waits to be delivered.
  @Test func aSubscriberMadeWhileAChangeWaitsGetsEachStateOnce() {
    withRegistry { _ in
      let counter = Counter()
      var seen: [Int] = []
      var subscription: AnyCancellable?
      let first = counter.listenState { _, new in if new == 1 { counter.setState(2) } }
      let second = counter.listenState { _, new in
        if new == 1, subscription == nil {
          subscription = counter.statesPublisher.sink { seen.append($0) }
        }
      }
      counter.setState(1)
      counter.setState(3)
      #expect(seen == [2, 3])
      first()
      second()
      subscription?.cancel()
    }
  }

  @Test func objectWillChangeWaitsOutAPauseOfEveryHolderAndPublishersDoNot() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { Counter() })
      let pause = BasePauseProvider()
      binding.addPauseProvider(pause)
      var willChange = 0
      var changes = 0
      var states: [Int] = []
      let a = counter.objectWillChange.sink { _ in willChange += 1 }
      let b = counter.changesPublisher.sink { changes += 1 }
      let c = counter.statesPublisher.sink { states.append($0) }
      pause.pause()
      counter.setState(1)
      counter.setState(2)
      #expect(willChange == 0)
      #expect(changes == 2)
      #expect(states == [0, 1, 2])
      pause.resume()
      #expect(willChange == 1)
      counter.setState(3)
      #expect(willChange == 2)
      for subscription in [a, b, c] { subscription.cancel() }
      binding.dispose()
    }
  }

  @Test func oneSubscribersCancelNeverCutsOffAnother() {
    withRegistry { _ in
      let counter = Counter()
      let changes = counter.changesPublisher
      var first = 0
      var second = 0
      let a = changes.sink { first += 1 }
      let b = changes.sink { second += 1 }
      counter.setState(1)
      a.cancel()
      counter.setState(2)
      #expect(first == 1)
      #expect(second == 2)
      b.cancel()
    }
  }

  @Test func emitCountsOnlySubscribersThatReceiveTheEvent() {
    withRegistry { _ in
      let checkout = Checkout()
      let events = checkout.eventsPublisher
      #expect(!checkout.emit("nobody"))
      var received: [String] = []
      let subscription = events.sink { received.append($0) }
      #expect(checkout.emit("paid"))
      subscription.cancel()
      #expect(!checkout.emit("after"))
      #expect(received == ["paid"])
    }
  }

  @Test func publishersFinishWhenTheViewModelIsDisposed() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "c") { Counter() })
      var finished = 0
      let subscription = counter.changesPublisher.sink(
        receiveCompletion: { _ in finished += 1 }, receiveValue: {})
      binding.dispose()
      #expect(finished == 1)
      // Subscribing afterwards finishes at once.
      let late = counter.changesPublisher.sink(
        receiveCompletion: { _ in finished += 1 }, receiveValue: {})
      #expect(finished == 2)
      subscription.cancel()
      late.cancel()
    }
  }
}
