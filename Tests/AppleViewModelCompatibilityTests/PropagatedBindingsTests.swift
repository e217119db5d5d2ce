import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// Records every binding id it is told of, in order.
@MainActor
private class Recorder: ViewModel {
  private(set) var bound: [String] = []
  private(set) var unbound: [String] = []
  /// Runs after recording each `onBind`.
  var afterBind: ((String) -> Void)?

  override func onBind(_ arg: InstanceArg, bindingId: String) {
    super.onBind(arg, bindingId: bindingId)
    #expect(arg.bindingId == bindingId)
    bound.append(bindingId)
    afterBind?(bindingId)
  }

  override func onUnbind(_ arg: InstanceArg, bindingId: String) {
    super.onUnbind(arg, bindingId: bindingId)
    unbound.append(bindingId)
  }
}

@MainActor private final class Leaf: Recorder {}

/// Reads `childSpec` through its own binding when asked.
@MainActor
private final class Middle: Recorder {
  var leafSpec = ViewModelSpec<Leaf> { Leaf() }
  var leaf: Leaf { viewModelBinding.read(leafSpec) }
}

@MainActor
private final class Top: Recorder {
  let middleSpec = ViewModelSpec<Middle> { Middle() }
  var middle: Middle { viewModelBinding.read(middleSpec) }
}

/// A fresh registry with AppleViewModel's binding rule, as the default registry has it.
@MainActor
private func withPropagatingRegistry(_ body: (ViewModelRegistry) throws -> Void) rethrows {
  try withTestRegistry { registry, _ in
    registry.lifetimeTap = PropagatedBindings()
    try body(registry)
  }
}

/// What an instance that a view model depends on hears through `onBind` and `onUnbind` when the
/// AppleViewModel compatibility module is linked: every binding that holds the view model, as
/// AppleViewModel tells it.
@MainActor
@Suite struct PropagatedBindingsTests {
  @Test func theDefaultRegistryHasTheRuleAndANewRegistryDoesNot() {
    #expect(ViewModelRegistry.default.lifetimeTap is PropagatedBindings)
    #expect(ViewModelRegistry(name: "plain").lifetimeTap == nil)
  }

  @Test func aDependencyHearsEachBindingThatHoldsItsParent() {
    withPropagatingRegistry { _ in
      let topSpec = ViewModelSpec<Top>(key: "top") { Top() }
      let first = ViewModelBinding(label: "first")
      let top = first.read(topSpec)
      let middle = top.middle
      let own = top.viewModelBinding.id
      #expect(middle.bound == [own, first.id])

      let second = ViewModelBinding(label: "second")
      #expect(second.read(topSpec) === top)
      #expect(middle.bound == [own, first.id, second.id])

      first.dispose()
      #expect(!middle.isDisposed)
      #expect(middle.unbound == [first.id])

      second.dispose()
      #expect(top.isDisposed && middle.isDisposed)
      #expect(middle.unbound == [first.id, second.id, own])
    }
  }

  @Test func theRuleIsTransitive() {
    withPropagatingRegistry { _ in
      let host = ViewModelBinding(label: "host")
      let top = host.read(ViewModelSpec<Top> { Top() })
      let middle = top.middle
      let leaf = middle.leaf
      let middleID = middle.viewModelBinding.id
      #expect(leaf.bound == [middleID, host.id])
      host.dispose()
      #expect(leaf.isDisposed)
      #expect(Set(leaf.unbound) == [middleID, host.id])
      #expect(leaf.unbound.filter { $0 == host.id }.count == 1)
    }
  }

  @Test func aDependencyReadAfterItsParentIsHeldHearsTheHoldersAtOnce() {
    withPropagatingRegistry { _ in
      let host = ViewModelBinding(label: "host")
      let middle = host.read(ViewModelSpec<Middle> { Middle() })
      let leaf = middle.leaf
      #expect(leaf.bound == [middle.viewModelBinding.id, host.id])
    }
  }

