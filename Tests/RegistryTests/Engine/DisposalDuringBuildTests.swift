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
  // "A binding disposed while it builds, from the builder, onCreate or onBind, makes the
  // throwing forms throw and leaves nothing alive or registered, aliveForever included."
  @Test(arguments: ["builder", "onCreate", "onBind"], [false, true])
  func aBindingDisposedWhileItBuildsMakesTheThrowingFormsThrowAndLeavesNothing(
    phase: String, aliveForever: Bool
  ) {
    withTestRegistry { registry, reporter in
      final class Killer: ProbeViewModel {
        let victim: Box<ViewModelBinding?>
        let phase: String
        init(victim: Box<ViewModelBinding?>, phase: String) {
          self.victim = victim
          self.phase = phase
          super.init("k", log: EventLog())
        }
        override func onCreate(_ arg: InstanceArg) {
          if phase == "onCreate" { victim.value?.dispose() }
        }
        override func onBind(_ arg: InstanceArg, bindingId: String) {
          if phase == "onBind" { victim.value?.dispose() }
        }
      }
      let victim = Box<ViewModelBinding?>(nil)
      let built = Box<Killer?>(nil)
      let spec = ViewModelSpec(key: "k", aliveForever: aliveForever) { () -> Killer in
        if phase == "builder" { victim.value?.dispose() }
        let model = Killer(victim: victim, phase: phase)
        built.value = model
        return model
      }
      let binding = ViewModelBinding()
      victim.value = binding
      #expect(
        throws: RegistryError.bindingDisposedWhileBuilding(
          operation: "readThrowing(_:)", binding: binding.id, type: "Killer", key: "\"k\"")
      ) { _ = try binding.readThrowing(spec) }
      #expect(built.value?.isDisposed == true)
      #expect(reporter.errors.isEmpty)
      #expect(registry.liveInstanceCount == 0)
      #expect(registry.snapshot().instances.isEmpty)
    }
  }

  // `watch` and `read`, which cannot throw, report it and return the disposed instance.
  @Test func aBindingDisposedWhileItBuildsIsReportedByTheFormsThatCannotThrow() {
    withTestRegistry { registry, reporter in
      let victim = Box<ViewModelBinding?>(nil)
      let spec = ViewModelSpec(key: "k") { BindingKiller(victim: victim, log: EventLog()) }
      let binding = ViewModelBinding()
      victim.value = binding
      let built = binding.read(spec)
      #expect(built.isDisposed)
      #expect(
        reporter.errors == [
          .bindingDisposedWhileBuilding(
            operation: "read(_:)", binding: binding.id, type: "BindingKiller", key: "\"k\"")
        ])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // Another holder that came to hold the instance meanwhile keeps it.
  @Test func anInstanceAnotherHolderTookMeanwhileStays() {
    withTestRegistry { registry, _ in
      final class Sharing: ProbeViewModel {
        let victim: Box<ViewModelBinding?>
        let other: ViewModelBinding
        let spec: Box<ViewModelSpec<Sharing>?>
        init(
          victim: Box<ViewModelBinding?>, other: ViewModelBinding,
          spec: Box<ViewModelSpec<Sharing>?>
        ) {
          self.victim = victim
          self.other = other
          self.spec = spec
          super.init("s", log: EventLog())
        }
        override func onBind(_ arg: InstanceArg, bindingId: String) {
          guard bindingId == victim.value?.id, let spec = spec.value else { return }
          _ = other.read(spec)
          victim.value?.dispose()
        }
      }
      let victim = Box<ViewModelBinding?>(nil)
      let other = ViewModelBinding(label: "Other")
      let specBox = Box<ViewModelSpec<Sharing>?>(nil)
      let spec = ViewModelSpec(key: "s") { Sharing(victim: victim, other: other, spec: specBox) }
      specBox.value = spec
      let binding = ViewModelBinding()
      victim.value = binding
      #expect(throws: RegistryError.self) { _ = try binding.readThrowing(spec) }
      #expect(registry.liveInstanceCount == 1)
      other.dispose()
      #expect(registry.liveInstanceCount == 0)
      // The spec and its box reference each other: let go of them.
      specBox.value = nil
      victim.value = nil
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

  /// A reset of a tag reads the tag of every build running, from its frame on the build stack,
  /// which names the spec's values without keeping them alive (the build does). A spec made for
  /// one call, nested inside another build, is found and abandoned; the outer one, of another
  /// tag, is not.
  @Test func aResetOfTheTagOfANestedBuildOfASpecMadeForOneCallAbandonsOnlyIt() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let inner = Box<(any Error)?>(nil)
      let outer = ViewModelSpec(key: "outer", tag: "screen") { () -> ProbeViewModel in
        let model = ProbeViewModel("outer", log: log)
        do {
          _ = try model.viewModelBinding.watchThrowing(
            ViewModelSpec(key: "inner", tag: "account") { () -> ProbeViewModel in
              ViewModelRegistry.current.reset(tag: "account")
              return ProbeViewModel("inner", log: log)
            })
        } catch {
          inner.value = error
        }
        return model
      }
      let binding = ViewModelBinding()
      #expect(throws: Never.self) { _ = try binding.watchThrowing(outer) }
      #expect(
        inner.value as? RegistryError
          == .buildAbandoned(type: "ProbeViewModel", key: "\"inner\""))
      #expect(log.events(startingWith: "dispose") == ["dispose inner"])
      #expect(registry.liveInstanceCount == 1)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func theMessagesSayWhatHappenedAndHowToFixIt() {
    #expect(
      RegistryError.buildAbandoned(type: "SessionViewModel", key: "\"s\"").description == """
        The build of SessionViewModel(key: "s") was abandoned: its Store was disposed (the registry was reset) while its builder or onCreate ran.
          Type: SessionViewModel   Key: "s"
        A reset disposes what was built for before it, so the new instance was disposed and not cached.
        To fix, do not reset the registry (disposeAll, reset(tag:), ViewModel.reset()) from inside a builder or onCreate; reset before or after the resolution.
        """)
    #expect(
      RegistryError.bindingDisposedWhileBuilding(
        operation: "watch(_:)", binding: "Screen#3", type: "SessionViewModel", key: nil
      ).description == """
        watch(_:) was asked of binding Screen#3, which was disposed during resolution.
          Type: SessionViewModel   Key: none
        A disposed binding cannot hold what it asked for: what the resolution built for it was disposed too (aliveForever or not), unless another holder holds it, and an instance it found alive goes as any does when a holder lets go.
        To fix, do not dispose a binding from inside a builder, onCreate or onBind it started; dispose it after the resolution returns.
        """)
  }
}
