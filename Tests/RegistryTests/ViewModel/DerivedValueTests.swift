import Observation
import Registry
import Testing

@MainActor
@Suite struct DerivedValueTests {
  /// A value made by hand (`DerivedValue(price, quantity) { … }`) is never disposed: when it goes,
  /// its inputs stop hearing it. `hasListeners` ("whether anything hears `notifyListeners()`")
  /// is `false` again at once, with no change of the input needed to find out.
  @Test func aValueMadeByHandStopsListeningToItsInputsWhenItGoes() {
    withTestRegistry { _, _ in
      let price = StateViewModel(state: 10)
      let quantity = StateViewModel(state: 1)
      weak var weakTotal: DerivedValue<Int>?
      do {
        let total = DerivedValue(price, quantity) { price.state * quantity.state }
        weakTotal = total
        #expect(price.hasListeners && quantity.hasListeners)
      }
      #expect(weakTotal == nil)
      #expect(!price.hasListeners)
      #expect(!quantity.hasListeners)
      price.setState(20)
      #expect(!price.hasListeners)
    }
  }

  /// The type's example listens to the value with a closure that captures it: that listener
  /// keeps it, until the closure `listen` returned is called; then it goes, and stops listening.
  @Test func aValueKeptByItsOwnListenerGoesOnceTheListenerIsStopped() {
    withTestRegistry { _, _ in
      let cart = StateViewModel(state: 10)
      let discounts = StateViewModel(state: 1)
      weak var weakTotal: DerivedValue<Int>?
      var stop: () -> Void = {}
      var printed: [Int] = []
      do {
        let total = DerivedValue(cart, discounts) { cart.state - discounts.state }
        stop = total.listen { printed.append(total.value) }
        weakTotal = total
      }
      #expect(weakTotal != nil, "its own listener keeps it")
      cart.setState(20)
      #expect(printed == [19])
      stop()
      #expect(weakTotal == nil)
      #expect(!cart.hasListeners && !discounts.hasListeners)
    }
  }

  /// A body that makes a value on every render leaves nothing behind on its input.
  @Test func valuesMadeOnEveryRenderDoNotAccumulateListeners() {
    withTestRegistry { _, _ in
      let input = StateViewModel(state: 1)
      for render in 0..<500 {
        let doubled = DerivedValue(input) { input.state * 2 }
        #expect(doubled.value == 2, "render \(render)")
      }
      #expect(!input.hasListeners)
    }
  }

  /// Its last reference may go off the main actor (a value captured by a detached task): it then
  /// stops listening as soon as it can get to the main actor, where its inputs' listeners live.
  /// CI runs this under the thread sanitizer too.
  @Test func aValueDroppedOffTheMainActorStopsListeningOnTheMainActor() async {
    let input = StateViewModel(state: 1)
    let box = DroppedValues([DerivedValue(input) { input.state * 2 }])
    weak let weakValue = box.values[0]
    #expect(input.hasListeners)
    await Task.detached { box.dropAll() }.value
    #expect(weakValue == nil)
    await eventually { !input.hasListeners }
    #expect(!input.hasListeners)
    input.setState(2)
  }

