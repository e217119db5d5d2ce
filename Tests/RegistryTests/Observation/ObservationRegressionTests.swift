import Observation
import Registry
import Testing

/// Counts the `onChange` calls of `withObservationTracking`.
@MainActor
private final class Fired {
  var count = 0

  func track(_ read: () -> Void) {
    withObservationTracking(read) { [self] in MainActor.assumeIsolated { count += 1 } }
  }
}

/// Observation rules a SwiftUI body depends on: tracking survives a change made while a tracked
/// read runs, a builder's reads are not dependencies, and paused holders hold changes back.
@MainActor
@Suite struct ObservationRegressionTests {
  @Test func aChangeDuringATrackedReadDoesNotLoseTheTrackingInstalledAfterIt() {
    withTestRegistry { _, _ in
      let model = StateViewModel(state: 0)
      let first = Fired()
      first.track { _ = model.state }
      // The next render reads the state and, while it runs, something changes it.
      let second = Fired()
      second.track {
        _ = model.state
        model.setState(1)
      }
      #expect(first.count == 1)
      model.setState(2)
      #expect(second.count == 1)
      let third = Fired()
      third.track { _ = model.state }
      model.setState(3)
      #expect(third.count == 1)
    }
  }

  @Test func whatABuilderAndOnCreateReadIsNotADependencyOfTheCaller() {
    withTestRegistry { _, _ in
      let source = StateViewModel(state: "a")
      final class Reader: ViewModel {
        let source: StateViewModel<String>
        var seenInOnCreate = ""
        init(source: StateViewModel<String>) {
          self.source = source
          _ = source.state
        }
        override func onCreate(_ arg: InstanceArg) { seenInOnCreate = source.state }
      }
      let spec = ViewModelSpec { Reader(source: source) }
      let binding = ViewModelBinding()
      let fired = Fired()
      fired.track { _ = binding.watch(spec) }
      #expect(binding.watch(spec).seenInOnCreate == "a")
      source.setState("b")
      #expect(fired.count == 0)
      binding.dispose()
    }
  }

