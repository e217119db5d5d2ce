import Registry
import Testing

@MainActor
@Suite struct RegistrySnapshotTests {
  @Test func snapshotInTheMiddleOfADiamond() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let d = nodeSpec("d", log)
      let b = nodeSpec("b", log, d)
      let c = nodeSpec("c", log, d)
      let a = nodeSpec("a", log, b, c)
      let line = #line + 1
      let host = ViewModelBinding(label: "Screen")
      _ = host.watch(a)
      let snapshot = registry.snapshot()
      #expect(
        snapshot.instances.map(\.name) == [
          "NodeViewModel(key: \"a\")", "NodeViewModel(key: \"b\")", "NodeViewModel(key: \"d\")",
          "NodeViewModel(key: \"c\")",
        ])
      let dSnapshot = try #require(snapshot.instances.first { $0.key == "\"d\"" })
      #expect(
        dSnapshot.holders.map(\.label) == [
          "NodeViewModel(key: \"b\").viewModelBinding",
          "NodeViewModel(key: \"c\").viewModelBinding",
        ])
      let aSnapshot = try #require(snapshot.instances.first)
      #expect(
        aSnapshot.holders.map(\.label) == [
          "\(host.id) (created at RegistryTests/RegistrySnapshotTests.swift:\(line))"
        ])
      #expect(aSnapshot.holders.first?.isWatching == true)
      #expect(dSnapshot.dependents.count == 2)
      #expect(
        Set(dSnapshot.dependents)
          == Set(snapshot.instances.filter { ["\"b\"", "\"c\""].contains($0.key) }.map(\.id)))
    }
  }

  @Test func snapshotAfterAPartialRelease() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let d = nodeSpec("d", log)
      let b = nodeSpec("b", log, d)
      let c = nodeSpec("c", log, d)
      let left = ViewModelBinding(label: "Left")
      let right = ViewModelBinding(label: "Right")
      _ = left.watch(b)
      _ = right.read(c)
      left.dispose()
      let snapshot = registry.snapshot()
      #expect(
        snapshot.instances.map(\.name) == [
          "NodeViewModel(key: \"d\")", "NodeViewModel(key: \"c\")",
        ])
      let dSnapshot = try #require(snapshot.instances.first)
      #expect(dSnapshot.holders.map(\.label) == ["NodeViewModel(key: \"c\").viewModelBinding"])
      let cSnapshot = try #require(snapshot.instances.last)
      #expect(cSnapshot.holders.first?.isWatching == false)
      #expect(snapshot.releasable.count == 2)
    }
  }

  @Test func descriptionListsEachInstance() {
    withTestRegistry { registry, _ in
      #expect(registry.snapshot().description == "Registry \"test\": nothing alive.")
      let binding = ViewModelBinding(label: "S")
      _ = binding.watch(
        ViewModelSpec(key: "k", aliveForever: true) { ProbeViewModel("k", log: EventLog()) })
      let text = registry.snapshot().description
      #expect(
        text.hasPrefix(
          "Registry \"test\": 1 alive.\n  ProbeViewModel(key: \"k\")  aliveForever  holders: 1  [\(binding.id) (created at "
        ))
    }
  }
}
