import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct AsyncServiceSpecTests {
  // "async building": callers that ask while it builds share one build.
  @Test func callersShareOneAsyncBuild() async throws {
    let registry = ViewModelRegistry(name: "async")
    let gate = AsyncGate()
    let builds = BuildCounter()
    let spec = AsyncServiceSpec(key: "db") { () async throws -> PlainClient in
      await gate.wait()
      return PlainClient(base: "db\(builds.next())")
    }
    let first = ViewModelBinding(registry: registry)
    let second = ViewModelBinding(registry: registry)
    let a = Task { ObjectIdentifier(try await first.readAsync(spec)) }
    let b = Task { ObjectIdentifier(try await second.readAsync(spec)) }
    await gate.untilWaiting()
    for _ in 0..<30 { await Task.yield() }
    gate.open()
    let (one, two) = (try await a.value, try await b.value)
    #expect(one == two)
    #expect(builds.count == 1)
    first.dispose()
    second.dispose()
    #expect(registry.liveInstanceCount == 0)
  }

  // The async builder resolves dependencies through the service's own binding; a failure lets
  // them go and registers nothing.
  @Test func anAsyncBuilderThatFailsLeavesNothingBehind() async {
    struct Offline: Error {}
    let registry = ViewModelRegistry(name: "async")
    let log = EventLog()
    let greeterSpec = ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
    let spec = AsyncServiceSpec<PlainClient>(key: "sync") { dependencies in
      _ = dependencies.read(greeterSpec)
      throw Offline()
    }
    let binding = ViewModelBinding(registry: registry)
    await #expect(throws: Offline.self) { _ = try await binding.readAsync(spec) }
    #expect(registry.liveInstanceCount == 0)
    #expect(log.events == ["dispose greeter 0"])
    binding.dispose()
  }

  // "async building and proxies": a builder-only proxy keeps the key.
  @Test func anAsyncServicesBuilderOnlyProxy() async throws {
    let registry = ViewModelRegistry(name: "async")
    let log = EventLog()
    let spec = AsyncServiceSpec(key: "db", onDispose: { (_: PlainClient) in log.append("closed") })
    {
      PlainClient(base: "live")
    }
    registry.setProxy(for: spec) { PlainClient(base: "mock") }
    let first = ViewModelBinding(registry: registry)
    let second = ViewModelBinding(registry: registry)
    let db = try await first.readAsync(spec)
    #expect(db.base == "mock")
    let again = try await second.readAsync(spec)
    #expect(again === db)
    registry.clearProxy(for: spec)
    first.dispose()
    second.dispose()
    #expect(registry.liveInstanceCount == 0)
  }
}
