import Observation
import Registry
import Testing

@MainActor
private final class CounterViewModel: ViewModel {
  private var storage = 0
  var count: Int {
    accessForObservation()
    return storage
  }
  func increment() { update { storage += 1 } }
}

@Observable
@MainActor
private final class TitledViewModel: ViewModel {
  var title = "a"
}

/// Counts `onChange` calls of one `withObservationTracking`.
@MainActor
private final class ChangeCounter {
  var count = 0
}

@MainActor
@Suite struct ObservationTests {
  @Test func readingStateRegistersADependencyAndSetStateFiresIt() {
    withTestRegistry { _, _ in
      let model = StateViewModel(state: 0)
      let changes = ChangeCounter()
      withObservationTracking {
        _ = model.state
      } onChange: {
        MainActor.assumeIsolated { changes.count += 1 }
      }
      model.setState(0)
      #expect(changes.count == 0)
      model.setState(1)
      #expect(changes.count == 1)
    }
  }

  @Test func notifyListenersFiresOnChange() {
    withTestRegistry { _, _ in
      let model = CounterViewModel()
      let changes = ChangeCounter()
      withObservationTracking {
        _ = model.count
      } onChange: {
        MainActor.assumeIsolated { changes.count += 1 }
      }
      model.increment()
      #expect(changes.count == 1)
      // Tracking is one-shot, as in SwiftUI: a new read registers again.
      withObservationTracking {
        _ = model.count
      } onChange: {
        MainActor.assumeIsolated { changes.count += 1 }
      }
      model.notifyListeners()
      #expect(changes.count == 2)
    }
  }

  @Test func untrackedReadIsNotAffected() {
    withTestRegistry { _, _ in
      let model = StateViewModel(state: 0)
      let changes = ChangeCounter()
      withObservationTracking {
        _ = model.initialState
      } onChange: {
        MainActor.assumeIsolated { changes.count += 1 }
      }
      model.setState(5)
      #expect(changes.count == 0)
    }
  }

  @Test func observableSubclassKeepsWorking() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "t") { TitledViewModel() }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      let changes = ChangeCounter()
      withObservationTracking {
        _ = model.title
      } onChange: {
        MainActor.assumeIsolated { changes.count += 1 }
      }
      model.title = "b"
      #expect(changes.count == 1)
    }
  }

  @Test func changesStreamYieldsAndFinishesAtDispose() async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "c") { CounterViewModel() })
    let stream = model.changes
    model.increment()
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    binding.dispose()
    #expect(await iterator.next() == nil)
    var late = model.changes.makeAsyncIterator()
    #expect(await late.next() == nil)
  }

  @Test func statesStreamStartsWithTheCurrentState() async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "s") { StateViewModel(state: 1) })
    let stream = model.states
    model.setState(2)
    model.setState(3)
    binding.dispose()
    var received: [Int] = []
    for await state in stream { received.append(state) }
    #expect(received == [1, 2, 3])
  }

  /// `states`: "the current one first, then each new one" — also for a stream made by a
  /// listener while a change is delivered: that change is its current state, once.
  @Test(arguments: [true, false])
  func aStatesStreamMadeInAListenerGetsEachStateOnce(stateListener: Bool) async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "s") { StateViewModel(state: 1) })
    var stream: AsyncStream<Int>?
    let stop =
      stateListener
      ? model.listenState { _, _ in if stream == nil { stream = model.states } }
      : model.listen { if stream == nil { stream = model.states } }
    model.setState(2)
    model.setState(3)
    stop()
    binding.dispose()
    var received: [Int] = []
    if let stream {
      for await state in stream { received.append(state) }
    }
    #expect(received == [2, 3])
  }

  /// `states`: "the current one first, then each new one" — also for a stream made by a
  /// listener while another listener's change waits to be delivered: it starts with the stored
  /// state, which that waiting change made, and gets the waiting change no second time.
  @Test func aStatesStreamMadeWhileAChangeWaitsGetsEachStateOnce() async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "s") { StateViewModel(state: 0) })
    var stream: AsyncStream<Int>?
    var seenByListener: [Int] = []
    let first = model.listenState { _, new in if new == 1 { model.setState(2) } }
    let second = model.listenState { _, new in
      seenByListener.append(new)
      if new == 1, stream == nil { stream = model.states }
    }
    model.setState(1)
    model.setState(3)
    first()
    second()
    binding.dispose()
    var received: [Int] = []
    if let stream {
      for await state in stream { received.append(state) }
    }
    #expect(received == [2, 3])
    // The listeners still get every change, in order.
    #expect(seenByListener == [1, 2, 3])
  }

  /// The same while a waiting change is itself being delivered, with another behind it: the
  /// stream skips only the change still waiting, and gets every later one.
  @Test func aStatesStreamMadeWhileAWaitingChangeIsDeliveredSkipsOnlyThoseStillWaiting() async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "s") { StateViewModel(state: 0) })
    var stream: AsyncStream<Int>?
    let first = model.listenState { _, new in
      if new == 1 {
        model.setState(2)
        model.setState(3)
      }
    }
    let second = model.listenState { _, new in
      if new == 2, stream == nil { stream = model.states }
    }
    model.setState(1)
    model.setState(4)
    first()
    second()
    binding.dispose()
    var received: [Int] = []
    if let stream {
      for await state in stream { received.append(state) }
    }
    #expect(received == [3, 4])
  }

  /// `changes`: "yields once per change and finishes when the view model is disposed" — also
  /// for the change whose listener disposes it.
  @Test func aChangeWhoseListenerDisposesTheViewModelStillReachesTheStream() async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "c") { CounterViewModel() })
    let stream = model.changes
    let stop = model.listen { binding.dispose() }
    model.notifyListeners()
    stop()
    #expect(model.isDisposed)
    var received = 0
    for await _ in stream { received += 1 }
    #expect(received == 1)
  }

  @Test func cancelledConsumerIsRemoved() async {
    let registry = ViewModelRegistry(name: "streams")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.read(ViewModelSpec(key: "c") { CounterViewModel() })
    let started = AsyncStream<Void>.makeStream()
    let consumer = Task { @MainActor in
      started.continuation.yield()
      for await _ in model.changes {}
    }
    for await _ in started.stream { break }
    #expect(model.hasListeners)
    consumer.cancel()
    await consumer.value
    await eventually { !model.hasListeners }
    #expect(!model.hasListeners)
    binding.dispose()
  }

  /// ViewModel.update(_:): "Observation and Combine hear of a change before it is made, so they
  /// have been told already when `block` throws".
  @Test func observationHearsOfAnUpdateBeforeItIsMade() {
    withTestRegistry { _, _ in
      let model = CounterViewModel()
      var countWhenTold: Int?
      withObservationTracking {
        _ = model.count
      } onChange: {
        MainActor.assumeIsolated { countWhenTold = model.count }
      }
      model.increment()
      #expect(countWhenTold == 0)
      #expect(model.count == 1)
    }
  }
}
