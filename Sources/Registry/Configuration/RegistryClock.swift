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

  /// Runs `action` on the main actor once `delay` has passed, unless cancelled first — never
  /// from inside this call, even for a zero delay: the registry records how to cancel it only
  /// after the call returns.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work to run.
  /// - Returns: A closure that cancels the action if it has not run yet. The registry calls it
  ///   at most once, and never after the action has run.
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

  /// The longest delay that is waited out: a hundred years. A longer one — `.seconds(Int64.max)`
  /// is a plausible way to write "keep it" — never ends, so its action never runs (sleeping
  /// that long would overflow the system's clock).
  public nonisolated static let longestDelay = Duration.seconds(100 * 365 * 24 * 60 * 60)

  /// Runs `action` after `delay` in a main-actor task; cancelling cancels the task. A delay
  /// longer than ``longestDelay`` never ends.
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work to run.
  /// - Returns: A closure that cancels the action.
  public func schedule(
    after delay: Duration, _ action: @escaping @MainActor () -> Void
  ) -> () -> Void {
    guard delay <= Self.longestDelay else { return {} }
    let task = Task { @MainActor in
      try? await Task.sleep(for: delay)
      guard !Task.isCancelled else { return }
      action()
    }
    return { task.cancel() }
  }
}
