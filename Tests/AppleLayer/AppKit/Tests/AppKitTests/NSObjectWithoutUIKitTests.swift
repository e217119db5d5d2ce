import Foundation
import ObjectiveC
import Registry
import Testing

// The Registry sources built where the Objective-C runtime exists but UIKit does not (native
// macOS, as far as these stand-ins go): `NSObject.viewModelBinding` and
// `ViewModelBindingRefreshable` must still exist, and must not need UIKit.

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