  @Test func aBindingThatAlsoHoldsTheDependencyIsToldOfItOnce() {
    withPropagatingRegistry { _ in
      let leafSpec = ViewModelSpec<Leaf>(key: "leaf") { Leaf() }
      let host = ViewModelBinding(label: "host")
      let leaf = host.read(leafSpec)
      let middle = host.read(ViewModelSpec<Middle> { Middle() })
      middle.leafSpec = leafSpec
      #expect(middle.leaf === leaf)
      #expect(leaf.bound == [host.id, middle.viewModelBinding.id])
      // Let go through the view model: the host still holds it directly.
      middle.viewModelBinding.dispose()
      #expect(leaf.unbound == [middle.viewModelBinding.id])
      host.dispose()
      #expect(leaf.unbound == [middle.viewModelBinding.id, host.id])
    }
  }

  @Test func disposingTheDependencyTellsEveryBindingThatReachedIt() {
    withPropagatingRegistry { registry in
      let host = ViewModelBinding(label: "host")
      let middle = host.read(ViewModelSpec<Middle> { Middle() })
      let leaf = middle.leaf
      registry.dispose(leaf)
      #expect(Set(leaf.unbound) == [middle.viewModelBinding.id, host.id])
      // A later hold starts from nothing: the disposed instance is not told again.
      host.dispose()
      #expect(leaf.unbound.count == 2)
    }
  }

  @Test func aBindingDisposedByThePropagatedOnBindIsNotKeptAndStopsReaching() throws {
    try withPropagatingRegistry { _ in
      let topSpec = ViewModelSpec<Top>(key: "top") { Top() }
      var doomed: ViewModelBinding? = ViewModelBinding(label: "doomed")
      weak let doomedRef = doomed
      let survivor = ViewModelBinding(label: "survivor")
      let top = doomed!.read(topSpec)
      _ = survivor.read(topSpec)
      let doomedID = doomed!.id
      let middle = top.middle
      let leafSpec = ViewModelSpec<Leaf> {
        let leaf = Leaf()
        leaf.afterBind = { id in
          if id == doomedID { doomed?.dispose() }
        }
        return leaf
      }
      middle.leafSpec = leafSpec
      let leaf = try middle.viewModelBinding.readThrowing(leafSpec)
      #expect(doomed?.isDisposed == true)
      doomed = nil
      #expect(doomedRef == nil)
      #expect(!leaf.isDisposed && !top.isDisposed)
      // It heard the doomed binding come and go, and the survivor stays.
      #expect(leaf.unbound == [doomedID])
      #expect(leaf.bound.contains(survivor.id))
      survivor.dispose()
      #expect(top.isDisposed && leaf.isDisposed)
    }
  }

  @Test func aDependencyThatDisposesItselfInThePropagatedOnBindIsNotReturned() throws {
    try withPropagatingRegistry { registry in
      let host = ViewModelBinding(label: "host")
      let middle = host.read(ViewModelSpec<Middle>(key: "middle") { Middle() })
      var generation = 0
      let leafSpec = ViewModelSpec<Leaf>(key: "leaf") {
        generation += 1
        let leaf = Leaf()
        if generation == 1 {
          leaf.afterBind = { [unowned leaf] id in
            if id == host.id { registry.dispose(leaf) }
          }
        }
        return leaf
      }
      middle.leafSpec = leafSpec
      #expect {
        try middle.viewModelBinding.readThrowing(leafSpec)
      } throws: { error in
        guard case .disposedDuringResolution = error as? RegistryError else { return false }
        return "\(error)".contains("disposed during resolution")
      }
      let healthy = try middle.viewModelBinding.readThrowing(leafSpec)
      #expect(generation == 2 && !healthy.isDisposed)
      host.dispose()
      #expect(middle.isDisposed && healthy.isDisposed)
    }
  }

  @Test func lifecycleObserversHearEachHoldOnce() {
    withPropagatingRegistry { registry in
      let recorder = RecordingLifecycle()
      _ = registry.addLifecycle(recorder)
      let host = ViewModelBinding(label: "host")
      let middle = host.read(ViewModelSpec<Middle> { Middle() })
      let leaf = middle.leaf
      #expect(leaf.bound.count == 2)
      let leafBinds = recorder.events.filter { $0.kind == .bind && $0.typeName.contains("Leaf") }
      #expect(leafBinds.map(\.bindingId) == [middle.viewModelBinding.id])
    }
  }
}
