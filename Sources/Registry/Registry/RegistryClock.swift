/// Schedules the registry's delayed work: the grace periods of specs with a `disposeDelay`.
///
/// The default, ``SystemRegistryClock``, sleeps in a task. Tests install a clock they advance by
/// hand (`ManualClock` in `RegistryTesting`), so time-based rules run without waiting.
///
/// ```swift
/// registry.clock = ManualClock()
/// ```
@MainActor
public protocol RegistryClock: AnyObject {
  /// The time since some fixed origin; only differences matter (key-churn windows use them).
  var now: Duration { get }

  /// Runs `action` on the main actor once `delay` has passed, unless cancelled first.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work to run.
  /// - Returns: A closure that cancels the action if it has not run yet.
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> () -> Void
}

/// The real clock: waits with `Task.sleep`.
///
/// ```swift
/// registry.clock = SystemRegistryClock()
/// ```
@MainActor
public final class SystemRegistryClock: RegistryClock {
  private let origin = ContinuousClock.now

  /// Creates the clock.
  public nonisolated init() {}

  /// The time since the clock was created.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` after `delay` in a main-actor task; cancelling cancels the task.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work to run.
  /// - Returns: A closure that cancels the action.
  public func schedule(
    after delay: Duration, _ action: @escaping @MainActor () -> Void
  ) -> () -> Void {
    let task = Task { @MainActor in
      try? await Task.sleep(for: delay)
      guard !Task.isCancelled else { return }
      action()
    }
    return { task.cancel() }
  }
}
