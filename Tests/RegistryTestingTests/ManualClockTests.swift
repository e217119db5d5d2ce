import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct ManualClockTests {
  /// `advance(by:)`: "Moves time forward, running each action that comes due, in order of due
  /// time (then of scheduling). Actions scheduled by those actions run too if they come due in
  /// the window." An action runs with the clock at its due time, so what it schedules is due
  /// counting from then.
  @Test func eachActionRunsAtItsDueTimeAndWhatItSchedulesCountsFromThere() {
    let clock = ManualClock()
    var ran: [(String, Duration)] = []
    _ = clock.schedule(after: .seconds(2)) { ran.append(("second", clock.now)) }
    _ = clock.schedule(after: .seconds(1)) {
      ran.append(("first", clock.now))
      _ = clock.schedule(after: .seconds(1)) { ran.append(("scheduled by first", clock.now)) }
      _ = clock.schedule(after: .seconds(5)) { ran.append(("too late", clock.now)) }
    }
    clock.advance(by: .seconds(3))
    #expect(ran.map(\.0) == ["first", "second", "scheduled by first"])
    #expect(ran.map(\.1) == [.seconds(1), .seconds(2), .seconds(2)])
    #expect(clock.now == .seconds(3))
    #expect(clock.pendingCount == 1)
    clock.advance(by: .seconds(3))
    #expect(ran.last?.0 == "too late")
    #expect(ran.last?.1 == .seconds(6))
    #expect(clock.pendingCount == 0)
  }

  /// `schedule(after:_:)`: "Returns: A closure that cancels the action."
  @Test func aCancelledActionNeverRuns() {
    let clock = ManualClock()
    var ran: [String] = []
    let cancel = clock.schedule(after: .seconds(1)) { ran.append("cancelled") }
    _ = clock.schedule(after: .seconds(1)) { ran.append("kept") }
    cancel()
    #expect(clock.pendingCount == 1)
    clock.advance(by: .seconds(1))
    #expect(ran == ["kept"])
  }
}
