import SwiftUI
import Testing

/// Reports what the tasks do, in order, without any timing.
private final class TaskProbe: Sendable {
  let events: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  init() {
    (events, continuation) = AsyncStream<String>.makeStream()
  }

  func report(_ event: String) { continuation.yield(event) }
}

private struct Tasked: View {
  let probe: TaskProbe
  let id: Int

  var body: some View {
    Text("tasked")
      .task(id: id) {
        probe.report("start \(id)")
        // Suspends until cancelled; there is no timing here, only cancellation.
        try? await Task.sleep(for: .seconds(3600))
        probe.report(Task.isCancelled ? "cancelled \(id)" : "finished \(id)")
      }
  }
}

private struct MaybeTasked: View {
  let probe: TaskProbe
  let show: Bool
  var body: some View {
    if show {
      Tasked(probe: probe, id: 1)
    }
  }
}

private struct Appearing: View {
  let log: Log
  let name: String
  var body: some View {
    Text(name)
      .onAppear { log.events.append("appear \(name)") }
      .onDisappear { log.events.append("disappear \(name)") }
  }
}

private struct AppearingList: View {
  let log: Log
  let names: [String]
  var body: some View {
    VStack {
      ForEach(names, id: \.self) { name in
        Appearing(log: log, name: name)
      }
    }
  }
}

private struct TaskAfterBody: View {
  let log: Log
  @State private var loaded = false
  var body: some View {
    Text(loaded ? "loaded" : "loading")
      .task {
        log.events.append("task runs")
        loaded = true
      }
  }
}

@MainActor
@Suite("Tasks and appearance")
struct TaskAndAppearanceTests {
  @Test func aTaskStartsOnAppearAndIsCancelledOnRemoval() async {
    let probe = TaskProbe()
    var events = probe.events.makeAsyncIterator()
    let runtime = ViewRuntime(MaybeTasked(probe: probe, show: true))
    #expect(await events.next() == "start 1")
    #expect(runtime.activeTaskCount == 1)

    runtime.setRoot(MaybeTasked(probe: probe, show: false))
    #expect(await events.next() == "cancelled 1")
    #expect(runtime.activeTaskCount == 0)
    await runtime.waitForTasks()
  }

  @Test func aNewTaskIDRestartsTheTask() async {
    let probe = TaskProbe()
    var events = probe.events.makeAsyncIterator()
    let runtime = ViewRuntime(Tasked(probe: probe, id: 1))
    #expect(await events.next() == "start 1")

    runtime.setRoot(Tasked(probe: probe, id: 1))
    runtime.setRoot(Tasked(probe: probe, id: 2))
    // The old task ends and the new one starts; which of them runs first is up to the executor.
    let next = [await events.next(), await events.next()]
    #expect(Set(next) == ["cancelled 1", "start 2"])
    #expect(runtime.activeTaskCount == 1)

    runtime.unmount()
    #expect(await events.next() == "cancelled 2")
    await runtime.waitForTasks()
  }

  @Test func aTaskRunsAfterTheRenderAndMayChangeState() async {
    let log = Log()
    let runtime = ViewRuntime(TaskAfterBody(log: log))
    #expect(runtime.texts == ["loading"])
    await runtime.waitForTasks()
    #expect(log.events == ["task runs"])
    runtime.flush()
    #expect(runtime.texts == ["loaded"])
    #expect(runtime.violations.isEmpty)
  }

  @Test func appearAndDisappearFollowTheHierarchy() {
    let log = Log()
    let runtime = ViewRuntime(AppearingList(log: log, names: ["a", "b"]))
    #expect(log.events == ["appear a", "appear b"])
    runtime.setRoot(AppearingList(log: log, names: ["b", "c"]))
    #expect(log.events == ["appear a", "appear b", "disappear a", "appear c"])
    runtime.unmount()
    #expect(log.events.suffix(2) == ["disappear b", "disappear c"])
  }
}
