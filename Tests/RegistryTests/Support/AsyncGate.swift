/// A gate an async builder waits on until the test opens it.
@MainActor
final class AsyncGate {
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async { await withCheckedContinuation { waiters.append($0) } }

  func open() {
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
