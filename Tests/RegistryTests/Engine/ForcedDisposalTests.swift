import Registry
import RegistryTesting
import Testing

@MainActor
private final class SelfDisposingViewModel: ProbeViewModel {
  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    dispose()
  }
}

/// Disposes itself the first time a binding starts holding it.
@MainActor
private final class DisposedOnBindViewModel: ProbeViewModel {
  override func onBind(_ arg: InstanceArg, bindingId: String) {
    super.onBind(arg, bindingId: bindingId)
    dispose()
  }
}

@MainActor
private final class PokingViewModel: ProbeViewModel {
  var poke: ProbeViewModel?
  var onDisposeRan = false

  override func onDispose(_ arg: InstanceArg) {
    super.onDispose(arg)
    onDisposeRan = true
    poke?.set(99)
  }
}

@MainActor
private final class UnbindDisposingViewModel: ProbeViewModel {
  weak var victim: ViewModelBinding?
  var unbinds: [String] = []

  override func onUnbind(_ arg: InstanceArg, bindingId: String) {
    super.onUnbind(arg, bindingId: bindingId)
    unbinds.append(bindingId)
    let victim = self.victim
    self.victim = nil
    victim?.dispose()
  }
}

@MainActor
private final class RegistryRecordingViewModel: ProbeViewModel {
  var builtIn: ViewModelRegistry?
  var createdIn: ViewModelRegistry?

  override init(_ name: String, log: EventLog) {
    super.init(name, log: log)
    builtIn = ViewModelRegistry.current
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    createdIn = ViewModelRegistry.current
  }
}

