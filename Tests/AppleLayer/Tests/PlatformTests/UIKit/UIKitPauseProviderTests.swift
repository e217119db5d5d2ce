import Registry
import RegistryTesting
import Testing
import UIKit

private final class Counter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

@MainActor
@Suite(.serialized) struct UIKitPauseProviderTests {
  @Test func theAppProviderPausesInTheBackgroundAndRefreshesOnceOnReturn() async {
    await withRegistry { _ in
      let provider = AppPauseProvider(application: .shared)
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      binding.addPauseProvider(provider)
      let counter = binding.watch(ViewModelSpec(key: "c") { Counter() })
      await UIApplication.shared._simulate(state: .background)
      #expect(binding.isPaused)
      counter.setState(1)
      counter.setState(2)
      #expect(refreshes == 0)
      await UIApplication.shared._simulate(state: .active)
      #expect(!binding.isPaused)
      #expect(refreshes == 1)
      binding.dispose()
    }
  }

  @Test func theVisibilityProviderFollowsTheControllersAppearance() {
    withRegistry { _ in
      let visibility = ViewControllerVisibilityPauseProvider()
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      binding.addPauseProvider(visibility)
      let counter = binding.watch(ViewModelSpec(key: "c") { Counter() })
      visibility.viewDidDisappear()
      counter.setState(1)
      #expect(refreshes == 0)
      visibility.viewWillAppear()
      #expect(refreshes == 1)
      binding.dispose()
    }
  }
}
