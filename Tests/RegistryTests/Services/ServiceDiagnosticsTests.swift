import Registry
import RegistryTesting
import Testing

/// Hears lifecycle events.
@MainActor
private final class EventRecorder: ViewModelLifecycle {
  var events: [LifecycleEvent] = []

  func onCreate(_ event: LifecycleEvent) { events.append(event) }
  func onBind(_ event: LifecycleEvent) { events.append(event) }
  func onUnbind(_ event: LifecycleEvent) { events.append(event) }
  func onDispose(_ event: LifecycleEvent) { events.append(event) }
}

@MainActor
@Suite struct ServiceDiagnosticsTests {
  // "Snapshots, ownership paths, graph export … show services beside view models."
  @Test func snapshotsOwnershipPathsAndGraphsShowServices() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let greeterSpec = ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
      let clientSpec = ServiceSpec(key: "client") { dependencies in
        PlainClient(base: dependencies.read(greeterSpec).greet("x"))
      }
      let line = #line + 1
      let screen = ViewModelBinding(label: "Screen")
      screen.read(clientSpec)
      let snapshot = registry.snapshot()
      #expect(
        snapshot.description == """
          Registry "test": 2 alive.
            EnglishGreeter(key: "g")  service  holders: 1  [PlainClient(key: "client").dependencies]
            PlainClient(key: "client")  service  holders: 1  [\(screen.id) (created at RegistryTests/ServiceDiagnosticsTests.swift:\(line))]
          """)
      #expect(snapshot.instances.allSatisfy { $0.isService })
      let greeter = try #require(snapshot.instances.first)
      #expect(
        snapshot.ownershipPaths(of: greeter.id).map(\.description) == [
          "EnglishGreeter(key: \"g\") ← PlainClient(key: \"client\").dependencies ← PlainClient(key: \"client\") ← \(screen.id) (created at RegistryTests/ServiceDiagnosticsTests.swift:\(line))"
        ])
      #expect(snapshot.dot.contains("label=\"EnglishGreeter(key: \\\"g\\\")\\nservice\""))
      #expect(snapshot.mermaid.contains("(\"EnglishGreeter(key: #quot;g#quot;) · service\")"))
      #expect(registry.liveViewModels().isEmpty)
      screen.dispose()
    }
  }

  // "Services never mark a holder dirty": a binding reads a service, it never watches one, and
  // the snapshot shows the hold as a read.
  @Test func aServiceReadThroughABindingIsHeldWithoutWatching() {
    withTestRegistry { registry, _ in
      let screen = ViewModelBinding(label: "Screen")
      screen.read(ServiceSpec(key: "client") { PlainClient(base: "x") })
      let holders = registry.snapshot().instances.flatMap(\.holders)
      #expect(holders.count == 1)
      #expect(holders.allSatisfy { !$0.isWatching })
      screen.dispose()
    }
  }

  // "the leak check … show[s] services": a service still held at the end is a leak, by name.
  @Test func theLeakMessageNamesAService() {
    withTestRegistry { registry, _ in
      let keeper = ViewModelBinding(label: "Keeper")
      keeper.read(ServiceSpec(key: "client") { PlainClient(base: "x") })
      let message = leakMessage(for: registry.snapshot())
      #expect(message?.contains("  PlainClient(key: \"client\") — held by \(keeper.id)") == true)
      keeper.dispose()
      #expect(leakMessage(for: registry.snapshot()) == nil)
    }
  }

  // "… and lifecycle observers show services beside view models": the event says it is a
  // service and names the built value's type; AppleViewModel's shape, which passes a view
  // model, is not called for services.
  @Test func lifecycleObserversHearServices() {
    withTestRegistry { registry, _ in
      let recorder = EventRecorder()
      registry.addLifecycle(recorder)
      let binding = ViewModelBinding(label: "Screen")
      binding.read(ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: EventLog()) })
      binding.dispose()
      #expect(
        recorder.events.map(\.description) == [
          "create EnglishGreeter(key: \"g\") \(binding.id)",
          "bind EnglishGreeter(key: \"g\") \(binding.id)",
          "unbind EnglishGreeter(key: \"g\") \(binding.id)",
          "dispose EnglishGreeter(key: \"g\")",
        ])
      #expect(recorder.events.allSatisfy { $0.isService })
    }
  }

  // "… key churn": a host that builds a new service on every render is warned about.
  @Test func keyChurnIsReportedForServices() {
    withTestRegistry { registry, reporter in
      registry.configure(
        config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 2, window: .seconds(60))))
      let clients = ServiceSpecWithArg<PlainClient, Int>(builder: { PlainClient(base: "\($0)") })
      let screen = ViewModelBinding(label: "Screen")
      for render in 0..<5 {
        screen.read(clients(render))
        screen.unbind(clients(render))
      }
      #expect(
        reporter.errors.first
          == .keyChurn(type: "PlainClient", lastKey: "3", count: 3, window: "60.0 seconds"))
      screen.dispose()
    }
  }

  // readThrowing(_:) resolves a service "like `read(_:)`": held, not watched ("A service has no
  // changes to follow"), as the snapshot shows.
  @Test func aServiceReadThrowingIsHeldWithoutWatching() throws {
    try withTestRegistry { registry, _ in
      let spec = ServiceSpec(key: "client") { PlainClient(base: "live") }
      let binding = ViewModelBinding(label: "Screen")
      _ = try binding.readThrowing(spec)
      let holders = registry.snapshot().instances.flatMap(\.holders)
      #expect(holders.map(\.bindingId) == [binding.id])
      #expect(holders.allSatisfy { !$0.isWatching })
      binding.dispose()
    }
  }
}
