import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// A provider of AppleViewModel's shape: only a stream of states.
@MainActor
private final class StreamPauseProvider: ViewModelBindingPauseProvider {
  let pauseStateChanges: AsyncStream<Bool>
  private let continuation: AsyncStream<Bool>.Continuation
  private(set) var disposeCalls = 0

  init() {
    (pauseStateChanges, continuation) = AsyncStream<Bool>.makeStream()
  }

  func send(_ paused: Bool) { continuation.yield(paused) }

  func dispose() {
    disposeCalls += 1
    continuation.finish()
  }
}

/// Lets the controller's task take the values sent so far: yields until `done` holds, then
/// sleeps a millisecond at a time (a loaded machine runs tasks late), and gives up after a
/// generous deadline (the expectation that follows then fails).
@MainActor
private func settlePause(until done: () -> Bool) async {
  for _ in 0..<1_000 where !done() { await Task.yield() }
  let deadline = ContinuousClock.now.advanced(by: .seconds(60))
  while !done(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
}

@MainActor
@Suite struct PauseCompatibilityTests {
  @Test func aStreamProviderPausesOnALaterTurnAndResumeRefreshesOnce() async {
    await withAsyncTestRegistry { _, _ in
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let counter = binding.watch(ViewModelSpec<CompatCounter> { CompatCounter() })
      let provider = StreamPauseProvider()
      binding.addPauseProvider(provider)
      provider.send(true)
      #expect(!binding.isPaused)
      await settlePause { binding.isPaused }
      #expect(binding.isPaused && binding.pauseController.isPaused)
      counter.increment()
      counter.increment()
      #expect(refreshes == 0)
      provider.send(false)
      await settlePause { !binding.isPaused }
      #expect(!binding.isPaused)
      #expect(refreshes == 1)
      binding.removePauseProvider(provider)
      binding.dispose()
      #expect(provider.disposeCalls == 0)
    }
  }

  @Test func removingAStreamProviderResumesAtOnce() async {
    await withAsyncTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let provider = StreamPauseProvider()
      binding.addPauseProvider(provider)
      provider.send(true)
      await settlePause { binding.isPaused }
      #expect(binding.isPaused)
      binding.removePauseProvider(provider)
      #expect(!binding.isPaused)
    }
  }

  @Test func basePauseProviderStreamsItsChangesUntilDisposed() async {
    let provider = BasePauseProvider()
    let stream = provider.pauseStateChanges
    provider.pause()
    provider.pause()
    provider.resume()
    provider.dispose()
    provider.pause()
    var values: [Bool] = []
    for await value in stream { values.append(value) }
    #expect(values == [true, false])
    #expect(!provider.isPaused)
    var afterDispose: [Bool] = []
    for await value in provider.pauseStateChanges { afterDispose.append(value) }
    #expect(afterDispose.isEmpty)
  }

  @Test func anExistentialBasePauseProviderIsFollowedSynchronously() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let visibility = BasePauseProvider()
      let provider: any ViewModelBindingPauseProvider = visibility
      binding.addPauseProvider(provider)
      visibility.pause()
      #expect(binding.isPaused)
      binding.removePauseProvider(provider)
      #expect(!binding.isPaused)
    }
  }

  @Test func pauseAwareControllerCallsBackOnEdgesOnly() async {
    var calls: [String] = []
    let controller = PauseAwareController(
      onPause: { calls.append("pause") }, onResume: { calls.append("resume") })
    let first = BasePauseProvider()
    let second = BasePauseProvider()
    let stream = StreamPauseProvider()
    controller.addProvider(first)
    controller.addProvider(first)
    controller.addProvider(second)
    controller.addProvider(stream)
    first.pause()
    second.pause()
    first.resume()
    #expect(controller.isPaused)
    second.resume()
    #expect(calls == ["pause", "resume"])
    stream.send(true)
    await settlePause { controller.isPaused }
    #expect(controller.isPaused)
    controller.removeProvider(stream)
    #expect(!controller.isPaused)
    first.pause()
    controller.dispose()
    controller.dispose()
    first.resume()
    #expect(controller.isPaused)
    #expect(calls == ["pause", "resume", "pause", "resume", "pause"])
    controller.addProvider(second)
    #expect(calls.count == 5)
  }

  @Test func aProviderAlreadyPausedPausesTheControllerAtOnce() {
    let provider = BasePauseProvider()
    provider.pause()
    let controller = PauseAwareController(onPause: {}, onResume: {})
    var observed: [Bool] = []
    let stop = controller.observePause { observed.append($0) }
    controller.addProvider(provider)
    #expect(controller.isPaused)
    stop()
    provider.resume()
    #expect(observed == [true])
  }

  /// The migration guide: "`PauseAwareController` keeps its providers until they are removed or
  /// the controller is disposed" — so a provider added and then dropped by its owner never
  /// frees its address for the next one, and every new provider is followed.
  @Test func everyNewProviderIsFollowedEvenAfterEarlierOnesWereDropped() {
    let controller = PauseAwareController(onPause: {}, onResume: {})
    for round in 0..<50 {
      weak var dropped: BasePauseProvider?
      do {
        let provider = BasePauseProvider()
        controller.addProvider(provider)
        dropped = provider
      }
      // Kept by the controller: no later provider can take its address.
      #expect(dropped != nil, "round \(round)")
      let next = BasePauseProvider()
      controller.addProvider(next)
      next.pause()
      #expect(controller.isPaused, "round \(round)")
      next.resume()
      controller.removeProvider(next)
    }
    controller.dispose()
  }

  /// A provider its owner dropped while it paused is still followed, so when it resumes the
  /// controller resumes; disposing the controller lets go of it.
  @Test func aProviderDroppedWhilePausedStillResumesTheControllerAndIsFreedWithIt() {
    var calls: [String] = []
    let controller = PauseAwareController(
      onPause: { calls.append("pause") }, onResume: { calls.append("resume") })
    weak var dropped: BasePauseProvider?
    do {
      let provider = BasePauseProvider()
      controller.addProvider(provider)
      provider.pause()
      dropped = provider
    }
    #expect(controller.isPaused)
    dropped?.resume()
    #expect(!controller.isPaused)
    #expect(calls == ["pause", "resume"])
    controller.dispose()
    #expect(dropped == nil)
  }

  /// The guide: the controller is disposed "with its binding" — it follows no provider after
  /// the binding's disposal, so nothing it hears pauses anything.
  @Test func aBindingsPauseControllerIsDisposedWithIt() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let controller = binding.pauseController
      let provider = BasePauseProvider()
      controller.addProvider(provider)
      binding.dispose()
      provider.pause()
      #expect(!controller.isPaused)
      let late = BasePauseProvider()
      late.pause()
      controller.addProvider(late)
      #expect(!controller.isPaused)
    }
  }
}
