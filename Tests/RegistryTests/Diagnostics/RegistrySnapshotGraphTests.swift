import Registry
import Testing

@MainActor
@Suite struct RegistrySnapshotGraphTests {
  private func sampleSnapshot() -> RegistrySnapshot {
    RegistrySnapshot(
      registryName: "app",
      instances: [
        InstanceSnapshot(
          id: 1, typeName: "Feed", key: "\"feed\"", tag: nil, aliveForever: false,
          holders: [
            HolderSnapshot(
              bindingId: "Screen#1", label: "Screen#1", ownerInstanceID: nil, isWatching: true,
              isPaused: true)
          ]),
        InstanceSnapshot(
          id: 2, typeName: "Session", key: "\"session\"", tag: nil, aliveForever: true,
          holders: [
            HolderSnapshot(
              bindingId: "Feed#2", label: "Feed(key: \"feed\").viewModelBinding",
              ownerInstanceID: 1, isWatching: false, isPaused: false)
          ]),
      ])
  }

  @Test func dotMarksAliveForeverPausedAndReadOnlyEdges() {
    #expect(
      sampleSnapshot().dot == """
        digraph "app" {
          rankdir=LR;
          node [fontname="Helvetica"];
          "b:Screen#1" [shape=box, style=dashed, label="Screen#1\\n(paused)"];
          "i:1" [shape=box, style=rounded, label="Feed(key: \\"feed\\")"];
          "i:2" [shape=doubleoctagon, style=rounded, label="Session(key: \\"session\\")\\naliveForever"];
          "b:Screen#1" -> "i:1" [style=solid];
          "i:1" -> "i:2" [style=dashed];
        }

        """)
  }

  @Test func mermaidHasTheSameNodesAndEdges() {
    #expect(
      sampleSnapshot().mermaid == """
        flowchart LR
          b_Screen_1["Screen#1 (paused)"]
          i1("Feed(key: #quot;feed#quot;)")
          i2[["Session(key: #quot;session#quot;) · aliveForever"]]
          b_Screen_1 --> i1
          i1 -.-> i2

        """)
  }

  @Test func liveRegistryExportsEveryInstance() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let host = ViewModelBinding(label: "Host")
      _ = host.watch(nodeSpec("a", log, nodeSpec("b", log)))
      let dot = registry.snapshot().dot
      #expect(dot.contains("NodeViewModel(key: \\\"a\\\")"))
      #expect(dot.contains("\"i:1\" -> \"i:2\" [style=solid];"))
      #expect(registry.snapshot().mermaid.contains("i1 --> i2"))
    }
  }
}
