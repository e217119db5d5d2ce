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
    await eventually { registry.eventStreamers.count == 1 }
    #expect(registry.eventStreamers.count == 1)
    consumer.cancel()
    await consumer.value
    await eventually { registry.eventStreamers.isEmpty }
    #expect(registry.eventStreamers.isEmpty)
  }

  /// ViewModelLifecycle: "`bind` and `unbind` are told after the instance's own `onBind` and
  /// `onUnbind`".
  @Test func observersHearBindAndUnbindAfterTheInstancesOwnHooks() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      registry.addLifecycle(LoggingObserver(log: log))
      let binding = ViewModelBinding()
      _ = binding.read(ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) })
      binding.dispose()
      let id = binding.id
      #expect(
        log.events == [
          "observer create", "create k", "bind k \(id)", "observer bind", "unbind k \(id)",
          "observer unbind", "observer dispose", "onDispose k", "dispose k",
        ])
    }
  }
}

/// Writes what it hears into the log the instances write to.
@MainActor
private final class LoggingObserver: ViewModelLifecycle {
  let log: EventLog
  init(log: EventLog) { self.log = log }
  func onCreate(_ event: LifecycleEvent) { log.append("observer create") }
  func onBind(_ event: LifecycleEvent) { log.append("observer bind") }
  func onUnbind(_ event: LifecycleEvent) { log.append("observer unbind") }
  func onDispose(_ event: LifecycleEvent) { log.append("observer dispose") }
}
