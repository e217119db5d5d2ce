import Registry
import RegistryTesting
import Testing

private struct OpenFailure: Error, Equatable {}

/// A gate an async builder waits on, opened by the test.
@MainActor
private final class Gate {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private(set) var isOpen = false
  private(set) var arrivals = 0

  func wait() async {
    arrivals += 1
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}

@MainActor
private func settle() async {
  for _ in 0..<20 { await Task.yield() }
}

@MainActor
@Suite struct AsyncSpecTests {
  @Test func concurrentCallersShareOneBuild() async throws {
    let registry = ViewModelRegistry(name: "async")
    let gate = Gate()
    var builds = 0
    let spec = AsyncViewModelSpec(key: "db") {
      builds += 1
      await gate.wait()
      return ProbeViewModel("db", log: EventLog())
    }
    let first = ViewModelBinding(registry: registry)
    let second = ViewModelBinding(registry: registry)
    async let a = first.watchAsync(spec)
    async let b = second.readAsync(spec)
    await settle()
    #expect(builds == 1)
    #expect(registry.liveInstanceCount == 0)
    gate.open()
    let (x, y) = try await (a, b)
    #expect(x === y)
    #expect(registry.liveInstanceCount == 1)
    #expect(try await first.watchAsync(spec) === x)
    first.dispose()
    #expect(!x.isDisposed)
    second.dispose()
    #expect(x.isDisposed)
  }

  @Test func cancellingEveryCallerCancelsTheBuildAndRegistersNothing() async {
    let registry = ViewModelRegistry(name: "async")
    var sawCancellation = false
    let spec = AsyncViewModelSpec<ProbeViewModel>(key: "slow") {
      while !Task.isCancelled { await Task.yield() }
      sawCancellation = true
      throw CancellationError()
    }
    let binding = ViewModelBinding(registry: registry)
    let first = Task { try await binding.watchAsync(spec) }
    let second = Task { try await binding.watchAsync(spec) }
    await settle()
    first.cancel()
    await settle()
    #expect(!sawCancellation)
    second.cancel()
    _ = await first.result
    _ = await second.result
    await eventually { sawCancellation }
    #expect(sawCancellation)
    #expect(registry.liveInstanceCount == 0)
    binding.dispose()
  }

  @Test func failureReachesEveryCallerAndTheNextCallRetries() async throws {
    let registry = ViewModelRegistry(name: "async")
    let gate = Gate()
    var attempts = 0
    let spec = AsyncViewModelSpec<ProbeViewModel>(key: "store") {
      attempts += 1
      await gate.wait()
      if attempts == 1 { throw OpenFailure() }
      return ProbeViewModel("store", log: EventLog())
    }
    let binding = ViewModelBinding(registry: registry)
    let a = Task { try await binding.watchAsync(spec) }
    let b = Task { try await binding.watchAsync(spec) }
    await settle()
    #expect(attempts == 1)
    gate.open()
    await #expect(throws: OpenFailure()) { try await a.value }
    await #expect(throws: OpenFailure()) { try await b.value }
    #expect(registry.liveInstanceCount == 0)
    let store = try await binding.watchAsync(spec)
    #expect(store.name == "store")
    #expect(attempts == 2)
    binding.dispose()
  }

  @Test func hostShowsLoadingValueAndFailure() async {
    let registry = ViewModelRegistry(name: "async")
    let gate = Gate()
    let fail = Box(true)
    let spec = AsyncViewModelSpec<ProbeViewModel>(key: "profile") {
      await gate.wait()
      if fail.value { throw OpenFailure() }
      return ProbeViewModel("profile", log: EventLog())
    }
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    let loading = Task { await host.load(spec) }
    await settle()
    guard case .loading = host.phase else {
      Issue.record("expected loading, got \(host.phase)")
      return
    }
    gate.open()
    #expect(await loading.value == nil)
    #expect(host.error as? OpenFailure == OpenFailure())
    fail.value = false
    let model = await host.load(spec)
    #expect(model?.name == "profile")
    #expect(host.viewModel === model)
    host.release()
    #expect(model?.isDisposed == true)
  }

  @Test func asyncSpecProxyAndPrivateInstances() async throws {
    let registry = ViewModelRegistry(name: "async")
    let spec = AsyncViewModelSpec { ProbeViewModel("real", log: EventLog()) }
    let first = ViewModelBinding(registry: registry)
    let second = ViewModelBinding(registry: registry)
    let a = try await first.watchAsync(spec)
    #expect(try await first.watchAsync(spec) === a)
    #expect(try await second.watchAsync(spec) !== a)
    registry.withCurrent {
      ViewModelRegistry.current.setProxy(
        AsyncViewModelSpec { ProbeViewModel("mock", log: EventLog()) }, for: spec)
    }
    let third = ViewModelBinding(registry: registry)
    #expect(try await third.watchAsync(spec).name == "mock")
    for binding in [first, second, third] { binding.dispose() }
    #expect(registry.liveInstanceCount == 0)
  }

  /// watchAsync(_:): it throws "`CancellationError` when this call is cancelled" — also when it
  /// is cancelled before it starts; nothing is built.
  @Test func aCallCancelledBeforeItStartsThrowsCancellationAndBuildsNothing() async {
    let registry = ViewModelRegistry(name: "async")
    var builds = 0
    let spec = AsyncViewModelSpec<ProbeViewModel>(key: "k") {
      builds += 1
      return ProbeViewModel("k", log: EventLog())
    }
    let binding = ViewModelBinding(registry: registry)
    // Cancelled before it first runs: the call starts in a cancelled task.
    let call = Task { try await binding.watchAsync(spec) }
    call.cancel()
    let result = await call.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(builds == 0)
    #expect(registry.liveInstanceCount == 0)
    binding.dispose()
  }
}
