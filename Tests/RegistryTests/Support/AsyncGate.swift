/// A gate an async builder waits on until the test opens it; once open, it stays open, so a
/// builder that reaches it only after `open()` (a busy machine runs tasks late) goes through
/// instead of waiting forever.
@MainActor
final class AsyncGate {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private(set) var isOpen = false
  /// How many callers are waiting now.
  var waiting: Int { waiters.count }

  func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Returns once `count` callers wait at the gate: the builds the test started are in flight.
  func untilWaiting(_ count: Int = 1) async {
    while waiters.count < count, !isOpen { await Task.yield() }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
