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

private struct CaseInsensitiveName: View {
  let profile: ProfileViewModel

  var body: some View {
    StateViewModelSelector(
      viewModel: profile, selector: { $0.names[0] },
      equals: { $0.lowercased() == $1.lowercased() }
    ) { name in
      Text("name \(name)")
    }
  }
}

private struct PlainName: View {
  let profile: ProfileViewModel

  var body: some View {
    StateViewModelSelector(viewModel: profile, selector: { $0.names[0] }) { name in
      Text("name \(name)")
    }
  }
}

private struct Observers: View {
  let first: ObservableValue<String>
  let second: ObservableValue<Int>
  let third: ObservableValue<Bool>

  var body: some View {
    VStack {
      ObserverBuilder(observable: first, second) { a, b in Text("\(a) \(b)") }
      ObserverBuilder(observable: first, second, third) { a, b, c in
        Text("\(a) \(b) \(c)")
      }
    }
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

  @Test func aSelectorComparesWithItsOwnEqualsThenTheConfiguredOne() {
    withRegistry { registry in
      let profile = ProfileViewModel(names: ["ada"])
      let runtime = ViewRuntime(CaseInsensitiveName(profile: profile))
      let before = runtime.totalBodyCount
      rename(profile, at: 0, to: "ADA")
      runtime.flush()
      #expect(runtime.totalBodyCount == before)
      rename(profile, at: 0, to: "grace")
      runtime.flush()
      #expect(runtime.texts == ["name grace"])
      runtime.unmount()

      // Any two strings are "equal" to this policy: a selector without its own equals keeps
      // what it shows.
      registry.configure(
        config: ViewModelConfig(
          equals: {
            ($0 is String && $1 is String) || ($0 as? AnyHashable) == ($1 as? AnyHashable)
          },
          onError: { _ in }))
      let plain = ViewRuntime(PlainName(profile: profile))
      rename(profile, at: 0, to: "linus")
      plain.flush()
      #expect(plain.texts == ["name grace"])
      plain.unmount()
    }
  }

  @Test func observerBuildersRedrawWhenAnyValueChanges() {
    withRegistry { _ in
      let first = ObservableValue(initialValue: "a")
      let second = ObservableValue(initialValue: 1)
      let third = ObservableValue(initialValue: false)
      let runtime = ViewRuntime(Observers(first: first, second: second, third: third))
      #expect(runtime.texts == ["a 1", "a 1 false"])
      second.value = 2
      runtime.flush()
      third.value = true
      runtime.flush()
      #expect(runtime.texts == ["a 2", "a 2 true"])
      runtime.unmount()
    }
  }
}
