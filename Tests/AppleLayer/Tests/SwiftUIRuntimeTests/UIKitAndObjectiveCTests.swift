import ObjectiveC
import Registry
import Testing
import UIKit

private enum Keys {
  nonisolated(unsafe) static var value: UInt8 = 0
  nonisolated(unsafe) static var other: UInt8 = 0
}

private final class Controller: UIViewController {
  var events: [String] = []
  override func viewDidLoad() { events.append("viewDidLoad") }
  override func viewWillAppear(_ animated: Bool) { events.append("viewWillAppear") }
  override func viewDidDisappear(_ animated: Bool) { events.append("viewDidDisappear") }
}

private final class Value {
  let onDeinit: () -> Void
  init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

@MainActor
@Suite("UIKit and ObjectiveC stand-ins", .serialized)
struct UIKitAndObjectiveCTests {
  @Test func associatedValuesAreReleasedWhenAResponderDeallocates() {
    var released = false
    var controller: Controller? = Controller()
    objc_setAssociatedObject(
      controller!, &Keys.value, Value { released = true }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect(objc_getAssociatedObject(controller!, &Keys.value) is Value)
    #expect(objc_getAssociatedObject(controller!, &Keys.other) == nil)
    controller = nil
    #expect(released)
  }

  @Test func associatedValuesOfOtherObjectsAreSweptOnTheNextAccess() {
    var released = false
    var owner: NSObject? = NSObject()
    objc_setAssociatedObject(
      owner!, &Keys.value, Value { released = true }, .OBJC_ASSOCIATION_RETAIN)
    owner = nil
    _ = objc_getAssociatedObject(NSObject(), &Keys.value)
    #expect(released)
  }

  @Test func replacingAndClearingReleaseTheOldValue() {
    var releases = 0
    let owner = NSObject()
    objc_setAssociatedObject(
      owner, &Keys.value, Value { releases += 1 }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    objc_setAssociatedObject(
      owner, &Keys.value, Value { releases += 1 }, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect(releases == 1)
    objc_setAssociatedObject(owner, &Keys.value, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    #expect(releases == 2)
    #expect(objc_getAssociatedObject(owner, &Keys.value) == nil)
  }

  @Test func assignDoesNotRetain() {
    let owner = NSObject()
    var value: Value? = Value {}
    objc_setAssociatedObject(owner, &Keys.value, value, .OBJC_ASSOCIATION_ASSIGN)
    #expect(objc_getAssociatedObject(owner, &Keys.value) != nil)
    value = nil
    #expect(objc_getAssociatedObject(owner, &Keys.value) == nil)
  }

  @Test func aControllersViewModelBindingIsReleasedWithIt() {
    var controller: Controller? = Controller()
    weak let binding = controller!.viewModelBinding
    #expect(binding != nil)
    #expect(binding === controller!.viewModelBinding)
    controller = nil
    #expect(binding == nil)
  }

  @Test func viewControllerLifecycleCallsGoThroughTheRealEntryPoints() {
    let controller = Controller()
    controller.beginAppearanceTransition(true, animated: false)
    controller.endAppearanceTransition()
    controller.beginAppearanceTransition(false, animated: false)
    controller.endAppearanceTransition()
    #expect(controller.events == ["viewDidLoad", "viewWillAppear", "viewDidDisappear"])
  }

  @Test func simulatedApplicationStatesPostUIKitsNotifications() async {
    let application = UIApplication.shared
    let posted = Lines()
    let center = NotificationCenter.default
    let names = [
      UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
      UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification,
    ]
    let tokens = names.map { name in
      center.addObserver(forName: name, object: application, queue: nil) { note in
        posted.append(note.name.rawValue)
      }
    }
    defer { tokens.forEach(center.removeObserver) }

    await application._simulate(state: .background)
    #expect(application.applicationState == .background)
    await application._simulate(state: .active)
    #expect(application.applicationState == .active)
    #expect(
      posted.values == [
        "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
        "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
      ])
  }

  @Test func appPauseProviderFollowsTheSimulatedApplication() async {
    let provider = AppPauseProvider(application: .shared)
    #expect(!provider.isPaused)
    await UIApplication.shared._simulate(state: .background)
    #expect(provider.isPaused)
    await UIApplication.shared._simulate(state: .active)
    #expect(!provider.isPaused)
  }
}
