import Registry
import Testing

@MainActor
@Suite struct LifecycleEventStreamTests {
  @Test func streamDeliversEventsWithTheirFields() async {
    let registry = ViewModelRegistry(name: "events")
    let stream = registry.lifecycleEvents
    let binding = ViewModelBinding(registry: registry, label: "Tool")
    _ = binding.watch(ViewModelSpec(key: "k", tag: "t") { ProbeViewModel("k", log: EventLog()) })
    binding.dispose()
    var events: [LifecycleEvent] = []
    for await event in stream {
      events.append(event)
      if event.kind == .dispose { break }
    }
    #expect(
      events == [
        LifecycleEvent(
          kind: .create, typeName: "ProbeViewModel", key: "\"k\"", tag: "\"t\"",
          bindingId: binding.id, registry: "events", instanceID: 1),
        LifecycleEvent(
          kind: .bind, typeName: "ProbeViewModel", key: "\"k\"", tag: "\"t\"",
          bindingId: binding.id, registry: "events", instanceID: 1),
        LifecycleEvent(
          kind: .unbind, typeName: "ProbeViewModel", key: "\"k\"", tag: "\"t\"",
          bindingId: binding.id, registry: "events", instanceID: 1),
        LifecycleEvent(
          kind: .dispose, typeName: "ProbeViewModel", key: "\"k\"", tag: "\"t\"",
          bindingId: nil, registry: "events", instanceID: 1),
      ])
  }

  @Test func cancelledConsumerStopsObserving() async {
    let registry = ViewModelRegistry(name: "events")
    let consumer = Task { @MainActor in
      for await _ in registry.lifecycleEvents {}
    }
    for _ in 0..<10 { await Task.yield() }
    #expect(registry.lifecycles.count == 1)
    consumer.cancel()
    await consumer.value
    for _ in 0..<50 where !registry.lifecycles.isEmpty { await Task.yield() }
    #expect(registry.lifecycles.isEmpty)
  }
}
