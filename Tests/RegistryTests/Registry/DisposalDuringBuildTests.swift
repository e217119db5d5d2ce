import Registry
import Testing

@MainActor
private final class BindingKiller: ProbeViewModel {
  let victim: Box<ViewModelBinding?>

  init(victim: Box<ViewModelBinding?>, log: EventLog) {
    self.victim = victim
    super.init("killer", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    victim.value?.dispose()
  }
}

/// A binding disposed while it builds cannot keep what it asked for: it is told, and nothing
/// is left held.
@MainActor
@Suite struct DisposalDuringBuildTests {
  @Test func aBindingDisposedInTheOnCreateOfWhatItBuildsIsReported() {
    withTestRegistry { registry, reporter in
      let victim = Box<ViewModelBinding?>(nil)
      let spec = ViewModelSpec(key: "k") { BindingKiller(victim: victim, log: EventLog()) }
      let binding = ViewModelBinding()
      victim.value = binding
      let built = try? binding.readThrowing(spec)
      #expect(built?.isDisposed == true)
      #expect(
        reporter.errors == [
          .bindingDisposedWhileBuilding(
            operation: "readThrowing(_:)", binding: binding.id, type: "BindingKiller",
            key: "\"k\"")
        ])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aResetWhileTheBuilderRunsAbandonsTheBuild() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { () -> ProbeViewModel in
        registry.disposeAll()
        return ProbeViewModel("k", log: log)
      }
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.buildAbandoned(type: "ProbeViewModel", key: "\"k\"")) {
        _ = try binding.readThrowing(spec)
      }
      // Never registered, disposed once; watch reports the same and hands the disposed
      // instance back.
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events == ["onDispose k", "dispose k"])
      let again = binding.watch(spec)
      #expect(again.isDisposed)
      #expect(reporter.errors == [.buildAbandoned(type: "ProbeViewModel", key: "\"k\"")])
      binding.dispose()
    }
  }

  @Test func aResetOfTheTagWhileOnCreateRunsAbandonsTheBuild() {
    withTestRegistry { registry, _ in
      final class Resetting: ProbeViewModel {
        override func onCreate(_ arg: InstanceArg) {
          super.onCreate(arg)
          ViewModelRegistry.current.reset(tag: "account")
        }
      }
      let log = EventLog()
      let spec = ViewModelSpec(key: "session", tag: "account") { Resetting("s", log: log) }
      let other = ViewModelSpec(key: "other", tag: "other") { Resetting("o", log: EventLog()) }
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.self) { _ = try binding.watchThrowing(spec) }
      #expect(log.events(startingWith: "dispose") == ["dispose s"])
      #expect(registry.liveInstanceCount == 0)
      // A reset of another tag leaves this build alone.
      #expect(throws: Never.self) { _ = try binding.watchThrowing(other) }
      binding.dispose()
    }
  }

  @Test func theMessagesSayWhatHappenedAndHowToFixIt() {
    #expect(
      RegistryError.buildAbandoned(type: "SessionViewModel", key: "\"s\"").description == """
        The build of SessionViewModel(key: "s") was abandoned: the registry was reset while its builder or onCreate ran.
          Type: SessionViewModel   Key: "s"
        A reset disposes what was built for before it, so the new instance was disposed and not registered.
        To fix, do not reset the registry (disposeAll, reset(tag:), ViewModel.reset()) from inside a builder or onCreate; reset before or after the resolution.
        """)
    #expect(
      RegistryError.bindingDisposedWhileBuilding(
        operation: "watch(_:)", binding: "Screen#3", type: "SessionViewModel", key: nil
      ).description == """
        watch(_:) was asked of binding Screen#3, which was disposed while it built the instance.
          Type: SessionViewModel   Key: none
        A disposed binding cannot hold what it asked for: the instance was returned unheld (and disposed, unless others hold it).
        To fix, do not dispose a binding from inside a builder or onCreate it started; dispose it after the resolution returns.
        """)
  }
}
