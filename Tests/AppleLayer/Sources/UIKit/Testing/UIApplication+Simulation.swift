import Foundation

extension UIApplication {
  /// Moves the app to `state`, posting the notifications UIKit posts on the way, through
  /// `NotificationCenter.default` with the application as the object, from an operation on
  /// `OperationQueue.main` (as UIKit posts them on the main queue); returns when they have been
  /// delivered.
  ///
  /// Posting from the main queue matters on Linux: Foundation there delivers to an observer
  /// registered with `queue: .main` by adding an operation to that queue and waiting for it
  /// unless the poster already runs on it, so a post from a main-actor task that is not a main
  /// queue operation would wait for itself.
  ///
  /// Not part of Apple's UIKit: a hook for tests of code that follows the application's state.
  /// Going to the background posts `willResignActiveNotification` (state `.inactive`), then
  /// `didEnterBackgroundNotification` (state `.background`); coming back posts
  /// `willEnterForegroundNotification` (state still `.background`), then
  /// `didBecomeActiveNotification` (state `.active`). Moving to the state the app is already in
  /// posts nothing.
  public func _simulate(state: UIApplication.State) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      OperationQueue.main.addOperation {
        MainActor.assumeIsolated { self.transition(to: state) }
        continuation.resume()
      }
    }
  }

  private func transition(to state: UIApplication.State) {
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
