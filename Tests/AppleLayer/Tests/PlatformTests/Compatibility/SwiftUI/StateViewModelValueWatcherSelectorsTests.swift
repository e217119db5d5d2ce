import AppleViewModelCompatibility
import Registry
import RegistryTesting
import SwiftUI
import Testing

private struct VisitsWatcher: View {
  let profile: ProfileViewModel

  var body: some View {
    StateViewModelValueWatcher(viewModel: profile, selectors: [\.visits]) { state in
      Text("\(state.names[0]) \(state.visits)")
    }
  }
}

/// AppleViewModel's `StateViewModelValueWatcher(viewModel:selectors:content:)`.
@MainActor
@Suite struct StateViewModelValueWatcherSelectorsTests {
  /// "Key paths to `Hashable` properties work as selectors": a change elsewhere in the state
  /// redraws nothing, a change of a selected part redraws.
  @Test func aValueWatcherTakesKeyPathSelectors() {
    withRegistry { _ in
      let profile = ProfileViewModel(names: ["a"])
      let runtime = ViewRuntime(VisitsWatcher(profile: profile))
      let before = runtime.totalBodyCount
      var state = profile.state
      state.names[0] = "b"
      profile.setState(state)
      runtime.flush()
      #expect(runtime.totalBodyCount == before)
      state.visits += 1
      profile.setState(state)
      runtime.flush()
      #expect(runtime.texts == ["b 1"])
      runtime.unmount()
    }
  }
}
