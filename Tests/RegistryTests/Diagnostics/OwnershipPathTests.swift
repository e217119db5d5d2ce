import Registry
import Testing

@MainActor
@Suite struct OwnershipPathTests {
  @Test func oneChainPerRoot() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let d = nodeSpec("d", log)
      let b = nodeSpec("b", log, d)
      let c = nodeSpec("c", log, aliveForever: true, d)
      let host = ViewModelBinding(label: "Screen")
      let other = ViewModelBinding(label: "Other")
      let bModel = host.watch(b)
      _ = other.watch(c)
      let dModel = bModel.resolved[0]
      let paths = registry.ownershipPaths(of: dModel).map(\.description)
      let hostLabel = registry.snapshot().instances.first { $0.key == "\"b\"" }!.holders[0].label
      let otherLabel = registry.snapshot().instances.first { $0.key == "\"c\"" }!.holders[0].label
      #expect(
        paths == [
          "NodeViewModel(key: \"d\") ← NodeViewModel(key: \"b\").viewModelBinding ← NodeViewModel(key: \"b\") ← \(hostLabel)",
          "NodeViewModel(key: \"d\") ← NodeViewModel(key: \"c\").viewModelBinding ← NodeViewModel(key: \"c\") ← aliveForever",
          "NodeViewModel(key: \"d\") ← NodeViewModel(key: \"c\").viewModelBinding ← NodeViewModel(key: \"c\") ← \(otherLabel)",
        ])
      #expect(hostLabel.hasPrefix("Screen#"))
    }
  }

  /// RegistrySnapshot: "An instance is in it once it is registered"; a snapshot taken while a
  /// dependent is still in its `onCreate` (here, when its dependency is bound) leaves the
  /// dependent out, shows the dependency held by the dependent's binding, and the dependency's
  /// path ends there. Once the build is over, the path reaches the host.
  @Test func aSnapshotTakenWhileADependentIsInItsOnCreateLeavesItOut() throws {
    final class SnapshotWhenBound: ViewModelLifecycle {
      let registry: ViewModelRegistry
      var taken: (snapshot: RegistrySnapshot, dependencyID: UInt64)?
      init(_ registry: ViewModelRegistry) { self.registry = registry }
      func onBind(_ event: LifecycleEvent) {
        if event.key == "\"d\"" { taken = (registry.snapshot(), event.instanceID) }
      }
    }
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let observer = SnapshotWhenBound(registry)
      let remove = registry.addLifecycle(observer)
      defer { remove() }
      let host = ViewModelBinding(label: "Screen")
      _ = host.watch(nodeSpec("b", log, nodeSpec("d", log)))
      let (snapshot, dependencyID) = try #require(observer.taken)
      #expect(snapshot.instances.map(\.key) == ["\"d\""], "b is still in its onCreate")
      let dependency = try #require(snapshot.instance(id: dependencyID))
      #expect(dependency.holders.map(\.label) == ["NodeViewModel(key: \"b\").viewModelBinding"])
      #expect(
        snapshot.ownershipPaths(of: dependencyID).map(\.description) == [
          "NodeViewModel(key: \"d\") ← NodeViewModel(key: \"b\").viewModelBinding"
        ])
      let after = registry.snapshot()
      #expect(after.instances.count == 2)
      let paths = after.ownershipPaths(of: dependencyID).map(\.description)
      #expect(paths.count == 1)
      #expect(
        paths.first?.hasSuffix(
          "← NodeViewModel(key: \"b\") ← \(after.instances[0].holders[0].label)") == true)
      host.dispose()
    }
  }

  /// "Empty for an instance this registry does not hold": an instance of another registry,
  /// whose build number this registry's own instance happens to have, has no path here.
  @Test func anotherRegistrysInstanceHasNoPathHere() {
    let first = ViewModelRegistry(name: "first")
    let second = ViewModelRegistry(name: "second")
    let log = EventLog()
    let inFirst = ViewModelBinding(registry: first, label: "InFirst")
    let inSecond = ViewModelBinding(registry: second, label: "InSecond")
    let mine = inFirst.watch(ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) })
    let theirs = inSecond.watch(ViewModelSpec(key: "b") { ProbeViewModel("b", log: log) })
    #expect(first.ownershipPaths(of: mine).count == 1)
    #expect(first.ownershipPaths(of: theirs).isEmpty)
    #expect(second.ownershipPaths(of: mine).isEmpty)
    #expect(
      second.ownershipPaths(of: theirs).map(\.description).first?.hasPrefix(
        "ProbeViewModel(key: \"b\")") == true)
    inFirst.dispose()
    inSecond.dispose()
  }

  @Test func unknownInstanceHasNoPath() {
    withTestRegistry { registry, _ in
      #expect(registry.ownershipPaths(of: ProbeViewModel("loose", log: EventLog())).isEmpty)
    }
  }
}
