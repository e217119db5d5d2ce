import Foundation
import ObjectiveC
import RegistryAppKit
import Testing

// Built from the same sources as Registry, on a platform with the Objective-C runtime but no
// UIKit — native macOS, as far as these stand-ins go: `NSObject.viewModelBinding` and
// `ViewModelBindingRefreshable` must still exist.

private final class Counter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

@MainActor
private final class WindowController: NSObject, ViewModelBindingRefreshable {
  var updates = 0
  func viewModelBindingDidUpdate() { updates += 1 }
}

@MainActor
@Suite struct NSObjectWithoutUIKitTests {
  @Test func anAppKitObjectHasABindingThatRefreshesIt() {
    let registry = ViewModelRegistry(name: "appkit")
    registry.withCurrent {
      let controller = WindowController()
      let counter = controller.viewModelBinding.watch(ViewModelSpec(key: "c") { Counter() })
      counter.setState(1)
      #expect(controller.updates == 1)
      #expect(controller.viewModelBinding === controller.viewModelBinding)
      controller.viewModelBinding.dispose()
    }
    #expect(registry.liveInstanceCount == 0)
  }
}