  @Test func aChangeSeenOnlyByPausedHoldersReachesObservationOnceOnResume() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "counter") { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(visibility)
      let counter = binding.watch(spec)
      let fired = Fired()
      fired.track { _ = counter.state }
      visibility.pause()
      counter.setState(1)
      counter.setState(2)
      #expect(fired.count == 0)
      visibility.resume()
      #expect(fired.count == 1)
      // Unpaused, a change is told at once.
      let again = Fired()
      again.track { _ = counter.state }
      counter.setState(3)
      #expect(again.count == 1)
      binding.dispose()
    }
  }

  @Test func oneHolderThatIsNotPausedLetsChangesThrough() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "counter") { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let hidden = ViewModelBinding()
      hidden.addPauseProvider(visibility)
      let shown = ViewModelBinding()
      let counter = hidden.watch(spec)
      _ = shown.read(spec)
      visibility.pause()
      let fired = Fired()
      fired.track { _ = counter.state }
      counter.setState(1)
      #expect(fired.count == 1)
      hidden.dispose()
      shown.dispose()
    }
  }

  @Test func aHeldBackChangeIsToldWhenThePausedHolderLetsGo() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "counter", aliveForever: true) { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(visibility)
      let counter = binding.watch(spec)
      let fired = Fired()
      fired.track { _ = counter.state }
      visibility.pause()
      counter.setState(1)
      #expect(fired.count == 0)
      binding.dispose()
      #expect(fired.count == 1)
    }
  }

  /// SwiftUIAndUIKit: changes held back while every holder is paused are told "once the instance
  /// has a holder that is not paused" — here a new holder that binds it.
  @Test func aHeldBackChangeIsToldWhenAHolderThatIsNotPausedBindsTheInstance() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "counter") { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let hidden = ViewModelBinding()
      hidden.addPauseProvider(visibility)
      let counter = hidden.watch(spec)
      let fired = Fired()
      fired.track { _ = counter.state }
      visibility.pause()
      counter.setState(1)
      #expect(fired.count == 0)
      let shown = ViewModelBinding()
      _ = shown.watch(spec)
      #expect(fired.count == 1)
      hidden.dispose()
      shown.dispose()
    }
  }

  /// A change made from Observation's `onChange` (which runs before the change it announces is
  /// stored) is delivered first, and the change it interrupted follows from it: each listener
  /// call's `previous` is the state just before that change, so the calls chain.
  @Test func aChangeMadeWhileObservationIsToldChainsItsPreviousStates() {
    withTestRegistry { _, _ in
      let model = StateViewModel(state: "a")
      var transitions: [String] = []
      let stop = model.listenState { previous, new in
        transitions.append("\(previous ?? "nil")→\(new)")
      }
      defer { stop() }
      // Once: Observation tells its tracking again of the change made from it (as with any
      // `@Observable` property), and a change made each time would recurse forever.
      var changed = false
      withObservationTracking {
        _ = model.state
      } onChange: {
        MainActor.assumeIsolated {
          guard !changed else { return }
          changed = true
          model.setState("b")
        }
      }
      model.setState("c")
      #expect(transitions == ["a→b", "b→c"])
      #expect(model.state == "c")
    }
  }

  /// Architecture.md: a change "first tells Observation and Combine (unless every holder of the
  /// instance is paused: then they hear of it once, on resume)" — a holder that only reads
  /// counts too.
  @Test func aChangeHeldOnlyByAPausedReaderReachesObservationOnResume() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "counter") { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(visibility)
      let counter = binding.read(spec)
      let fired = Fired()
      fired.track { _ = counter.state }
      visibility.pause()
      counter.setState(1)
      #expect(fired.count == 0)
      visibility.resume()
      #expect(fired.count == 1)
      binding.dispose()
    }
  }

  /// The same rule for a host that borrows the instance: it follows it without holding it, so
  /// when it is the instance's only follower, a change made while it is hidden is told once,
  /// when it appears.
  @Test func aChangeHeldBackFromABorrowingHostIsToldWhenTheHostAppears() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "settings", aliveForever: true) { StateViewModel(state: 0) }
      let settings = ViewModelBinding().read(spec)
      let host = ViewModelHost<StateViewModel<Int>>()
      host.borrow(settings)
      let fired = Fired()
      fired.track { _ = settings.state }
      host.disappear()
      settings.setState(1)
      settings.setState(2)
      #expect(fired.count == 0)
      host.appear()
      #expect(fired.count == 1)
      host.release()
    }
  }

  /// And when that hidden host borrows another instance instead, nothing paused follows the
  /// first any more: its held-back change is told then, as when a paused holder lets go.
  @Test func aChangeHeldBackFromABorrowingHostIsToldWhenTheHostBorrowsAnother() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "settings", aliveForever: true) { StateViewModel(state: 0) }
      let settings = ViewModelBinding().read(spec)
      let host = ViewModelHost<StateViewModel<Int>>()
      host.borrow(settings)
      let fired = Fired()
      fired.track { _ = settings.state }
      host.disappear()
      settings.setState(1)
      #expect(fired.count == 0)
      host.borrow(StateViewModel(state: 0))
      #expect(fired.count == 1)
      host.release()
    }
  }

  /// But when its owner disposes the instance while the host is hidden, the held-back change
  /// goes with it: a disposed instance tells Observation nothing more, and the host that
  /// appears again refreshes once and shows nothing rather than the disposed instance.
  @Test func aChangeHeldBackFromAnInstanceDisposedWhileHiddenIsNeverTold() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "row") { StateViewModel(state: 0) }
      let ownerVisibility = BasePauseProvider()
      let owner = ViewModelBinding()
      owner.addPauseProvider(ownerVisibility)
      let row = owner.read(spec)
      var refreshes = 0
      let host = ViewModelHost<StateViewModel<Int>> { refreshes += 1 }
      host.borrow(row)
      let fired = Fired()
      fired.track { _ = row.state }
      ownerVisibility.pause()
      host.disappear()
      row.setState(1)
      owner.dispose()
      #expect(row.isDisposed)
      #expect(fired.count == 0)
      host.appear()
      #expect(fired.count == 0)
      #expect(refreshes == 1)
      #expect(host.viewModel == nil)
      host.release()
    }
  }

  /// Re-entrant: the observer told of a held-back change on resume hides the host again and
  /// changes the instance. That change is held back in its turn ("they hear of it once, on
  /// resume"), and told on the next resume rather than lost.
  @Test func aChangeMadeWhileAHeldBackChangeIsToldIsHeldBackInItsTurn() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "settings", aliveForever: true) { StateViewModel(state: 0) }
      let settings = ViewModelBinding().read(spec)
      let host = ViewModelHost<StateViewModel<Int>>()
      host.borrow(settings)
      var told = 0
      withObservationTracking {
        _ = settings.state
      } onChange: {
        MainActor.assumeIsolated {
          told += 1
          host.disappear()
          settings.setState(2)
        }
      }
      host.disappear()
      settings.setState(1)
      #expect(told == 0)
      host.appear()
      #expect(told == 1)
      let fired = Fired()
      fired.track { _ = settings.state }
      #expect(fired.count == 0)
      host.appear()
      #expect(fired.count == 1)
      #expect(settings.state == 2)
      host.release()
    }
  }

  /// A host that borrowed the instance and was released follows it no more: it does not count
  /// among "every holder", so a change seen only by a paused holder is still held back.
  @Test func aReleasedBorrowingHostNoLongerCountsAmongTheHolders() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "counter") { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(visibility)
      let counter = binding.read(spec)
      let host = ViewModelHost<StateViewModel<Int>>()
      host.borrow(counter)
      host.release()
      let fired = Fired()
      fired.track { _ = counter.state }
      visibility.pause()
      counter.setState(1)
      #expect(fired.count == 0)
      visibility.resume()
      #expect(fired.count == 1)
      binding.dispose()
    }
  }

  /// "Unless every holder of the instance is paused: then they hear of it once, on resume" —
  /// for each instance a paused binding holds, not only the first.
  @Test func everyInstanceAPausedBindingHoldsHearsOfItsChangeOnResume() {
    withTestRegistry { _, _ in
      let first = ViewModelSpec(key: "first") { StateViewModel(state: 0) }
      let second = ViewModelSpec(key: "second") { StateViewModel(state: 0) }
      let visibility = BasePauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(visibility)
      let models = [binding.watch(first), binding.watch(second)]
      let fired = models.map { model in
        let fired = Fired()
        fired.track { _ = model.state }
        return fired
      }
      visibility.pause()
      for model in models { model.setState(1) }
      #expect(fired.map(\.count) == [0, 0])
      visibility.resume()
      #expect(fired.map(\.count) == [1, 1])
      binding.dispose()
    }
  }
}
