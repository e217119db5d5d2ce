import Foundation

extension UIApplication {
  /// Moves the app to `state`, posting the notifications UIKit posts on the way, through
  /// `NotificationCenter.default` with the application as the object.
  ///
  /// Not part of Apple's UIKit: a hook for tests of code that follows the application's state.
  /// Going to the background posts `willResignActiveNotification` (state `.inactive`), then
  /// `didEnterBackgroundNotification` (state `.background`); coming back posts
  /// `willEnterForegroundNotification` (state still `.background`), then
  /// `didBecomeActiveNotification` (state `.active`). Moving to the state the app is already in
  /// posts nothing.
  public func _simulate(state: UIApplication.State) {
    let center = NotificationCenter.default
    switch (applicationState, state) {
    case (.active, .background), (.inactive, .background):
      if applicationState == .active {
        applicationState = .inactive
        center.post(name: UIApplication.willResignActiveNotification, object: self)
      }
      applicationState = .background
      center.post(name: UIApplication.didEnterBackgroundNotification, object: self)
    case (.background, .active), (.background, .inactive):
      center.post(name: UIApplication.willEnterForegroundNotification, object: self)
      applicationState = .inactive
      if state == .active {
        applicationState = .active
        center.post(name: UIApplication.didBecomeActiveNotification, object: self)
      }
    case (.active, .inactive):
      applicationState = .inactive
      center.post(name: UIApplication.willResignActiveNotification, object: self)
    case (.inactive, .active):
      applicationState = .active
      center.post(name: UIApplication.didBecomeActiveNotification, object: self)
    default:
      break
    }
  }
}
