import Registry
import Testing

private struct Profile: Equatable {
  var name = ""
  var age = 0
}

private struct Loose {
  var value = 0
}

private struct ListenerFailure: Error, CustomStringConvertible {
  var description: String { "state listener failed" }
}

@MainActor
private final class ProfileViewModel: StateViewModel<Profile> {
  init(equals: ((Profile, Profile) -> Bool)? = nil) {
    super.init(state: Profile(), equals: equals)
  }
}

@MainActor
@Suite struct StateViewModelTests {
  /// `hasListeners`: "A ``StateViewModel``'s state listeners (`listenState`,
  /// `listenStateSelect`) hear `setState` only, and are not counted."
  @Test func stateListenersAreNotCountedByHasListeners() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      var heard = 0
      let stopState = model.listenState { _, _ in heard += 1 }
      let stopSelect = model.listenStateSelect(selector: \.age) { _, _ in heard += 1 }
      #expect(!model.hasListeners)
      model.setState(Profile(name: "Ada", age: 1))
      #expect(heard == 2)
      let stop = model.listen {}
      #expect(model.hasListeners)
      stop()
      stopState()
      stopSelect()
      #expect(!model.hasListeners)
    }
  }

  @Test func equatableStateSetToAnEqualValueNotifiesNobody() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      var calls = 0
      model.listen { calls += 1 }
      model.setState(Profile())
      #expect(calls == 0)
      model.setState(Profile(name: "Ada"))
      model.setState(Profile(name: "Ada"))
      #expect(calls == 1)
    }
  }

  @Test func explicitEqualsWins() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel(equals: { $0.name == $1.name })
      var calls = 0
      model.listen { calls += 1 }
      model.setState(Profile(name: "", age: 3))
      #expect(calls == 0)
      #expect(model.state.age == 0)
      model.setState(Profile(name: "B"))
      #expect(calls == 1)
    }
  }

  @Test func nonEquatableStateAlwaysNotifies() {
    withTestRegistry { _, _ in
      let model = StateViewModel(state: Loose())
      var calls = 0
      model.listen { calls += 1 }
      model.setState(Loose())
      model.setState(Loose())
      #expect(calls == 2)
    }
  }

  @Test func configuredEqualsAppliesWhenTheViewModelHasNone() {
    withTestRegistry { registry, _ in
      registry.configure(config: ViewModelConfig(equals: { _, _ in true }))
      let model = StateViewModel(state: Loose())
      var calls = 0
      model.listen { calls += 1 }
      model.setState(Loose(value: 1))
      #expect(calls == 0)
      let own = StateViewModel(state: Loose(), equals: { _, _ in false })
      own.listen { calls += 1 }
      own.setState(Loose())
      #expect(calls == 1)
    }
  }

  @Test func previousAndInitialState() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      #expect(model.previousState == nil)
      model.setState(Profile(name: "A"))
      model.setState(Profile(name: "B"))
      #expect(model.previousState == Profile(name: "A"))
      #expect(model.initialState == Profile())
      #expect(model.state == Profile(name: "B"))
    }
  }

  @Test func listenStateReceivesPreviousAndNew() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      var seen: [String] = []
      let stop = model.listenState { previous, new in
        seen.append("\(previous?.name ?? "nil")→\(new.name)")
      }
      model.setState(Profile(name: "A"))
      model.setState(Profile(name: "B"))
      stop()
      model.setState(Profile(name: "C"))
      #expect(seen == ["→A", "A→B"])
    }
  }

  @Test func listenStateSelectFiresOnlyWhenTheSelectionChanges() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      var names: [String] = []
      model.listenStateSelect(selector: \.name) { previous, name in
        names.append("\(previous ?? "nil")→\(name)")
      }
      var parity: [Bool] = []
      model.listenStateSelect(selector: \.age, equals: { $0 % 2 == $1 % 2 }) { _, age in
        parity.append(age % 2 == 0)
      }
      model.setState(Profile(name: "", age: 1))
      model.setState(Profile(name: "A", age: 3))
      model.setState(Profile(name: "A", age: 4))
      #expect(names == ["→A"])
      #expect(parity == [false, true])
    }
  }

  /// "Calls `onChanged` only when the part of the state chosen by `selector` changes" — also
  /// after a call that threw: the selection it was told of counts as seen.
  @Test func listenStateSelectCountsASelectionAsSeenEvenWhenItsCallThrew() {
    withTestRegistry { registry, _ in
      registry.configure(config: ViewModelConfig(onError: { _ in }))
      let model = ProfileViewModel()
      var names: [String] = []
      model.listenStateSelect(selector: \.name) { _, name in
        names.append(name)
        if name == "A" { throw ListenerFailure() }
      }
      model.setState(Profile(name: "A", age: 1))
      model.setState(Profile(name: "A", age: 2))
      model.setState(Profile(name: "B", age: 2))
      #expect(names == ["A", "B"])
    }
  }

  @Test func throwingStateListenerIsIsolatedAndRoutedToOnError() {
    withTestRegistry { registry, reporter in
      var routed: [String] = []
      registry.configure(config: ViewModelConfig(onError: { routed.append("\($0)") }))
      let model = ProfileViewModel()
      var after = 0
      model.listenState { _, _ in throw ListenerFailure() }
      model.listenState { _, _ in after += 1 }
      model.setState(Profile(name: "x"))
      #expect(after == 1)
      #expect(routed == ["state listener failed"])
      #expect(reporter.errors.isEmpty)
    }
  }

  @Test func setStateFromAListenerDeliversStatesInOrder() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      var first: [String] = []
      var second: [String] = []
      model.listenState { _, new in
        first.append(new.name)
        if new.name == "A" { model.setState(Profile(name: "B")) }
      }
      model.listenState { _, new in second.append(new.name) }
      var refreshes: [String] = []
      let binding = ViewModelBinding { refreshes.append(model.state.name) }
      let spec = ViewModelSpec(key: "p") { ProfileViewModel() }
      let watched = binding.watch(spec)
      watched.listenState { _, new in
        if new.name == "1" { watched.setState(Profile(name: "2")) }
      }
      model.setState(Profile(name: "A"))
      #expect(first == ["A", "B"])
      #expect(second == ["A", "B"])
      #expect(model.state.name == "B")

      watched.setState(Profile(name: "1"))
      #expect(watched.state.name == "2")
      #expect(refreshes.count == 1)
      model.dispose()  // its listeners capture it: disposing breaks the cycle
    }
  }

  /// Changes set from a listener, round after round on one view model: each round's are
  /// delivered, in order, however many rounds came before.
  @Test func changesSetFromAListenerAreDeliveredInEveryRound() {
    withTestRegistry { _, _ in
      let model = ProfileViewModel()
      var seen: [String] = []
      model.listenState { _, new in
        seen.append(new.name)
        if new.name.hasSuffix("!") { return }
        model.setState(Profile(name: new.name + "!"))
      }
      for round in ["A", "B", "C"] { model.setState(Profile(name: round)) }
      #expect(seen == ["A", "A!", "B", "B!", "C", "C!"])
      model.dispose()
    }
  }

  @Test func listenerThatDisposesItsOwnBindingStopsDelivery() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "p") { ProfileViewModel() }
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let model = binding.watch(spec)
      var later = 0
      model.listenState { _, _ in binding.dispose() }
      model.listenState { _, _ in later += 1 }
      model.setState(Profile(name: "x"))
      #expect(binding.isDisposed)
      #expect(model.isDisposed)
      #expect(later == 0)
      #expect(refreshes == 0)
      #expect(registry.liveInstanceCount == 0)
      model.setState(Profile(name: "y"))
      #expect(model.state.name == "x")
    }
  }
}
