import Registry
import RegistryTesting
import SwiftUI
import Testing

private class UserViewModel: StateViewModel<String> {
  init(name: String) { super.init(state: name) }
}

private final class MockUserViewModel: UserViewModel {}

private let userSpec = ViewModelSpec(key: "user") { UserViewModel(name: "real") }

private struct Watching: View {
  @WatchViewModel(userSpec) var user
  var body: some View { Text("watch \(user.state)") }
}

private struct Reading: View {
  @ReadViewModel(userSpec) var user
  var body: some View { Text("read \(user.state)") }
}

private struct Building: View {
  var body: some View {
    ViewModelBuilder(userSpec) { user in Text("builder \(user.state)") }
  }
}

private struct Screen: View {
  var body: some View {
    VStack {
      Watching()
      Reading()
      Building()
    }
  }
}

/// A preview registry with a mock, for one subtree, beside a subtree in the app's registry.
private struct App: View {
  let preview: ViewModelRegistry

  var body: some View {
    VStack {
      Screen().viewModelRegistry(preview)
      Screen()
    }
  }
}

@MainActor
@Suite struct ViewModelRegistryEnvironmentTests {
  @Test func everyWrapperOfASubtreeResolvesInTheRegistryOfItsEnvironment() {
    withRegistry { app in
      let preview = ViewModelRegistry(name: "preview")
      preview.setProxy(
        ViewModelSpec(key: "user") { MockUserViewModel(name: "mock") }, for: userSpec)
      let runtime = ViewRuntime(App(preview: preview))
      #expect(
        runtime.texts == [
          "watch mock", "read mock", "builder mock", "watch real", "read real", "builder real",
        ])
      // One shared instance per registry; neither sees the other's.
      #expect(preview.liveInstanceCount == 1)
      #expect(preview.liveViewModels().first is MockUserViewModel)
      #expect(app.liveInstanceCount == 1)
      #expect(!(app.liveViewModels().first is MockUserViewModel))
      let mock = preview.liveViewModels().first as? UserViewModel
      mock?.setState("changed")
      runtime.flush()
      #expect(runtime.texts.prefix(3) == ["watch changed", "read changed", "builder changed"])
      #expect(runtime.texts.suffix(3) == ["watch real", "read real", "builder real"])
      runtime.unmount()
      #expect(preview.liveInstanceCount == 0)
      #expect(app.liveInstanceCount == 0)
    }
  }
}
