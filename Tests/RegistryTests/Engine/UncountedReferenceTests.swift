import Observation
import Registry
import Testing

/// The store lists an instance's holders, and a binding's table names its instances, without
/// counting them; a binding lets go of its inline entry without looking it up. These tests hold
/// the rules that keep that safe: every entry is released wherever the binding keeps it, and a
/// callout that disposes another instance never meets a freed one (the address sanitizer run in
/// CI turns such a meeting into a failure).
@MainActor
@Suite struct UncountedReferenceTests {
  /// "`unbind(_:)` lets go of one instance": the binding's inline entry and the ones after it,
  /// in every order.
  @Test(arguments: [[0, 1, 2], [2, 1, 0], [1, 0, 2], [1, 2, 0]])
  func unbindLetsGoOfAnInstanceWhereverTheBindingKeepsIt(order: [Int]) {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let specs = (0..<3).map { index in ViewModelSpec { ProbeViewModel("\(index)", log: log) } }
      let binding = ViewModelBinding(label: "Screen")
      let held = specs.map { binding.watch($0) }
      var released: Set<Int> = []
      for index in order {
        binding.unbind(held[index])
        released.insert(index)
        for other in 0..<3 {
          #expect(held[other].isDisposed == released.contains(other))
          if !released.contains(other) { #expect(binding.read(specs[other]) === held[other]) }
        }
      }
      #expect(log.events(startingWith: "dispose").count == 3)
      #expect(log.events(startingWith: "unbind").count == 3)
      #expect(reporter.errors.isEmpty)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A binding's disposal lets go of everything, newest first — also when what it holds is only
  /// in its inline entry, or only after it (its inline entry was let go of before).
  @Test func aBindingLetsGoOfWhatItHoldsWhateverItsInlineEntryHolds() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let a = ViewModelSpec { ProbeViewModel("a", log: log) }
      let b = ViewModelSpec { ProbeViewModel("b", log: log) }
      // Only the inline entry.
      let one = ViewModelBinding()
      let onlyA = one.watch(a)
      one.dispose()
      #expect(onlyA.isDisposed)
      // The inline entry empty, one instance after it.
      let two = ViewModelBinding()
      let first = two.watch(a)
      let second = two.watch(b)
      two.unbind(first)
      #expect(first.isDisposed && !second.isDisposed)
      two.dispose()
      #expect(second.isDisposed)
      #expect(log.events(startingWith: "dispose") == ["dispose a", "dispose a", "dispose b"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A binding dropped without `dispose()`, holding one instance or several, lets go of them
  /// before it is freed: the instances list it without counting it.
  @Test(arguments: [1, 3])
  func aDroppedBindingLetsGoBeforeItIsFreed(count: Int) {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let shared = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
      let keeper = ViewModelBinding(label: "Keeper")
      let instance = keeper.watch(shared)
      weak var dropped: ViewModelBinding?
      do {
        let binding = ViewModelBinding(label: "Dropped")
        dropped = binding
        _ = binding.watch(shared)
        for index in 1..<count {
          _ = binding.watch(ViewModelSpec { ProbeViewModel("private \(index)", log: log) })
        }
      }
      #expect(dropped == nil)
      #expect(registry.liveInstanceCount == 1)
      // The keeper is the only holder left: a change refreshes it alone, and its release
      // disposes the instance.
      var refreshed = 0
      let watcher = ViewModelBinding { refreshed += 1 }
      _ = watcher.watch(shared)
      instance.set(1)
      #expect(refreshed == 1)
      watcher.dispose()
      keeper.dispose()
      #expect(instance.isDisposed)
      #expect(log.events(startingWith: "dispose").count == count)
    }
  }

  /// On resume, held-back changes are told to Observation instance by instance; a callback that
  /// disposes another held instance meanwhile finds it disposed, never freed.
  @Test func aCallbackOnResumeThatDisposesAnotherHeldInstanceIsSafe() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let first = ViewModelSpec(key: "first") { ProbeViewModel("first", log: log) }
      let second = ViewModelSpec(key: "second") { ProbeViewModel("second", log: log) }
      let visibility = BasePauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(visibility)
      let a = binding.watch(first)
      // Kept weakly: once disposed, nothing but the registry's own bookkeeping could keep it.
      let b = WeakTarget(binding.watch(second))
      // Both are observed (a SwiftUI body read them), and a's callback disposes b.
      let fired = Box(0)
      withObservationTracking {
        a.accessForObservation()
        b.viewModel?.accessForObservation()
      } onChange: {
        MainActor.assumeIsolated {
          fired.value += 1
          if let target = b.viewModel { registry.dispose(target) }
        }
      }
      visibility.pause()
      a.set(1)
      b.viewModel?.set(1)
      visibility.resume()
      #expect(fired.value == 1)
      #expect(b.viewModel == nil)
      #expect(log.events(startingWith: "dispose") == ["dispose second"])
      #expect(binding.read(first) === a)
      binding.dispose()
    }
  }

  /// A view model's binding names its owner without counting it, and can outlive it: a
  /// dependency disposed first in a change queues the owner's binding for a refresh, and the
  /// owner, disposed next in the same change, can be freed before the change ends. Its disposal
  /// makes its binding forget it, so the refresh at the end of the change never reads it (the
  /// address sanitizer run in CI turns such a read into a failure). Nothing outside the
  /// registry keeps either instance.
  @Test func aRefreshQueuedForADisposedOwnersBindingDoesNotReadTheOwner() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let dependencySpec = ViewModelSpec(key: "dependency") {
        ProbeViewModel("dependency", log: log)
      }
      let ownerSpec = ViewModelSpec(key: "owner") {
        FollowerProbe("owner", log: log, following: dependencySpec)
      }
      let trigger = ViewModelBinding(label: "Trigger").watch(
        ViewModelSpec(key: "trigger", aliveForever: true) { ProbeViewModel("trigger", log: log) })
      let root = ViewModelBinding(label: "Root")
      _ = root.read(ownerSpec)
      weak let owner = registry.liveViewModels().first { ($0 as? ProbeViewModel)?.name == "owner" }
      #expect(owner != nil)
      // A listener runs inside the trigger's change: both disposals are part of it, and the
      // owner's binding refreshes (or not) when it ends.
      let stop = trigger.listen {
        for name in ["dependency", "owner"] {
          if let found = registry.liveViewModels().first(where: {
            ($0 as? ProbeViewModel)?.name == name
          }) {
            registry.dispose(found)
          }
        }
      }
      trigger.notifyListeners()
      stop()
      #expect(owner == nil)
      #expect(log.events(startingWith: "dispose") == ["dispose dependency", "dispose owner"])
      #expect(!log.events.contains("notified owner"))
      #expect(reporter.errors.isEmpty)
      root.dispose()
    }
  }
}

/// A view model kept without a count, shared with a callback.
@MainActor
private final class WeakTarget {
  weak var viewModel: ProbeViewModel?

  init(_ viewModel: ProbeViewModel) {
    self.viewModel = viewModel
  }
}