  /// A disposed value stopped listening at its disposal, and has nothing left to stop.
  @Test func aDisposedValueStoppedListeningAtItsDisposal() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let input = StateViewModel(state: 1)
      let doubled = binding.watch(ViewModelSpec { DerivedValue(input) { input.state * 2 } })
      #expect(input.hasListeners)
      binding.dispose()
      #expect(doubled.isDisposed)
      #expect(!input.hasListeners)
    }
  }

  @Test func recomputesOnlyWhenAnInputChangesAndNotifiesOnlyOnANewResult() {
    withTestRegistry { _, _ in
      let price = StateViewModel(state: 10)
      let quantity = StateViewModel(state: 1)
      let unrelated = StateViewModel(state: 0)
      let isExpensive = DerivedValue(price, quantity) { price.state * quantity.state > 50 }
      #expect(isExpensive.computeCount == 1)
      var notified = 0
      isExpensive.listen { notified += 1 }
      unrelated.setState(1)
      #expect(isExpensive.computeCount == 1)
      quantity.setState(2)
      #expect(isExpensive.computeCount == 2)
      #expect(notified == 0)
      quantity.setState(6)
      #expect(isExpensive.value)
      #expect(notified == 1)
      _ = isExpensive.value
      #expect(isExpensive.computeCount == 3)
    }
  }

  /// DerivedValue.value: "Reading it inside `withObservationTracking` registers a dependency" —
  /// a view that reads only the derived value redraws when a new result is computed.
  @Test func readingTheValueUnderObservationTrackingRegistersADependency() {
    withTestRegistry { _, _ in
      let price = StateViewModel(state: 10)
      let doubled = DerivedValue(price) { price.state * 2 }
      var fired = 0
      withObservationTracking {
        _ = doubled.value
      } onChange: {
        MainActor.assumeIsolated { fired += 1 }
      }
      price.setState(11)
      #expect(fired == 1)
      #expect(doubled.value == 22)
    }
  }

  @Test func watchedDerivedValueRefreshesItsHost() {
    withTestRegistry { _, _ in
      let first = StateViewModel(state: "a")
      let second = StateViewModel(state: "b")
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let joined = binding.watch(
        ViewModelSpec(key: "joined") {
          DerivedValue(first, second) { first.state + second.state }
        })
      first.setState("x")
      #expect(joined.value == "xb")
      #expect(refreshes == 1)
      binding.dispose()
      first.setState("y")
      #expect(joined.computeCount == 2)
      #expect(!first.hasListeners)
    }
  }

  /// A diamond: `sum` combines two values derived from one input. Its listener hears each
  /// recomputation, the first made from one updated path ("may first hear a result computed
  /// from one updated path, then the final one"); a binding that watches it "refreshes once per
  /// change, after every value is updated", and sees the final value.
  @Test func inADiamondAWatchingBindingRefreshesOnceWithTheFinalValue() {
    withTestRegistry { _, _ in
      let input = StateViewModel(state: 1)
      let doubled = DerivedValue(input) { input.state * 2 }
      let tripled = DerivedValue(input) { input.state * 3 }
      var seenByHost: [Int] = []
      var sum: DerivedValue<Int>?
      let binding = ViewModelBinding { seenByHost.append(sum?.value ?? -1) }
      sum = binding.watch(
        ViewModelSpec(key: "sum") {
          DerivedValue(doubled, tripled) { doubled.value + tripled.value }
        })
      var heard: [Int] = []
      let stop = sum?.listen { heard.append(sum?.value ?? -1) }
      input.setState(2)
      #expect(seenByHost == [10])
      // One hearing per path at most, the last of them the final value.
      #expect(heard.count <= 2)
      #expect(heard.last == 10)
      stop?()
      binding.dispose()
    }
  }

  /// ViewModel.changes: "An async stream that yields once per change and finishes when the view
  /// model is disposed" — a derived value's too.
  @Test func aDerivedValuesChangesStreamFinishesWhenItIsDisposed() async {
    let registry = ViewModelRegistry(name: "derived")
    let (stream, input): (AsyncStream<Void>, ProbeViewModel) = registry.withCurrent {
      let binding = ViewModelBinding()
      let input = binding.watch(ViewModelSpec(key: "in") { ProbeViewModel("in", log: EventLog()) })
      let derived = binding.watch(ViewModelSpec(key: "sum") { DerivedValue(input) { input.value } })
      let stream = derived.changes
      input.set(1)
      registry.dispose(derived)
      binding.dispose()
      return (stream, input)
    }
    var seen = 0
    for await _ in stream { seen += 1 }
    #expect(seen == 1)
    #expect(input.isDisposed)
    registry.disposeAll()
  }
}

/// Values handed to a detached task, which lets go of the last references off the main actor.
private final class DroppedValues: @unchecked Sendable {
  private(set) var values: [DerivedValue<Int>]

  init(_ values: [DerivedValue<Int>]) {
    self.values = values
  }

  func dropAll() {
    values.removeAll()
  }
}
