import Observation
import Registry
import RegistryTesting
import Testing

@MainActor
private final class DisposedCounter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

/// What a disposed view model does when asked to change.
@MainActor
@Suite struct DisposedViewModelPromiseTests {
  /// ViewModel.notifyListeners(): "Does nothing once disposed (in debug builds the mistake is
  /// reported …)"; Lifetimes: "a change asked of a disposed view model is ignored (and reported
  /// in debug builds)". Observation, which followed it before, hears nothing either.
  @Test func notifyListenersOnADisposedViewModelTellsNoObserver() {
    withRegistry { registry in
      let reporter = RecordingIssueReporter()
      registry.issueReporter = reporter
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { DisposedCounter() })
      binding.dispose()
      var told = 0
      withObservationTracking {
        _ = counter.state
      } onChange: {
        MainActor.assumeIsolated { told += 1 }
      }
      counter.notifyListeners()
      #expect(told == 0)
      #expect(
        reporter.errors.map(\.description).first?.hasPrefix("notifyListeners() was called on")
          == true)
    }
  }

  /// Architecture, a disposal's last step: "its listeners are dropped" — also those of the round
  /// in progress when a listener disposes the view model: the ones after it do not run.
  @Test func aListenerThatDisposesItsViewModelStopsTheRoundInProgress() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { DisposedCounter() })
      var heard: [String] = []
      _ = counter.listen {
        heard.append("first")
        binding.dispose()
      }
      _ = counter.listen { heard.append("second") }
      counter.notifyListeners()
      #expect(counter.isDisposed)
      #expect(heard == ["first"])
    }
  }

  /// `update(_:)` on a disposed view model: the block runs, the mistake is reported, and
  /// "a change asked of a disposed view model is ignored": Observation hears nothing.
  @Test func updateOnADisposedViewModelTellsNoObserver() {
    withRegistry { registry in
      let reporter = RecordingIssueReporter()
      registry.issueReporter = reporter
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec(key: "counter") { DisposedCounter() })
      binding.dispose()
      var told = 0
      withObservationTracking {
        _ = counter.state
      } onChange: {
        MainActor.assumeIsolated { told += 1 }
      }
      var ran = false
      counter.update { ran = true }
      #expect(ran)
      #expect(told == 0)
      #expect(
        reporter.errors.map(\.description).first?.hasPrefix("update(_:) was called on") == true)
    }
  }
}
