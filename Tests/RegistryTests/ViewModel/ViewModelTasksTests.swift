import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct ViewModelTasksTests {
  @Test func tasksAreCancelledAtDispose() async {
    let registry = ViewModelRegistry(name: "tasks")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "t") { StateViewModel(state: 0) })
    let started = AsyncStream<Void>.makeStream()
    var sawCancellation = false
    let task = model.task {
      started.continuation.yield()
      while !Task.isCancelled { await Task.yield() }
      sawCancellation = true
    }
    for await _ in started.stream { break }
    binding.dispose()
    await task.value
    #expect(task.isCancelled)
    #expect(sawCancellation)
  }

  /// "The task is cancelled when the view model is disposed" — every one still running, also
  /// after another of its tasks finished on its own.
  @Test func everyRunningTaskIsCancelledAtDisposeAfterAnotherFinished() async {
    let registry = ViewModelRegistry(name: "tasks")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "t") { StateViewModel(state: 0) })
    var cancelled: [Int] = []
    let long = (1...2).map { index in
      model.task {
        // Bounded, so that a task never cancelled fails the test instead of hanging it.
        for _ in 0..<100_000 where !Task.isCancelled { await Task.yield() }
        if Task.isCancelled { cancelled.append(index) }
      }
    }
    await model.task {}.value
    binding.dispose()
    for task in long { await task.value }
    #expect(cancelled.sorted() == [1, 2])
  }

  /// A `states` stream asked of a disposed view model gives the last state and finishes: "It
  /// finishes when the view model is disposed".
  @Test func theStatesOfADisposedViewModelFinishAfterTheLastState() async {
    let registry = ViewModelRegistry(name: "tasks")
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "t") { StateViewModel(state: 7) })
    binding.dispose()
    var states: [Int] = []
    for await state in model.states { states.append(state) }
    #expect(states == [7])
  }

  @Test func taskOnADisposedViewModelNeverStarts() async {
    let registry = ViewModelRegistry(name: "tasks")
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "t") { StateViewModel(state: 0) })
    binding.dispose()
    var ran = false
    let task = model.task { ran = true }
    await task.value
    #expect(!ran)
    #expect(task.isCancelled)
    #expect(
      reporter.errors == [
        .viewModelDisposed(operation: "task(_:)", type: "StateViewModel<Int>", key: "\"t\"")
      ])
  }

  @Test func stateChangeAfterDisposeIsIgnoredAndReported() {
    withTestRegistry { _, reporter in
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "s") { StateViewModel(state: 0) })
      binding.dispose()
      model.setState(1)
      model.notifyListeners()
      #expect(model.state == 0)
      #expect(
        reporter.errors == [
          .viewModelDisposed(operation: "setState(_:)", type: "StateViewModel<Int>", key: "\"s\""),
          .viewModelDisposed(
            operation: "notifyListeners()", type: "StateViewModel<Int>", key: "\"s\""),
        ])
    }
  }

  /// Lifetimes: "a change asked of a disposed view model is ignored (and reported in debug
  /// builds)" — through `update(_:)` too: its block still runs (it may have other work to do),
  /// and the mistake is reported with the operation's name.
  @Test func updateAfterDisposeRunsTheBlockAndIsReported() {
    withTestRegistry { _, reporter in
      final class Counter: ViewModel {
        var count = 0
      }
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "c") { Counter() })
      binding.dispose()
      var ran = false
      model.update {
        ran = true
        model.count = 1
      }
      #expect(ran)
      #expect(model.count == 1)
      #expect(
        reporter.errors == [
          .viewModelDisposed(operation: "update(_:)", type: "Counter", key: "\"c\"")
        ])
    }
  }

  @Test func throwingTaskRoutesItsError() async {
    struct Failure: Error, CustomStringConvertible { var description: String { "task failed" } }
    let registry = ViewModelRegistry(name: "tasks")
    var routed: [String] = []
    registry.configure(config: ViewModelConfig(onError: { routed.append("\($0)") }))
    let binding = ViewModelBinding(registry: registry)
    let model = binding.watch(ViewModelSpec(key: "t") { StateViewModel(state: 0) })
    await model.task { throw Failure() }.value
    #expect(routed == ["task failed"])
    binding.dispose()
  }
}
