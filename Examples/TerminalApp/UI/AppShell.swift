import Registry

/// The app's screens and navigation, arranged the way a SwiftUI app is: a tab view with an
/// Items tab (a navigation stack: list, then a pushed detail) and a Counter tab.
///
/// Every screen is a ``ViewModelHost``. Hidden screens `disappear()` and keep their view
/// models; a popped screen is released and its view model disposed; list rows are hosts keyed
/// by item id.
@MainActor
final class AppShell {
  enum Tab: String {
    case items = "Items"
    case counter = "Counter"
  }

  let registry: ViewModelRegistry
  let journal = Journal()
  let itemsHost: ViewModelHost<ItemsViewModel>
  let counterHost: ViewModelHost<CounterViewModel>
  /// One host per row, by item id, like the rows of a `ForEach` keyed by id.
  var rowHosts: [Int: ViewModelHost<ItemViewModel>] = [:]
  /// The pushed detail screen, if any.
  var detailHost: ViewModelHost<ItemDetailViewModel>?
  var tab = Tab.items
  private var frameNumber = 0
  private let clearsScreen: Bool

  init(registry: ViewModelRegistry, clearsScreen: Bool) {
    self.registry = registry
    self.clearsScreen = clearsScreen
    registry.addLifecycle(journal.makeLogger())
    let journal = journal
    itemsHost = ViewModelHost(itemsSpec, registry: registry, label: "ItemsScreen") {
      journal.requestRedraw("ItemsScreen")
    }
    counterHost = ViewModelHost(counterSpec, registry: registry, label: "CounterScreen") {
      journal.requestRedraw("CounterScreen")
    }
  }

  /// Shows the first screen.
  func start() {
    updateVisibility()
    drawFrame(trigger: "launch")
  }

  /// Handles one key; returns `false` when the app should quit.
  func handle(_ token: String) -> Bool {
    print("> \(token)")
    guard let key = Key(token: token) else {
      note("unknown key '\(token)'; h lists the keys")
      return true
    }
    let message = perform(key)
    if let message { note(message) }
    if key == .quit { return false }
    if journal.needsRedraw {
      drawFrame(trigger: "key \(key.rawValue)")
    } else if !printEvents(), message == nil {
      note("nothing changed, nothing to redraw")
    }
    return true
  }

  /// Releases every screen and reports what is left alive; returns whether nothing is.
  func quit(reason: String) -> Bool {
    print("--- quit (\(reason)): releasing every screen ---")
    detailHost?.release()
    detailHost = nil
    for id in rowHosts.keys.sorted() { rowHosts[id]?.release() }
    rowHosts.removeAll()
    itemsHost.release()
    counterHost.release()
    printEvents()
    let snapshot = registry.snapshot()
    let kept = snapshot.instances.filter(\.aliveForever).map(\.name)
    guard snapshot.releasable.isEmpty else {
      print(snapshot)
      print("TerminalApp finished: \(snapshot.releasable.count) alive")
      return false
    }
    let excepted = kept.isEmpty ? "" : " (aliveForever excepted: \(kept.joined(separator: ", ")))"
    print("TerminalApp finished: 0 alive\(excepted)")
    return true
  }

  // MARK: Keys

  /// Does what `key` means on the current screen; returns why it did nothing, if it did not.
  private func perform(_ key: Key) -> String? {
    switch key {
    case .tab:
      tab = tab == .items ? .counter : .items
      journal.requestRedraw("tab")
      updateVisibility()
    case .new:
      if tab == .counter {
        counterHost.viewModel?.increment()
      } else if let detail = detailHost?.viewModel {
        detail.like()
      } else {
        itemsHost.viewModel?.add()
      }
    case .down, .up:
      guard let items = listOnScreen else { return "j and k move the selection in the list" }
      items.moveSelection(by: key == .down ? 1 : -1)
    case .open:
      guard let items = listOnScreen else { return "o opens an item from the list" }
      guard let id = items.selectedID else { return "nothing to open: the list is empty" }
      push(id)
    case .back:
      guard tab == .items, detailHost != nil else { return "nothing to go back from" }
      pop()
    case .delete:
      guard let items = listOnScreen else { return "d deletes an item from the list" }
      guard items.selectedID != nil else { return "nothing to delete: the list is empty" }
      items.deleteSelected()
    case .help:
      return Key.helpText
    case .quit:
      break
    }
    return nil
  }

  /// The list, when it is the screen on top.
  private var listOnScreen: ItemsViewModel? {
    tab == .items && detailHost == nil ? itemsHost.viewModel : nil
  }

  /// Pushes the detail screen: a new host resolving the detail spec for `id`.
  private func push(_ id: Int) {
    let journal = journal
    let host = ViewModelHost<ItemDetailViewModel>(registry: registry, label: "DetailScreen") {
      journal.requestRedraw("DetailScreen")
    }
    host.resolve(detailSpec(id))
    detailHost = host
    journal.requestRedraw("push")
    updateVisibility()
  }

  /// Pops the detail screen: its host is released, so its view model is disposed.
  private func pop() {
    detailHost?.release()
    detailHost = nil
    journal.requestRedraw("pop")
    updateVisibility()
  }

  /// Makes the screen on top appear and every other one disappear (paused, not released).
  private func updateVisibility() {
    let listVisible = tab == .items && detailHost == nil
    setVisible(itemsHost, listVisible)
    for id in rowHosts.keys.sorted() {
      if let row = rowHosts[id] { setVisible(row, listVisible) }
    }
    if let detailHost { setVisible(detailHost, tab == .items) }
    setVisible(counterHost, tab == .counter)
  }

  private func setVisible<VM>(_ host: ViewModelHost<VM>, _ visible: Bool) {
    if visible {
      host.appear()
    } else {
      host.disappear()
    }
  }

  // MARK: Output

  private func note(_ text: String) {
    print("  (\(text))")
  }

  /// Prints the lifecycle log since the last frame; returns whether there was any.
  @discardableResult
  private func printEvents() -> Bool {
    let events = journal.takeEvents()
    for event in events { print("  \(event)") }
    return !events.isEmpty
  }

  /// Draws one frame: what asked for it, the screen, the lifecycle log since the last frame,
  /// what is alive and the keys.
  private func drawFrame(trigger: String) {
    frameNumber += 1
    // Rendering resolves the row hosts, which may build or release view models: render first,
    // then collect the log.
    let body = renderScreen()
    let reasons = journal.takeRedraws()
    var lines = [
      "--- frame \(frameNumber) | \(trigger) | redraw: "
        + (reasons.isEmpty ? "first draw" : reasons.joined(separator: ", ")) + " ---"
    ]
    lines += body
    lines += journal.takeEvents().map { "  \($0)" }
    lines.append(statusLine())
    lines.append(keysLine())
    if clearsScreen { Terminal.clearScreen() }
    print(lines.joined(separator: "\n"))
  }

  private func statusLine() -> String {
    let names = registry.snapshot().instances.map(\.name)
    return "alive: \(registry.liveInstanceCount) [\(names.joined(separator: ", "))]"
  }

  private func keysLine() -> String {
    switch (tab, detailHost) {
    case (.counter, _): "keys: t tab | n increment | h help | q quit"
    case (.items, .some): "keys: t tab | n like | b back | h help | q quit"
    case (.items, .none):
      "keys: t tab | n new item | j k select | o open | d delete | h help | q quit"
    }
  }
}
