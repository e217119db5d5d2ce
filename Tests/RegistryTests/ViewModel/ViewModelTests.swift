import Registry
import RegistryTesting
import Testing

private struct ListenerFailure: Error, CustomStringConvertible {
  var description: String { "listener failed" }
}

@MainActor
@Suite struct ViewModelTests {
  // `isDisposed`: "Whether the instance has been disposed (or is being disposed right now)" —
  // `true` in its own `onDispose` and `addDispose` blocks, and after.
  @Test func isDisposedIsTrueWhileTheInstanceIsBeingDisposed() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let model = binding.read(ViewModelSpec(key: "m") { ProbeViewModel("m", log: EventLog()) })
      var seenDuringDisposal: Bool?
      model.addDispose { seenDuringDisposal = model.isDisposed }
      #expect(!model.isDisposed)
      binding.dispose()
      #expect(seenDuringDisposal == true)
      #expect(model.isDisposed)
    }
  }

  @Test func listenUntilRemoved() {
    withTestRegistry { _, _ in
      let model = ProbeViewModel("m", log: EventLog())
      var calls = 0
      let remove = model.listen { calls += 1 }
      #expect(model.hasListeners)
      model.notifyListeners()
      remove()
      remove()
      model.notifyListeners()
      #expect(calls == 1)
      #expect(!model.hasListeners)
    }
  }

  @Test func throwingListenerNeverStopsTheOthers() {
    withTestRegistry { registry, reporter in
      let model = ProbeViewModel("m", log: EventLog())
      var order: [String] = []
      model.listen { order.append("first") }
      model.listen {
        order.append("second")
        throw ListenerFailure()
      }
      model.listen { order.append("third") }
      model.notifyListeners()
      #expect(order == ["first", "second", "third"])
      #expect(
        reporter.errors == [.listenerFailed(type: "ProbeViewModel", error: "listener failed")])
    }
  }

  @Test func listenerRemovedMidRoundIsNotCalledLaterInIt() {
    withTestRegistry { _, _ in
      let model = ProbeViewModel("m", log: EventLog())
      var calls: [String] = []
      var removeSecond: () -> Void = {}
      model.listen {
        calls.append("first")
        removeSecond()
      }
      removeSecond = model.listen { calls.append("second") }
      model.listen { calls.append("third") }
      model.notifyListeners()
      model.notifyListeners()
      #expect(calls == ["first", "third", "first", "third"])
    }
  }

  @Test func listenerAddedMidRoundRunsFromTheNextRound() {
    withTestRegistry { _, _ in
      let model = ProbeViewModel("m", log: EventLog())
      var calls: [String] = []
      var added = false
      model.listen {
        calls.append("outer")
        if !added {
          added = true
          model.listen { calls.append("inner") }
        }
      }
      model.notifyListeners()
      model.notifyListeners()
      #expect(calls == ["outer", "outer", "inner"])
      model.dispose()  // the listeners capture the model: disposing breaks the cycle
    }
  }

  @Test func updateNotifiesOnceAndNotWhenTheBlockThrows() {
    withTestRegistry { _, _ in
      let model = ProbeViewModel("m", log: EventLog())
      var calls = 0
      model.listen { calls += 1 }
      model.update {
        model.value = 1
        model.value = 2
      }
      #expect(calls == 1)
      #expect(throws: ListenerFailure.self) {
        try model.update { throw ListenerFailure() }
      }
      #expect(calls == 1)
    }
  }

  @Test func addDisposeAfterDisposeRunsAtOnce() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      var ran = 0
      model.addDispose { ran += 1 }
      binding.dispose()
      #expect(ran == 1)
      model.addDispose { ran += 10 }
      #expect(ran == 11)
    }
  }

  @Test func disposedViewModelIgnoresChangesAndNewListeners() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let model = binding.watch(spec)
      var calls = 0
      model.listen { calls += 1 }
      binding.dispose()
      model.notifyListeners()
      let remove = model.listen { calls += 1 }
      model.notifyListeners()
      remove()
      #expect(calls == 0)
      #expect(refreshes == 0)
      #expect(!model.hasListeners)
    }
  }

  @Test func createArgCarriesKeyTagLifetimeAndRequester() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "k", tag: "group", aliveForever: true) {
        ProbeViewModel("k", log: EventLog())
      }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      #expect(
        model.createArg
          == InstanceArg(key: "k", tag: "group", aliveForever: true, bindingId: binding.id))
      #expect(model.tag == AnyHashable("group"))
    }
  }

  @Test func directDisposeReleasesHoldersAndRefreshesThem() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: log) }
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let model = binding.watch(spec)
      model.dispose()
      #expect(model.isDisposed)
      #expect(refreshes == 1)
      #expect(registry.liveInstanceCount == 0)
      #expect(
        log.events == [
          "create k", "bind k \(binding.id)", "dispose k", "unbind k \(binding.id)", "onDispose k",
        ])
      let fresh = binding.watch(spec)
      #expect(fresh !== model)
      binding.dispose()
      #expect(log.events(startingWith: "dispose").count == 2)
    }
  }

  @Test func viewModelBindingIsDisposedWithItsOwnerAndCascades() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let leaf = ViewModelSpec(key: "leaf") { ProbeViewModel("leaf", log: log) }
      let root = ViewModelSpec(key: "root") { ProbeViewModel("root", log: log) }
      let host = ViewModelBinding()
      let parent = host.watch(root)
      let child = parent.viewModelBinding.watch(leaf)
      host.dispose()
      #expect(parent.isDisposed)
      #expect(child.isDisposed)
      #expect(parent.viewModelBinding.isDisposed)
      // The owner's dispose() hook runs last, after its binding released the dependency.
      #expect(log.events(startingWith: "onDispose") == ["onDispose root", "onDispose leaf"])
      #expect(log.events(startingWith: "dispose") == ["dispose leaf", "dispose root"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func viewModelBindingOfADisposedViewModelIsReportedAndHoldsNothing() {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) }
      let dependency = ViewModelSpec(key: "d") { ProbeViewModel("d", log: EventLog()) }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      binding.dispose()
      let late = model.viewModelBinding
      #expect(late.isDisposed)
      #expect(
        reporter.errors == [
          .viewModelDisposed(operation: "viewModelBinding", type: "ProbeViewModel", key: "\"k\"")
        ])
      _ = late.watch(dependency)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func hooksMayDisposeTheirOwnBindingReentrantly() {
    final class SelfDisposing: ViewModel {
      var binding: ViewModelBinding?
      var unbinds = 0
      override func onBind(_ arg: InstanceArg, bindingId: String) { binding?.dispose() }
      override func onUnbind(_ arg: InstanceArg, bindingId: String) { unbinds += 1 }
    }
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      let spec = ViewModelSpec<SelfDisposing>(key: "s") {
        let model = SelfDisposing()
        model.binding = binding
        return model
      }
      let model = binding.watch(spec)
      #expect(binding.isDisposed)
      #expect(model.isDisposed)
      #expect(model.unbinds == 1)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// ViewModel: "when the last holder lets go (unless the spec is `aliveForever`),
  /// ``onDispose(_:)``, the ``addDispose(_:)`` blocks, the disposal of ``viewModelBinding``, and
  /// ``dispose()`` — exactly once": the dispose blocks still see the dependencies alive.
  @Test func disposeBlocksRunBeforeTheOwnBindingLetsGoOfTheDependencies() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let dependencySpec = ViewModelSpec(key: "dependency") { ProbeViewModel("d", log: log) }
      let binding = ViewModelBinding()
      let owner = binding.watch(ViewModelSpec(key: "owner") { ProbeViewModel("owner", log: log) })
      let dependency = owner.viewModelBinding.watch(dependencySpec)
      var dependencyDisposedInBlock: Bool?
      owner.addDispose { dependencyDisposedInBlock = dependency.isDisposed }
      binding.dispose()
      #expect(dependencyDisposedInBlock == false)
      #expect(dependency.isDisposed)
    }
  }
}
