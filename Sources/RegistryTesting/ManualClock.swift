import Registry

/// A ``RegistryClock`` that moves only when a test advances it, so grace periods run without
/// waiting.
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
  public private(set) var now: Duration = .zero
  private var scheduled: [Scheduled] = []
  private var nextID: UInt64 = 0

  /// Creates a clock at time zero.
  public nonisolated init() {}

  /// How many actions are waiting.
  public var pendingCount: Int { scheduled.count }

  /// Schedules `action` at `now + delay`.
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
