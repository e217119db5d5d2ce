import Registry

extension AppShell {
  /// The text of the screen on top, under a tab bar.
  func renderScreen() -> [String] {
    let tabs = [Tab.items, Tab.counter].map { $0 == tab ? "[\($0.rawValue)]" : $0.rawValue }
    var lines = ["tabs: " + tabs.joined(separator: " ")]
    switch tab {
    case .counter:
      lines.append("Counter: \(counterHost.viewModel?.state ?? 0)")
    case .items:
      if let detail = detailHost?.viewModel {
        lines.append("Items > \(detail.title) (item \(detail.id))")
        lines.append("  likes: \(detail.likes)")
      } else {
        lines += renderList()
      }
    }
    return lines
  }

  /// The list and its rows. Like a `ForEach` keyed by id, each render resolves one row host
  /// per item and releases the hosts of items that are gone.
  private func renderList() -> [String] {
    guard let items = itemsHost.viewModel else { return ["Items: nothing to show"] }
    let state = items.state
    for id in rowHosts.keys.sorted() where !state.ids.contains(id) {
      rowHosts.removeValue(forKey: id)?.release()
    }
    var lines = ["Items (\(state.ids.count))"]
    if state.ids.isEmpty { lines.append("  (empty: n adds an item)") }
    for (index, id) in state.ids.enumerated() {
      guard let row = rowHost(id).resolve(itemSpec(id)) else { continue }
      let marker = index == state.selection ? ">" : " "
      lines.append("\(marker) \(row.state.title)  likes: \(row.state.likes)")
    }
    return lines
  }

  private func rowHost(_ id: Int) -> ViewModelHost<ItemViewModel> {
    if let host = rowHosts[id] { return host }
    let journal = journal
    let host = ViewModelHost<ItemViewModel>(registry: registry, label: "Row(\(id))") {
      journal.requestRedraw("Row(\(id))")
    }
    rowHosts[id] = host
    return host
  }
}
