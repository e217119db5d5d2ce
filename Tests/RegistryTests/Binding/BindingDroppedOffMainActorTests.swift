import Registry
import Testing

/// `ViewModelBinding`: "When the binding is disposed — or simply dropped — it lets go of
/// everything". A binding is a main-actor object, but its last reference can go away anywhere: in
/// a task, a closure run on another thread, a value captured by a detached task. Its `deinit`
/// then runs there, and hands the release to the main actor. These tests drop bindings off the
/// main actor and check, from the main actor, that everything they held was let go of exactly
/// as `dispose()` would. CI runs them under the thread sanitizer (`.ci/run tsan`).
@MainActor
@Suite struct BindingDroppedOffMainActorTests {
  @Test func aBindingDroppedInADetachedTaskReleasesWhatItHeld() async {
    let registry = ViewModelRegistry(name: "dropped-off-main")
    defer { registry.disposeAll() }
    let log = EventLog()
    let survivor = ViewModelBinding(registry: registry)
    let sharedSpec = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
    let onlyDropped = ViewModelSpec(key: "only") { ProbeViewModel("only", log: log) }
    let privateSpec = ViewModelSpec { ProbeViewModel("private", log: log) }

    let dropped = DroppedBindings([ViewModelBinding(registry: registry)])
    weak let weakBinding = dropped.bindings[0]
    let shared = dropped.bindings[0].watch(sharedSpec)
    let only = dropped.bindings[0].read(onlyDropped)
    let privateInstance = dropped.bindings[0].watch(privateSpec)
    #expect(survivor.watch(sharedSpec) === shared)
    #expect(registry.liveInstanceCount == 3)
    #expect(weakBinding != nil)
    let idOfDropped = dropped.bindings[0].id

    // The task holds the only reference left, and lets go of it off the main actor.
    await Task.detached { dropped.dropAll() }.value
    await eventually { only.isDisposed && privateInstance.isDisposed }

    #expect(weakBinding == nil)
    #expect(only.isDisposed)
    #expect(privateInstance.isDisposed)
    // Still held by the other binding, which now holds it alone.
    #expect(!shared.isDisposed)
    #expect(registry.liveInstanceCount == 1)
    #expect(
      log.events(startingWith: "onDispose").sorted() == ["onDispose only", "onDispose private"])
    #expect(log.events(startingWith: "unbind shared") == ["unbind shared \(idOfDropped)"])

    survivor.dispose()
    #expect(shared.isDisposed)
    #expect(log.events(startingWith: "onDispose shared") == ["onDispose shared"])
    #expect(registry.liveInstanceCount == 0)
  }

  @Test func manyBindingsDroppedOnSeveralThreadsAtOnceReleaseEverythingOnce() async {
    let registry = ViewModelRegistry(name: "dropped-off-main-many")
    defer { registry.disposeAll() }
    let log = EventLog()
    let sharedSpec = ViewModelSpec(key: "shared") { ProbeViewModel("shared", log: log) }
    var sharedInstance: ProbeViewModel?
    let groups = (0..<4).map { group in
      DroppedBindings(
        (0..<25).map { index in
          let binding = ViewModelBinding(registry: registry, label: "b\(group)-\(index)")
          sharedInstance = binding.watch(sharedSpec)
          _ = binding.watch(
            ViewModelSpec(key: "own-\(group)-\(index)") {
              ProbeViewModel("own-\(group)-\(index)", log: log)
            })
          return binding
        })
    }
    #expect(registry.liveInstanceCount == 101)

    await withTaskGroup(of: Void.self) { tasks in
      for group in groups { tasks.addTask { group.dropAll() } }
    }
    await eventually { registry.liveInstanceCount == 0 }

    #expect(registry.liveInstanceCount == 0)
    #expect(sharedInstance?.isDisposed == true)
    // Each instance disposed exactly once, the shared one included.
    let disposals = log.events(startingWith: "onDispose ")
    #expect(disposals.count == 101)
    #expect(Set(disposals).count == 101)
    #expect(disposals.filter { $0 == "onDispose shared" }.count == 1)
  }
}

/// Bindings whose last references a task lets go of. Sendable by hand: the main actor makes
/// them, gives up its own references, and only the task that calls `dropAll()` touches the
/// array after that.
private final class DroppedBindings: @unchecked Sendable {
  private(set) var bindings: [ViewModelBinding]

  init(_ bindings: [ViewModelBinding]) {
    self.bindings = bindings
  }

  func dropAll() {
    bindings.removeAll()
  }
}
