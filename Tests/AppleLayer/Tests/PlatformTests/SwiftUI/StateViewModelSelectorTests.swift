import Registry
import RegistryTesting
import SwiftUI
import Testing

/// Shows the name at `index`, chosen by the parent on each render.
private struct NameAt: View {
  let profile: ProfileViewModel
  let index: Int

  var body: some View {
    StateViewModelSelector(viewModel: profile, selector: { $0.names[index] }) { name in
      Text("name \(name)")
    }
  }
}

/// Shows the whole state, redrawn only when the name at `index` changes.
private struct WatchedAt: View {
  let profile: ProfileViewModel
  let index: Int

  var body: some View {
    StateViewModelValueWatcher(viewModel: profile, values: [{ AnyHashable($0.names[index]) }]) {
      state in
      Text("\(state.names[index]) (\(state.visits) visits)")
    }
  }
}

private struct ThemeView: View {
  let theme: ObservableValue<String>

  var body: some View {
    ObserverBuilder(observable: theme) { name in Text("theme \(name)") }
  }
}

@MainActor private func rename(_ profile: ProfileViewModel, at index: Int, to name: String) {
  var state = profile.state
  state.names[index] = name
  profile.setState(state)
}

@MainActor private func visit(_ profile: ProfileViewModel) {
  var state = profile.state
  state.visits += 1
  profile.setState(state)
}

@MainActor
@Suite struct StateViewModelSelectorTests {
  @Test func aSelectorRedrawsOnlyWhenItsPartChanges() {
    withRegistry { _ in
      let profile = ProfileViewModel(names: ["a", "b"])
      let runtime = ViewRuntime(NameAt(profile: profile, index: 0))
      let before = runtime.totalBodyCount
      visit(profile)
      rename(profile, at: 1, to: "B")
      runtime.flush()
      #expect(runtime.totalBodyCount == before)
      rename(profile, at: 0, to: "A")
      runtime.flush()
      #expect(runtime.texts == ["name A"])
      #expect(runtime.totalBodyCount > before)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func aSelectorFollowsTheLatestRender() {
    withRegistry { _ in
      let profile = ProfileViewModel(names: ["a", "b"])
      let runtime = ViewRuntime(NameAt(profile: profile, index: 0))
      runtime.setRoot(NameAt(profile: profile, index: 1))
      #expect(runtime.texts == ["name b"])
      let settled = runtime.totalBodyCount
      // The selector of the first render no longer counts: a change to its part redraws
      // nothing, a change to the new one does.
      rename(profile, at: 0, to: "A")
      runtime.flush()
      #expect(runtime.totalBodyCount == settled)
      rename(profile, at: 1, to: "B")
      runtime.flush()
      #expect(runtime.texts == ["name B"])
      runtime.unmount()
    }
  }

  @Test func aValueWatcherRedrawsOnlyWhenAWatchedValueChangesAndFollowsTheLatestRender() {
    withRegistry { _ in
      let profile = ProfileViewModel(names: ["a", "b"])
      let runtime = ViewRuntime(WatchedAt(profile: profile, index: 0))
      let before = runtime.totalBodyCount
      visit(profile)
      runtime.flush()
      #expect(runtime.totalBodyCount == before)
      runtime.setRoot(WatchedAt(profile: profile, index: 1))
      let settled = runtime.totalBodyCount
      rename(profile, at: 0, to: "A")
      runtime.flush()
      #expect(runtime.totalBodyCount == settled)
      rename(profile, at: 1, to: "B")
      runtime.flush()
      #expect(runtime.texts == ["B (1 visits)"])
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func removedSelectorsNoLongerRedraw() {
    withRegistry { _ in
      let profile = ProfileViewModel(names: ["a", "b"])
      let runtime = ViewRuntime(
        Toggle(show: true) {
          VStack {
            NameAt(profile: profile, index: 0)
            WatchedAt(profile: profile, index: 1)
          }
        })
      runtime.setRoot(
        Toggle(show: false) {
          VStack {
            NameAt(profile: profile, index: 0)
            WatchedAt(profile: profile, index: 1)
          }
        })
      rename(profile, at: 0, to: "A")
      rename(profile, at: 1, to: "B")
      #expect(runtime.pendingInvalidations == 0)
      #expect(runtime.texts == ["nothing"])
      runtime.unmount()
    }
  }

  @Test func anObserverBuilderRedrawsOncePerChangeEveryTime() {
    withRegistry { _ in
      let theme = ObservableValue(initialValue: "light")
      let runtime = ViewRuntime(ThemeView(theme: theme))
      for round in 1...10 {
        theme.value = "theme \(round)"
        runtime.flush()
        #expect(runtime.texts == ["theme theme \(round)"])
      }
      // Parent renders in between do not lose the tracking either.
      runtime.render()
      theme.value = "dark"
      runtime.flush()
      #expect(runtime.texts == ["theme dark"])
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }
}
