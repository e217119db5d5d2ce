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

  /// The same marks as the DOT graph: a paused binding is dashed (a style line), a read-only
  /// edge dotted, an `aliveForever` instance double-bordered.
  @Test func mermaidHasTheSameNodesAndEdges() {
    #expect(
      sampleSnapshot().mermaid == """
        flowchart LR
          b_Screen_1["Screen#35;1 (paused)"]
          style b_Screen_1 stroke-dasharray: 5 5
          i1("Feed(key: #quot;feed#quot;)")
          i2[["Session(key: #quot;session#quot;) · aliveForever"]]
          b_Screen_1 --> i1
          i1 -.-> i2

        """)
  }

  /// Mermaid reads `#name;` as an entity code and renders HTML tags in a label: a key or a type
  /// that contains them still shows as written (`<b>` as text, a generic type's `<Int>`, a key
  /// that is itself `#quot;`), and no label carries a raw `<`, `>` or `"`.
  @Test func mermaidLabelsShowKeysAndGenericTypesAsWritten() {
    let snapshot = RegistrySnapshot(
      registryName: "app",
      instances: [
        InstanceSnapshot(
          id: 1, typeName: "Box<Int>", key: "\"<b>bold</b>\"", tag: nil, aliveForever: false,
          holders: [
            HolderSnapshot(
              bindingId: "Screen#1", label: "Screen#1", ownerInstanceID: nil, isWatching: true,
              isPaused: false)
          ]),
        InstanceSnapshot(
          id: 2, typeName: "Leaf", key: "\"#quot;\"", tag: nil, aliveForever: false,
          holders: [
            HolderSnapshot(
              bindingId: "Screen#1", label: "Screen#1", ownerInstanceID: nil, isWatching: true,
              isPaused: false)
          ]),
      ])
    let mermaid = snapshot.mermaid
    #expect(mermaid.contains("i1(\"Box#lt;Int#gt;(key: #quot;#lt;b#gt;bold#lt;/b#gt;#quot;)\")"))
    #expect(mermaid.contains("i2(\"Leaf(key: #quot;#35;quot;#quot;)\")"))
    for line in mermaid.split(separator: "\n") {
      guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""),
        open < close
      else { continue }
      let label = line[line.index(after: open)..<close]
      #expect(!label.contains { "<>\"".contains($0) }, "\(line)")
    }
    // Decoded as Mermaid decodes entity codes, each label reads as the snapshot's name.
    func decoded(_ text: Substring) -> String {
      text.replacingOccurrences(of: "#quot;", with: "\"")
        .replacingOccurrences(of: "#lt;", with: "<")
        .replacingOccurrences(of: "#gt;", with: ">")
        .replacingOccurrences(of: "#35;", with: "#")
    }
    let labels = mermaid.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("i1(") || line.contains("i2(") else { return nil }
      return decoded(line.drop { $0 != "\"" }.dropFirst())
    }
    #expect(labels.contains { $0.hasPrefix("Box<Int>(key: \"<b>bold</b>\")") })
    #expect(labels.contains { $0.hasPrefix("Leaf(key: \"#quot;\")") })
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