/// Disposal that does not wait for the last holder: `dispose()` called directly,
/// `registry.dispose(_:)`, an instance disposing itself while it is created.
@MainActor
@Suite struct ForcedDisposalTests {
  @Test func selfDisposalInOnCreateLeavesNothingRegistered() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "k") { SelfDisposingViewModel("s", log: EventLog()) }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      #expect(model.isDisposed)
      #expect(registry.liveInstanceCount == 0)
      let other = ViewModelBinding()
      #expect(other.watch(spec) !== model)  // built again: the disposed one is not shared
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// The same binding asking again builds again, also when it holds something else (so that
  /// the spec's lookup memo, not the binding's first entry, answers the re-read): the disposed
  /// instance is remembered nowhere.
  @Test func theSameBindingAskingAgainAfterASelfDisposalBuildsAgain() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { SelfDisposingViewModel("s", log: log) }
      let binding = ViewModelBinding()
      let held = binding.watch(ViewModelSpec(key: "held") { ProbeViewModel("held", log: log) })
      let first = binding.watch(spec)
      let second = binding.watch(spec)
      #expect(first.isDisposed && second.isDisposed)
      #expect(second !== first)
      #expect(log.events.filter { $0 == "create s" }.count == 2)
      #expect(registry.liveInstanceCount == 1)
      #expect(!held.isDisposed)
      binding.dispose()
    }
  }

  @Test func theThrowingFormsThrowWhenTheInstanceDisposesItselfWhileItIsResolved() {
    withTestRegistry { registry, _ in
      let fromOnCreate = ViewModelSpec(key: "c") { SelfDisposingViewModel("c", log: EventLog()) }
      let fromOnBind = ViewModelSpec(key: "b") { DisposedOnBindViewModel("b", log: EventLog()) }
      let binding = ViewModelBinding()
      #expect(
        throws: RegistryError.disposedDuringResolution(
          operation: "watchThrowing(_:)", type: "SelfDisposingViewModel", key: #""c""#)
      ) { _ = try binding.watchThrowing(fromOnCreate) }
      #expect(
        throws: RegistryError.disposedDuringResolution(
          operation: "readThrowing(_:)", type: "DisposedOnBindViewModel", key: #""b""#)
      ) { _ = try binding.readThrowing(fromOnBind) }
      #expect(registry.liveInstanceCount == 0)
      #expect(registry.snapshot().instances.isEmpty)
    }
  }

  /// `watch` and `read` return the disposed instance without a report: the instance's own hook
  /// disposed it, and using it from then on reports ``RegistryError/viewModelDisposed``. (Its
  /// cause may be reported already: a dependency's `onBind` that disposed the instance being
  /// built made its binding report a disposal during the build; one mistake, one report.)
  @Test func watchAndReadReturnAnInstanceThatDisposedItselfWhileItWasResolved() {
    withTestRegistry { registry, reporter in
      let fromOnCreate = ViewModelSpec(key: "c") { SelfDisposingViewModel("c", log: EventLog()) }
      let fromOnBind = ViewModelSpec(key: "b") { DisposedOnBindViewModel("b", log: EventLog()) }
      let binding = ViewModelBinding()
      #expect(binding.watch(fromOnCreate).isDisposed)
      #expect(binding.read(fromOnBind).isDisposed)
      #expect(reporter.errors.isEmpty)
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// The same when the instance was alive already, and disposes itself in the `onBind` of a
  /// second binding that comes to hold it: the throwing forms throw, `watch` returns it as it is.
  @Test(arguments: [false, true])
  func aLiveInstanceThatDisposesItselfWhenASecondBindingHoldsIt(throwing: Bool) {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(key: "second") { DisposedOnSecondBind() }
      let first = ViewModelBinding()
      let live = first.watch(spec)
      let second = ViewModelBinding()
      if throwing {
        #expect(
          throws: RegistryError.disposedDuringResolution(
            operation: "watchThrowing(_:)", type: "DisposedOnSecondBind", key: #""second""#)
        ) { _ = try second.watchThrowing(spec) }
      } else {
        #expect(second.watch(spec) === live)
        #expect(reporter.errors.isEmpty)
      }
      #expect(live.isDisposed)
      #expect(live.disposals == 1)
      #expect(registry.liveInstanceCount == 0)
      first.dispose()
      second.dispose()
    }
  }

  /// A live instance whose `onBind` disposes the binding that came to hold it: that binding
  /// holds nothing, so the throwing forms throw
  /// ``RegistryError/bindingDisposedWhileBuilding(operation:binding:type:key:)`` and `watch`
  /// reports it and returns the instance as it is; another holder keeps it alive, or it goes.
  @Test(arguments: [false, true])
  func aLiveInstanceWhoseOnBindDisposesTheAskingBinding(throwing: Bool) {
    withTestRegistry { registry, reporter in
      let asker = ViewModelBinding(label: "Asker")
      let spec = ViewModelSpec(key: "kept") { DisposesBinding(asker) }
      let keeper = ViewModelBinding()
      let kept = keeper.watch(spec)
      let expected = RegistryError.bindingDisposedWhileBuilding(
        operation: throwing ? "watchThrowing(_:)" : "watch(_:)", binding: asker.id,
        type: "DisposesBinding", key: #""kept""#)
      if throwing {
        #expect(throws: expected) { _ = try asker.watchThrowing(spec) }
        #expect(reporter.errors.isEmpty)
      } else {
        #expect(asker.watch(spec) === kept)
        #expect(reporter.errors == [expected])
      }
      #expect(asker.isDisposed)
      #expect(!kept.isDisposed)
      #expect(registry.snapshot().instances.map(\.holders.count) == [1])
      keeper.dispose()
      #expect(kept.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A live instance waiting out its grace period has no holder: the binding its `onBind`
  /// disposed held it last, so it goes back to waiting, as any instance does when its last
  /// holder lets go, and is disposed when the delay ends.
  @Test func aWaitingInstanceWhoseOnBindDisposesTheAskingBindingWaitsAgain() {
    withTestRegistry { registry, reporter in
      let clock = ManualClock()
      registry.clock = clock
      let asker = ViewModelBinding(label: "Asker")
      let spec = ViewModelSpec(key: "waiting", disposeDelay: .seconds(10)) {
        DisposesBinding(asker)
      }
      let first = ViewModelBinding()
      let waiting = first.watch(spec)
      first.dispose()
      #expect(registry.snapshot().instances.map(\.isAwaitingDisposal) == [true])
      #expect(
        throws: RegistryError.bindingDisposedWhileBuilding(
          operation: "watchThrowing(_:)", binding: asker.id, type: "DisposesBinding",
          key: #""waiting""#)
      ) { _ = try asker.watchThrowing(spec) }
      #expect(reporter.errors.isEmpty)
      #expect(!waiting.isDisposed)
      #expect(registry.snapshot().instances.map(\.isAwaitingDisposal) == [true])
      clock.advance(by: .seconds(10))
      #expect(waiting.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// The same through a lookup by key (AppleViewModel's `watchCached`): the throwing lookup
  /// throws, the other reports and returns the instance.
  @Test(arguments: [false, true])
  func aCachedLookupWhoseOnBindDisposesTheAskingBinding(throwing: Bool) {
    withTestRegistry { registry, reporter in
      let asker = ViewModelBinding(label: "Asker")
      let keeper = ViewModelBinding()
      let kept = keeper.watch(ViewModelSpec(key: "kept") { DisposesBinding(asker) })
      let expected = RegistryError.bindingDisposedWhileBuilding(
        operation: "watchCached", binding: asker.id, type: "DisposesBinding", key: #""kept""#)
      if throwing {
        #expect(throws: expected) {
          _ = try asker.cached(DisposesBinding.self, key: "kept", tag: nil, watching: true)
        }
        #expect(reporter.errors.isEmpty)
      } else {
        let found = asker.cachedReportingCycles(
          DisposesBinding.self, key: "kept", tag: nil, watching: true)
        #expect(found === kept)
        #expect(reporter.errors == [expected])
      }
      #expect(asker.isDisposed)
      #expect(registry.snapshot().instances.map(\.holders.count) == [1])
      keeper.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A lookup by key whose instance disposes itself in the `onBind` of the new hold: the
  /// throwing lookup throws ``RegistryError/disposedDuringResolution(operation:type:key:)``, the
  /// other returns it as it is, as `watch(_:)` does.
  @Test(arguments: [false, true])
  func aCachedLookupOfAnInstanceThatDisposesItselfOnBind(throwing: Bool) {
    withTestRegistry { registry, reporter in
      let first = ViewModelBinding()
      let live = first.watch(ViewModelSpec(key: "second") { DisposedOnSecondBind() })
      let second = ViewModelBinding()
      if throwing {
        #expect(
          throws: RegistryError.disposedDuringResolution(
            operation: "readCached", type: "DisposedOnSecondBind", key: #""second""#)
        ) {
          _ = try second.cached(DisposedOnSecondBind.self, key: "second", tag: nil, watching: false)
        }
      } else {
        let found = second.cachedReportingCycles(
          DisposedOnSecondBind.self, key: "second", tag: nil, watching: false)
        #expect(found === live)
        #expect(reporter.errors.isEmpty)
      }
      #expect(live.isDisposed)
      #expect(registry.liveInstanceCount == 0)
      first.dispose()
      second.dispose()
    }
  }

  /// The lookup of every instance with a tag: an `onBind` that disposes the binding is reported
  /// once, and the instances after it are returned unheld.
  @Test func aLookupByTagWhoseOnBindDisposesTheBindingReportsIt() {
    withTestRegistry { registry, reporter in
      let asker = ViewModelBinding(label: "Asker")
      let keeper = ViewModelBinding()
      let kept = keeper.watch(ViewModelSpec(key: "kept", tag: "screen") { DisposesBinding(asker) })
      let found = asker.holdAll(DisposesBinding.self, taggedWith: "screen", watching: true)
      #expect(found.map(ObjectIdentifier.init) == [ObjectIdentifier(kept)])
      #expect(
        reporter.errors == [
          .bindingDisposedWhileBuilding(
            operation: "watchCached", binding: asker.id, type: "DisposesBinding",
            key: #""kept""#)
        ])
      #expect(asker.isDisposed)
      keeper.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func forcedDisposalRefreshesHostsOnceAfterEveryHook() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let other = ViewModelSpec(key: "other") { ProbeViewModel("other", log: log) }
      let poker = ViewModelSpec(key: "poker") { PokingViewModel("poker", log: log) }
      var refreshes = 0
      var sawHalfDisposed = false
      var model: PokingViewModel?
      let host = ViewModelBinding {
        refreshes += 1
        if let model, model.isDisposed, !model.onDisposeRan { sawHalfDisposed = true }
      }
      let poked = host.watch(other)
      model = host.watch(poker)
      model?.poke = poked
      model?.dispose()
      #expect(refreshes == 1)
      #expect(!sawHalfDisposed)
    }
  }

  @Test func forcedDisposalUnbindsEachHolderOnce() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "k") { UnbindDisposingViewModel("k", log: EventLog()) }
      let first = ViewModelBinding(label: "A")
      let second = ViewModelBinding(label: "B")
      let model = first.watch(spec)
      _ = second.watch(spec)
      model.victim = second
      model.dispose()
      #expect(model.unbinds.sorted() == [first.id, second.id].sorted())
    }
  }

  @Test func registryDisposeKeepsTheDocumentedHookOrder() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) })
      model.addDispose { log.append("block k") }
      log.removeAll()
      registry.dispose(model)
      #expect(log.events == ["unbind k \(binding.id)", "onDispose k", "block k", "dispose k"])
      registry.dispose(model)
      #expect(log.events.count == 4)
    }
  }

  @Test func builderAndOnCreateRunInTheBuildingRegistry() {
    let current = ViewModelRegistry(name: "current")
    let other = ViewModelRegistry(name: "other")
    let spec = ViewModelSpec(key: "k") { RegistryRecordingViewModel("k", log: EventLog()) }
    current.withCurrent {
      let binding = ViewModelBinding(registry: other)
      let model = binding.watch(spec)
      #expect(model.builtIn === other)
      #expect(model.createdIn === other)
      binding.dispose()
    }
    #expect(current.liveInstanceCount == 0)
  }

  @Test func builderReusingAnInstanceIsReportedNotFatal() {
    withTestRegistry { registry, reporter in
      let shared = ProbeViewModel("shared", log: EventLog())
      let binding = ViewModelBinding()
      #expect(binding.watch(ViewModelSpec(key: "a") { shared }) === shared)
      #expect(binding.read(ViewModelSpec(key: "b") { shared }) === shared)
      #expect(
        reporter.errors == [.builderReusedInstance(type: "ProbeViewModel", key: "\"b\"")])
      #expect(registry.liveInstanceCount == 1)
    }
  }
}

/// Disposes itself when a second binding starts holding it.
@MainActor
private final class DisposedOnSecondBind: ViewModel {
  private var binds = 0
  private(set) var disposals = 0

  override func onBind(_ arg: InstanceArg, bindingId: String) {
    binds += 1
    if binds == 2 { dispose() }
  }

  override func onDispose(_ arg: InstanceArg) { disposals += 1 }
}

/// Disposes `binding` when it starts holding the instance.
@MainActor
private final class DisposesBinding: ViewModel {
  private let binding: ViewModelBinding

  init(_ binding: ViewModelBinding) {
    self.binding = binding
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) {
    if bindingId == binding.id { binding.dispose() }
  }
}
