import AppleViewModelCompatibility
import SwiftUI
import Testing

// The AppleViewModel compatibility module built where UIKit does not exist: its SwiftUI
// wrappers for hand-written factories are there and work; its UIKit pause provider is not
// (Scripts/check-no-uikit.sh checks that its objects name no UIKit symbol).

private final class Greeting: StateViewModel<String> {
  init() { super.init(state: "hello") }
}

@MainActor
private final class GreetingFactory: ViewModelFactory {
  private(set) var builds = 0

  func build() -> Greeting {
    builds += 1
    return Greeting()
  }

  func key() -> AnyHashable? { "greeting" }
}

private struct GreetingView: View {
  @WatchViewModel var greeting: Greeting

  init(factory: GreetingFactory) { _greeting = WatchViewModel(factory) }

  var body: some View { Text(greeting.state) }
}

@MainActor
@Suite struct CompatibilityWithoutUIKitTests {
  @Test func aFactoryWrapperBuildsOnceAndRedrawsOnChange() throws {
    let registry = ViewModelRegistry(name: "appkit-compat")
    try registry.withCurrent {
      let factory = GreetingFactory()
      let runtime = ViewRuntime(GreetingView(factory: factory))
      runtime.render()
      #expect(factory.builds == 1)
      let greeting: Greeting = try ViewModel.readCached(key: "greeting")
      greeting.setState("bonjour")
      runtime.flush()
      #expect(runtime.texts == ["bonjour"])
      runtime.unmount()
      #expect(greeting.isDisposed)
    }
  }
}
