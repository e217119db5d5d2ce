import Registry

/// A `RegistryClock` that moves only when a test advances it, so grace periods run without
/// waiting.
///
/// The registry asks its clock to run work later — the disposal of an instance whose spec has
/// a `disposeDelay` — and reads its time to measure key-churn windows. With the system clock a
/// test of those rules would sleep; with this one, nothing runs and no time passes until the
/// test calls ``advance(by:)``, and then everything that came due runs, in order. Give the
/// test's registry the clock before anything is scheduled on it: in the trait's setup, or at
/// the start of the test.
///
/// ```swift
/// let clock = ManualClock()
/// registry.clock = clock
/// binding.dispose()                  // a spec with disposeDelay: .seconds(5)
/// clock.advance(by: .seconds(4))     // still alive
/// clock.advance(by: .seconds(1))     // disposed
/// ```
@MainActor
public final class ManualClock: RegistryClock {
  private struct Scheduled {
    let id: UInt64
    let due: Duration
    let action: @MainActor () -> Void
  }

  /// How much time has passed since the clock was created.
  ///
  /// It starts at zero and changes only in ``advance(by:)``: while an action runs, it is that
  /// action's due time, and afterwards the end of the window advanced to.
  ///
  /// ```swift
  /// clock.advance(by: .seconds(2))
  /// #expect(clock.now == .seconds(2))
  /// ```
  public private(set) var now: Duration = .zero
  private var scheduled: [Scheduled] = []
  private var nextID: UInt64 = 0

  /// Creates a clock at time zero.
  ///
  /// Nothing is scheduled on it yet; give it to a registry through `ViewModelRegistry.clock`.
  /// It can be created anywhere, such as in a suite's stored property, and is used on the main
  /// actor.
  ///
  /// ```swift
  /// @Test(.registry { $0.clock = ManualClock() })
  /// func disposesAfterTheGracePeriod() { … }
  /// ```
  public nonisolated init() {}

  /// How many actions are waiting.
  ///
  /// An action leaves the count when it runs or when its cancel closure is called, so a test
  /// can check that a grace period was scheduled, or that it was cancelled by a new holder.
  ///
  /// ```swift
  /// binding.dispose()  // a spec with disposeDelay: .seconds(5)
  /// #expect(clock.pendingCount == 1)
  /// ```
  public var pendingCount: Int { scheduled.count }

  /// Schedules `action` at `now + delay`.
  ///
  /// The registry calls it; a test rarely does, except to check the clock itself. The action
  /// runs in a later ``advance(by:)`` that reaches its due time, never here, even for a zero
  /// delay.
  ///
  /// ```swift
  /// let cancel = clock.schedule(after: .seconds(1)) { fired = true }
  /// cancel()
  /// clock.advance(by: .seconds(1))  // fired stays false
  /// ```
  ///
  /// - Parameters:
  ///   - delay: How long to wait.
  ///   - action: The work to run.
  /// - Returns: A closure that cancels the action.
  public func schedule(
    after delay: Duration, _ action: @escaping @MainActor () -> Void
  ) -> () -> Void {
    nextID += 1
    let id = nextID
    scheduled.append(Scheduled(id: id, due: now + delay, action: action))
    return { [weak self] in self?.scheduled.removeAll { $0.id == id } }
  }

  /// Moves time forward, running each action that comes due, in order of due time (then of
  /// scheduling). Actions scheduled by those actions run too if they come due in the window.
  ///
  /// Each action runs with ``now`` at its own due time, and ``now`` ends at the target, whether
  /// anything ran or not.
  ///
  /// ```swift
  /// clock.advance(by: .seconds(4))  // a 5-second grace period: still alive
  /// clock.advance(by: .seconds(1))  // disposed
  /// ```
  ///
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration) {
    let target = now + duration
    while let next = scheduled.filter({ $0.due <= target }).min(by: {
      ($0.due, $0.id) < ($1.due, $1.id)
    }) {
      scheduled.removeAll { $0.id == next.id }
      now = next.due
      next.action()
    }
    now = target
  }
}
