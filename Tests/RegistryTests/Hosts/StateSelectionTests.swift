import Observation
import Registry
import Testing

private struct Profile: Equatable {
  var name = ""
  var age = 0
}

@MainActor
@Suite struct StateSelectionTests {
  @Test func refreshesOnlyWhenTheSelectedValueChanges() {
    withTestRegistry { _, _ in
      let profile = StateViewModel(state: Profile())
      var names: [String] = []
      let selection = StateSelection(profile, selector: \.name, onChange: { names.append($0) })
      var observed = 0
      withObservationTracking {
        _ = selection.value
      } onChange: {
        MainActor.assumeIsolated { observed += 1 }
      }
      profile.setState(Profile(name: "", age: 1))
      #expect(observed == 0)
      profile.setState(Profile(name: "Ada", age: 1))
      #expect(observed == 1)
      #expect(selection.value == "Ada")
      #expect(names == ["Ada"])
      selection.stop()
      profile.setState(Profile(name: "Bo"))
      #expect(selection.changeCount == 1)
    }
  }

  /// `onChange` is "called with each new selected value, once `value` and `changeCount` show
  /// it": a callback that reads the selection sees the new value.
  @Test func onChangeSeesTheSelectionAlreadyChanged() {
    withTestRegistry { _, _ in
      let profile = StateViewModel(state: Profile())
      var seen: [String] = []
      var selection: StateSelection<Profile, String>?
      selection = StateSelection(
        profile, selector: \.name,
        onChange: { name in
          seen.append("\(name) \(selection?.value ?? "?") \(selection?.changeCount ?? -1)")
        })
      profile.setState(Profile(name: "Ada"))
      profile.setState(Profile(name: "Bo"))
      #expect(seen == ["Ada Ada 1", "Bo Bo 2"])
      selection?.stop()
    }
  }

  /// `update(selector:equals:)` "Replaces the selector and the comparison …: later changes are
  /// compared with these."
  @Test func anUpdatedComparisonDecidesLaterChanges() {
    withTestRegistry { _, _ in
      let profile = StateViewModel(state: Profile())
      let selection = StateSelection(profile, selector: \.age)
      // Ages compared by decade from now on.
      selection.update(selector: \.age, equals: { $0 / 10 == $1 / 10 })
      profile.setState(Profile(age: 5))
      #expect(selection.changeCount == 0)
      profile.setState(Profile(age: 12))
      #expect(selection.changeCount == 1)
      #expect(selection.value == 12)
      selection.stop()
    }
  }

  /// `update(selector:equals:)`: "The value is selected again from the current state without
  /// telling observers … and without counting as a change."
  @Test func anUpdatedSelectorSelectsAgainAtOnceWithoutAChange() {
    withTestRegistry { _, _ in
      let profile = StateViewModel(state: Profile(name: "Ada", age: 36))
      var changes: [String] = []
      let selection = StateSelection(
        profile, selector: { $0.name }, onChange: { changes.append($0) })
      var observed = 0
      withObservationTracking {
        _ = selection.value
      } onChange: {
        MainActor.assumeIsolated { observed += 1 }
      }
      selection.update(selector: { "\($0.age)" })
      #expect(selection.value == "36")
      #expect(selection.changeCount == 0)
      #expect(observed == 0)
      #expect(changes.isEmpty)
      profile.setState(Profile(name: "Bo", age: 36))
      #expect(selection.changeCount == 0)
      selection.stop()
    }
  }

  @Test func severalSelectedValuesAsOne() {
    withTestRegistry { _, _ in
      let profile = StateViewModel(state: Profile())
      let selection = StateSelection(profile, selector: { [$0.name, "\($0.age / 10)"] })
      profile.setState(Profile(name: "", age: 5))
      #expect(selection.changeCount == 0)
      profile.setState(Profile(name: "", age: 15))
      #expect(selection.changeCount == 1)
    }
  }

  @Test func requireReturnsTheInstanceLikeResolve() {
    withTestRegistry { _, _ in
      let host = ViewModelHost<ProbeViewModel>()
      let spec = ViewModelSpec { ProbeViewModel("r", log: EventLog()) }
      let first = host.require(spec)
      #expect(host.require(spec) === first)
    }
  }
}
