/// The live registry as a graph: bindings and instances as nodes; "holds" and "depends on" as
/// edges. Render it with Graphviz (`dot -Tsvg`) or paste the Mermaid text into a Markdown file.
///
/// Host bindings are boxes, instances rounded (a service's label says so); `aliveForever`
/// instances have a double border,
/// paused bindings are dashed, and a binding that only reads (does not watch) draws a dashed
/// edge. An instance's dependencies hang off it directly, through its own binding.
///
/// ```swift
/// try registry.snapshot().dot.write(toFile: "registry.dot", atomically: true, encoding: .utf8)
/// ```
extension RegistrySnapshot {
  /// The graph in Graphviz DOT.
  public var dot: String {
    var lines = [
      "digraph \"\(escape(registryName))\" {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];",
    ]
    for binding in hostBindings {
      let style = binding.isPaused ? "dashed" : "solid"
      let label = dotLabel([binding.label] + (binding.isPaused ? ["(paused)"] : []))
      lines.append(
        "  \"b:\(escape(binding.bindingId))\" [shape=box, style=\(style), label=\"\(label)\"];")
    }
    for instance in instances {
      let shape = instance.aliveForever ? "doubleoctagon" : "box"
      var label = [instance.name]
      if instance.isService { label.append("service") }
      if instance.aliveForever { label.append("aliveForever") }
      if instance.isAwaitingDisposal { label.append("awaiting disposal") }
      lines.append(
        "  \"i:\(instance.id)\" [shape=\(shape), style=rounded, label=\"\(dotLabel(label))\"];")
    }
    for edge in edges {
      let style = edge.isWatching ? "solid" : "dashed"
      lines.append("  \"\(edge.from)\" -> \"\(edge.to)\" [style=\(style)];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph as a Mermaid flowchart.
  public var mermaid: String {
    var lines = ["flowchart LR"]
    for binding in hostBindings {
      let id = mermaidID(binding.bindingId)
      let label = binding.isPaused ? "\(binding.label) (paused)" : binding.label
      lines.append("  \(id)[\"\(mermaidEscape(label))\"]")
      if binding.isPaused { lines.append("  style \(id) stroke-dasharray: 5 5") }
    }
    for instance in instances {
      var label = instance.name
      if instance.isService { label += " · service" }
      if instance.aliveForever { label += " · aliveForever" }
      if instance.isAwaitingDisposal { label += " · awaiting disposal" }
      let node =
        instance.aliveForever ? "[[\"\(mermaidEscape(label))\"]]" : "(\"\(mermaidEscape(label))\")"
      lines.append("  i\(instance.id)\(node)")
    }
    for edge in edges {
      let arrow = edge.isWatching ? "-->" : "-.->"
      lines.append("  \(edge.mermaidFrom) \(arrow) \(edge.mermaidTo)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private struct Edge {
    let from: String
    let to: String
    let mermaidFrom: String
    let mermaidTo: String
    let isWatching: Bool
  }

  /// Host bindings (not owned by a view model), once each, in order of first appearance.
  private var hostBindings: [HolderSnapshot] {
    var seen: Set<String> = []
    var result: [HolderSnapshot] = []
    for instance in instances {
      for holder in instance.holders where holder.ownerInstanceID == nil {
        if seen.insert(holder.bindingId).inserted { result.append(holder) }
      }
    }
    return result
  }

  private var edges: [Edge] {
    instances.flatMap { instance in
      instance.holders.map { holder in
        if let owner = holder.ownerInstanceID {
          return Edge(
            from: "i:\(owner)", to: "i:\(instance.id)", mermaidFrom: "i\(owner)",
            mermaidTo: "i\(instance.id)", isWatching: holder.isWatching)
        }
        return Edge(
          from: "b:\(escape(holder.bindingId))", to: "i:\(instance.id)",
          mermaidFrom: mermaidID(holder.bindingId), mermaidTo: "i\(instance.id)",
          isWatching: holder.isWatching)
      }
    }
  }

  /// Escaped lines joined by DOT's line break, `\n`.
  private func dotLabel(_ lines: [String]) -> String {
    lines.map(escape).joined(separator: "\\n")
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }

  /// A label's text as Mermaid shows it literally: Mermaid reads `#name;` as an entity code and
  /// renders HTML tags, so `#` goes first (a key `#quot;` stays that text), then `"`, `<`, `>`.
  private func mermaidEscape(_ text: String) -> String {
    text.replacingOccurrences(of: "#", with: "#35;")
      .replacingOccurrences(of: "\"", with: "#quot;")
      .replacingOccurrences(of: "<", with: "#lt;")
      .replacingOccurrences(of: ">", with: "#gt;")
  }

  private func mermaidID(_ bindingId: String) -> String {
    "b_" + String(bindingId.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}
