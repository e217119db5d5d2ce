import Registry
import RegistryTesting
import Testing

@MainActor
private final class Steps: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

/// Rules of view models that the survivors of the widened mutation run showed unchecked.
@MainActor
@Suite struct ViewModelPromiseTests {
  /// ViewModel.hasListeners: "Whether anything hears ``notifyListeners()``: a listener, a
  /// watching binding or a ``changes`` stream consumer" — each of them alone; a binding that
  /// only reads it does not hear it.
  @Test(arguments: ["listener", "watching binding", "reading binding"])
  func hasListenersCountsEachKindOfListenerAlone(_ kind: String) {
    withRegistry { _ in
      let spec = ViewModelSpec(key: "m") { ProbeViewModel("m", log: EventLog()) }
      let binding = ViewModelBinding()
      let model = kind == "watching binding" ? binding.watch(spec) : binding.read(spec)
      var stop: () -> Void = {}
      if kind == "listener" { stop = model.listen {} }
      #expect(model.hasListeners == (kind != "reading binding"))
      stop()
      binding.dispose()
    }
  }

  /// StateViewModel: "a `setState` from inside a listener is delivered after the round in
  /// progress, so every listener sees the states in order" — also a `setState` made while a
  /// queued change is being delivered.
  @Test func statesSetFromListenersTwoLevelsDeepReachEveryListenerInOrder() {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let steps = binding.watch(ViewModelSpec(key: "steps") { Steps() })
      var first: [String] = []
      var second: [String] = []
      let stops = [
        steps.listenState { previous, new in
          first.append("\(previous ?? -1)→\(new)")
          if new < 3 { steps.setState(new + 1) }
        },
        steps.listenState { previous, new in second.append("\(previous ?? -1)→\(new)") },
      ]
      steps.setState(1)
      #expect(first == ["0→1", "1→2", "2→3"])
      #expect(second == ["0→1", "1→2", "2→3"])
      for stop in stops { stop() }
      binding.dispose()
    }
  }
}
