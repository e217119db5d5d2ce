import AppleViewModelCompatibility
import RegistryTesting
import Testing
import UIKit

private final class Counter: StateViewModel<Int> {
  init() { super.init(state: 0) }
}

private let counterSpec = ViewModelSpec(key: "counter") { Counter() }

/// The controller of the provider's documentation: it pauses its binding while it is not on
/// screen and counts its refreshes.
private final class FeedController: UIViewController, ViewModelBindingRefreshable {
  private let visibility = UIKitVisibilityPauseProvider()
  private(set) var refreshes = 0
  private(set) var shown: [Int] = []
  lazy var counter = viewModelBinding.watch(counterSpec)

  override func viewDidLoad() {
    super.viewDidLoad()
    viewModelBinding.addPauseProvider(visibility)
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    visibility.resume()
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    visibility.pause()
  }

  func viewModelBindingDidUpdate() {
    refreshes += 1
    shown.append(counter.state)
  }
}

@MainActor
@Suite struct UIKitVisibilityPauseProviderTests {
  @Test func itIsPausedAndResumedByHandAndRefreshesOnceOnResume() {
    withRegistry { _ in
      let visibility = UIKitVisibilityPauseProvider()
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      binding.addPauseProvider(visibility)
      let counter = binding.watch(ViewModelSpec(key: "c") { Counter() })
      visibility.pause()
      counter.setState(1)
      counter.setState(2)
      #expect(binding.isPaused && refreshes == 0)
      visibility.resume()
      #expect(!binding.isPaused && refreshes == 1)
      counter.setState(3)
      #expect(refreshes == 2)
      binding.dispose()
    }
  }

  @Test func itAnswersToTheVisibilityProvidersAppearanceCallsToo() {
    withRegistry { _ in
      let visibility = UIKitVisibilityPauseProvider()
      let binding = ViewModelBinding {}
      binding.addPauseProvider(visibility)
      visibility.viewDidDisappear()
      #expect(binding.isPaused)
      visibility.viewWillAppear()
      #expect(!binding.isPaused)
      visibility.pause()
      visibility.viewWillAppear()
      #expect(!binding.isPaused)
      binding.dispose()
    }
  }

  @Test func aControllerThatDisappearsMissesNoChangeAndIsRefreshedOnceWhenItAppears() {
    withRegistry { registry in
      var controller: FeedController? = FeedController()
      controller?.beginAppearanceTransition(true, animated: false)
      controller?.endAppearanceTransition()
      let counter = controller!.counter
      counter.setState(1)
      #expect(controller?.shown == [1])
      controller?.beginAppearanceTransition(false, animated: false)
      controller?.endAppearanceTransition()
      counter.setState(2)
      counter.setState(3)
      #expect(controller?.shown == [1])
      controller?.beginAppearanceTransition(true, animated: false)
      #expect(controller?.shown == [1, 3])
      #expect(controller?.refreshes == 2)
      // The controller's binding goes with it, and so does what only it held.
      controller = nil
      #expect(counter.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
