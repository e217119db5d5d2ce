import Registry
import Testing

private struct ObserverFailure: Error, CustomStringConvertible {
  var description: String { "observer failed" }
}

@MainActor
private final class Recorder: ViewModelLifecycle {
  var events: [String] = []
  var failOn: LifecycleEvent.Kind?

  func onCreate(_ event: LifecycleEvent) throws { try record(event) }
  func onBind(_ event: LifecycleEvent) throws { try record(event) }
  func onUnbind(_ event: LifecycleEvent) throws { try record(event) }
  func onDispose(_ event: LifecycleEvent) throws { try record(event) }

  private func record(_ event: LifecycleEvent) throws {
    events.append(event.description)
    if event.kind == failOn { throw ObserverFailure() }
  }
}

@MainActor
@Suite struct ConfigurationTests {
  @Test func lifecycleObserversHearEveryEventInOrder() {
    withTestRegistry { registry, _ in
      let recorder = Recorder()
      registry.addLifecycle(recorder)
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      let binding = ViewModelBinding(label: "Screen")
      _ = binding.watch(spec)
      binding.dispose()
      #expect(
        recorder.events == [
          "create ProbeViewModel(key: \"k\") \(binding.id)",
          "bind ProbeViewModel(key: \"k\") \(binding.id)",
          "unbind ProbeViewModel(key: \"k\") \(binding.id)",
          "dispose ProbeViewModel(key: \"k\")",
        ])
      #expect(registry.lifecycles.count == 1)
    }
  }

  /// `configure(config:)`: "Lifecycle observers stay"; the closure `addLifecycle(_:)` returns
  /// removes its observer, and only that one.
  @Test func configuringKeepsTheObserversAndEachRemovesItsOwn() {
    withTestRegistry { registry, _ in
      let first = Recorder()
      let second = Recorder()
      let stopFirst = registry.addLifecycle(first)
      registry.addLifecycle(second)
      registry.configure(config: ViewModelConfig(keyChurnWarning: nil))
      let binding = ViewModelBinding()
      _ = binding.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
      #expect(first.events.count == 2 && second.events.count == 2)
      stopFirst()
      binding.dispose()
      #expect(first.events.count == 2)
      #expect(second.events.count == 4)
      // "calling it again does nothing", even once the same observer was added again.
      registry.addLifecycle(first)
      stopFirst()
      let again = ViewModelBinding()
      _ = again.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
      again.dispose()
      #expect(first.events.count == 6)
    }
  }

  @Test func throwingObserverNeverStopsTheOthersOrTheRegistry() {
    withTestRegistry { registry, reporter in
      let failing = Recorder()
      failing.failOn = .create
      let other = Recorder()
      registry.addLifecycle(failing)
      registry.addLifecycle(other)
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
      #expect(other.events.count == 2)
      #expect(reporter.errors == [.listenerFailed(type: "Recorder", error: "observer failed")])
      binding.dispose()
      #expect(model.isDisposed)
    }
  }

  @Test func loggingPrintsThroughTheLogger() {
    withTestRegistry { registry, _ in
      var lines: [String] = []
      let stop = registry.addLifecycle(LoggingLifecycle { lines.append($0) })
      let binding = ViewModelBinding(label: "Log")
      _ = binding.watch(ViewModelSpec { ProbeViewModel("p", log: EventLog()) })
      stop()
      binding.dispose()
      #expect(
        lines == [
          "[Registry test] create ProbeViewModel(private) \(binding.id)",
          "[Registry test] bind ProbeViewModel(private) \(binding.id)",
        ])
    }
  }

  @Test func configurationIsPerRegistry() {
    let configured = ViewModelRegistry(name: "configured")
    configured.configure(config: ViewModelConfig(isLoggingEnabled: true))
    let plain = ViewModelRegistry(name: "plain")
    #expect(configured.config.isLoggingEnabled)
    #expect(!plain.config.isLoggingEnabled)
    #expect(!ViewModelRegistry.default.config.isLoggingEnabled)
  }
}
