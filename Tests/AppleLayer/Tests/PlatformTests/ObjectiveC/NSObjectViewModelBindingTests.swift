import Foundation
import ObjectiveC
import Registry
import RegistryTesting
import Testing
import UIKit

private final class Counter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

private let counterSpec = ViewModelSpec(key: "counter") { Counter() }

/// A plain object (as on macOS, where there is no UIKit) that refreshes itself.
@MainActor
private final class Presenter: NSObject, ViewModelBindingRefreshable {
  var updates = 0
  func viewModelBindingDidUpdate() { updates += 1 }
}

@MainActor
private final class CounterController: UIViewController, ViewModelBindingRefreshable {
  lazy var counter = viewModelBinding.watch(counterSpec)
  var updates = 0
  func viewModelBindingDidUpdate() { updates += 1 }
}

@MainActor
@Suite struct NSObjectViewModelBindingTests {
  @Test func anyObjectGetsOneBindingThatRefreshesIt() {
    withRegistry { _ in
      let presenter = Presenter()
      #expect(presenter.viewModelBinding === presenter.viewModelBinding)
      let counter = presenter.viewModelBinding.watch(counterSpec)
      counter.setState(1)
      #expect(presenter.updates == 1)
      presenter.viewModelBinding.dispose()
    }
  }

  @Test func aControllersBindingLetsGoWhenTheControllerGoes() {
    withRegistry { registry in
      weak var weakCounter: Counter?
      do {
        let controller = CounterController()
        weakCounter = controller.counter
        controller.counter.setState(2)
        #expect(controller.updates == 1)
      }
      #expect(weakCounter == nil)
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
