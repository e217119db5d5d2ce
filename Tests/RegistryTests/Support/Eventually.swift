/// Lets other work run until `done` holds, or a generous deadline passes. It yields the main
/// actor first, so that what was handed to it runs at once, then sleeps a millisecond at a time,
/// so that work on other threads gets there too: a loaded machine (a sanitizer run beside other
/// builds) can run it long after a fixed number of yields. The deadline only keeps a broken
/// build from hanging; the expectation after the wait says what went wrong.
@MainActor
func eventually(within limit: Duration = .seconds(60), _ done: () -> Bool) async {
  for _ in 0..<100 where !done() { await Task.yield() }
  let deadline = ContinuousClock.now.advanced(by: limit)
  while !done(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}
