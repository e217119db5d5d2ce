import Registry
import Testing

/// Counts the pauses it is told of.
@MainActor
private final class PauseCountingBinding: ViewModelBinding {
  var pauses = 0
  override func onPause() { pauses += 1 }
}

/// A provider that counts the observations still running.
@MainActor
private final class CountingPauseProvider: PauseProvider {
  var isPaused = false
  var observing = 0

  func observePause(_ observer: @escaping @MainActor (Bool) -> Void) -> () -> Void {
    observing += 1
    var stopped = false
    return { [self] in
      guard !stopped else { return }
      stopped = true
      observing -= 1
    }
  }
}

@MainActor
@Suite struct ViewModelBindingPauseTests {
  /// `addPauseProvider(_:)`: the binding follows each provider "until the provider is removed or
  /// the binding is disposed; then it calls the closure `observePause(_:)` returned, once".
  @Test func disposingABindingStopsFollowingEveryProvider() {
    withTestRegistry { _, _ in
      let first = CountingPauseProvider()
      let second = CountingPauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(first)
      binding.addPauseProvider(second)
      #expect(first.observing == 1 && second.observing == 1)
      binding.removePauseProvider(first)
      #expect(first.observing == 0)
      binding.dispose()
      #expect(second.observing == 0)
    }
  }
  private func makeWatched(
    _ refreshes: @escaping () -> Void
  ) -> (ViewModelBinding, StateViewModel<Int>) {
    let binding = ViewModelBinding(onUpdate: refreshes)
    let model = binding.watch(ViewModelSpec(key: "m") { StateViewModel(state: 0) })
    return (binding, model)
  }

  @Test func pauseTakesEffectAtOnceAndResumeRefreshesOnceWithTheLatestState() {
    withTestRegistry { _, _ in
      var seen: [Int] = []
      var model: StateViewModel<Int>!
      let (binding, watched) = makeWatched { seen.append(model.state) }
      model = watched
      let provider = BasePauseProvider()
      binding.addPauseProvider(provider)
      provider.pause()
      #expect(binding.isPaused)
      model.notifyListeners()
      model.setState(1)
      model.setState(2)
      #expect(seen.isEmpty)
      provider.resume()
      #expect(seen == [2])
      provider.pause()
      provider.resume()
      #expect(seen == [2])
    }
  }

  @Test func anyPausedProviderHoldsTheBinding() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let (binding, model) = makeWatched { refreshes += 1 }
      let first = BasePauseProvider()
      let second = BasePauseProvider()
      second.pause()
      binding.addPauseProvider(first)
      binding.addPauseProvider(second)
      #expect(binding.isPaused)
      model.setState(1)
      first.pause()
      second.resume()
      #expect(refreshes == 0)
      binding.removePauseProvider(first)
      #expect(!binding.isPaused)
      #expect(refreshes == 1)
    }
  }

  @Test func removingAPausedProviderResumes() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let (binding, model) = makeWatched { refreshes += 1 }
      let provider = BasePauseProvider()
      binding.addPauseProvider(provider)
      provider.pause()
      model.setState(3)
      binding.removePauseProvider(provider)
      #expect(refreshes == 1)
      provider.resume()
      model.setState(4)
      #expect(refreshes == 2)
    }
  }

  @Test func pauseAndResumeFromInsideARefresh() {
    withTestRegistry { _, _ in
      let provider = BasePauseProvider()
      var refreshes = 0
      var model: StateViewModel<Int>!
      let (binding, watched) = makeWatched {
        refreshes += 1
        if refreshes == 1 {
          provider.pause()
          model.setState(model.state + 1)  // missed while paused
          provider.resume()  // owed one refresh
        }
      }
      model = watched
      binding.addPauseProvider(provider)
      model.setState(1)
      #expect(refreshes == 2)
      #expect(model.state == 2)
    }
  }

  @Test func noRefreshOnResumeWhenNothingChanged() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let (binding, _) = makeWatched { refreshes += 1 }
      let provider = BasePauseProvider()
      binding.addPauseProvider(provider)
      provider.pause()
      provider.resume()
      #expect(refreshes == 0)
    }
  }

  /// ViewModelBinding.dispose(): "Lets go of everything this binding holds" — its pause
  /// providers too: a disposed binding is not paused, and no provider reaches its `onPause()`.
  @Test func aDisposedBindingLetsGoOfItsPauseProviders() {
    withTestRegistry { _, _ in
      let provider = BasePauseProvider()
      let binding = PauseCountingBinding()
      binding.addPauseProvider(provider)
      provider.pause()
      #expect(binding.isPaused)
      #expect(binding.pauses == 1)
      binding.dispose()
      #expect(!binding.isPaused)
      provider.resume()
      provider.pause()
      #expect(binding.pauses == 1)
    }
  }
}
