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

  @Test func unknownInstanceHasNoPath() {
    withTestRegistry { registry, _ in
      #expect(registry.ownershipPaths(of: ProbeViewModel("loose", log: EventLog())).isEmpty)
    }
  }
}
