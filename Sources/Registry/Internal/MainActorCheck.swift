import Dispatch
import Foundation

/// Marks the main queue so code that is not isolated (a `deinit`) can ask, without trapping,
/// whether it runs on the main actor. `Thread.isMainThread` alone is not enough: where the main
/// queue is drained by `dispatchMain()` (Swift Testing on Linux) main-actor jobs run on a worker
/// thread.
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
  let key = DispatchSpecificKey<UInt8>()
  DispatchQueue.main.setSpecific(key: key, value: 1)
  return key
}()

/// Sets the main-queue marker up; called from the main actor before any check is needed.
func prepareMainActorCheck() {
  _ = mainQueueKey
}

/// Whether the caller runs on the main actor's executor.
func isRunningOnMainActor() -> Bool {
  Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// Runs `work` on the main actor: at once when already there, otherwise as soon as it can.
package func runOnMainActor(_ work: @escaping @MainActor @Sendable () -> Void) {
  if isRunningOnMainActor() {
    MainActor.assumeIsolated { work() }
  } else {
    Task { @MainActor in work() }
  }
}
