import Registry
import RegistryTesting
import Testing

/// A lifetime tap that writes each call into a log, as the compatibility module's tap hears them.
@MainActor
private final class LoggingTap: LifetimeTap {
  let log: EventLog

  init(log: EventLog) {
    self.log = log
  }

  func didHold(_ viewModel: ViewModel, by holder: LifetimeHolder) {
    log.append("tap hold \(holder.id)")
  }

  func didRelease(_ viewModel: ViewModel, by holder: LifetimeHolder) {
    log.append("tap release \(holder.id)")
  }

  func willDispose(_ viewModel: ViewModel) {
    log.append("tap dispose")
  }
}

/// Rules of the registry that the survivors of the widened mutation run showed unchecked.
@MainActor
@Suite struct RegistryPromiseTests {
  /// The package interface the compatibility module builds on, LifetimeTap.willDispose: "its
  /// holders were let go of (each told through `onUnbind`, without a `didRelease`); next come
  /// `onDispose` and the release of what its own binding holds".
  @Test func aLifetimeTapHearsOfADisposalAfterEveryHoldersUnbindAndBeforeOnDispose() {
    withRegistry { registry in
      let log = EventLog()
      registry.lifetimeTap = LoggingTap(log: log)
      defer { registry.lifetimeTap = nil }
      let first = ViewModelBinding(label: "First")
      let second = ViewModelBinding(label: "Second")
      let spec = ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) }
      let model = first.watch(spec)
      _ = second.read(spec)
      log.removeAll()
      registry.dispose(model)
      #expect(
        log.events == [
          "unbind m \(first.id)", "unbind m \(second.id)", "tap dispose", "onDispose m",
          "dispose m",
        ])
      first.dispose()
      second.dispose()
    }
  }

  /// Architecture: "a ``ViewModel`` keeps the registry that built it: a change opens and closes
  /// the registry's change batch …; `dispose()` asks the registry to dispose it". A builder that
  /// returns an instance made by hand while another registry was current gives it to the
  /// registry that builds: its `dispose()` is carried out there, "bindings holding it let go of
  /// it and their hosts refresh" (ViewModel.dispose()).
  @Test func anInstanceABuilderReturnsBelongsToTheRegistryThatBuiltIt() {
    let elsewhere = ViewModelRegistry(name: "elsewhere")
    let made = elsewhere.withCurrent { ProbeViewModel("made", log: EventLog()) }
    withRegistry { registry in
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let model = binding.watch(ViewModelSpec(key: "made") { made })
      #expect(model === made)
      #expect(registry.liveInstanceCount == 1)
      model.set(1)
      #expect(refreshes == 1)
      model.dispose()
      #expect(model.isDisposed)
      #expect(refreshes == 2)
      #expect(registry.liveInstanceCount == 0)
      #expect(elsewhere.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// The package interface, `resetEverything()`: "A reset started while one disposes (from a
  /// dispose hook) or while the refreshes it caused run does nothing" — it leaves the proxies
  /// and the configuration that the reset in progress keeps.
  @Test func aFullResetStartedFromADisposeHookDuringDisposeAllDoesNothing() {
    withRegistry { registry in
      let log = EventLog()
      let mocked = ViewModelSpec(key: "mocked") { ProbeViewModel("real", log: log) }
      registry.setProxy(for: mocked) { ProbeViewModel("mock", log: log) }
      let binding = ViewModelBinding()
      let resetting = binding.watch(ViewModelSpec(key: "r") { ProbeViewModel("r", log: log) })
      resetting.addDispose { registry.resetEverything() }
      registry.disposeAll()
      #expect(resetting.isDisposed)
      #expect(binding.watch(mocked).name == "mock")
      binding.dispose()
    }
  }
}
