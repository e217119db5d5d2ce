import Registry

/// The Items tab's list: which item ids exist and which row is selected.
struct ItemsState: Equatable {
  var ids: [Int]
  var selection: Int
  var nextID: Int
}

/// The list of items. It knows only ids; each row's data lives in its own ``ItemViewModel``.
final class ItemsViewModel: StateViewModel<ItemsState> {
  init() {
    super.init(state: ItemsState(ids: [1, 2], selection: 0, nextID: 3))
  }

  var selectedID: Int? {
    state.ids.indices.contains(state.selection) ? state.ids[state.selection] : nil
  }

  /// Appends an item and selects it.
  func add() {
    var next = state
    next.ids.append(next.nextID)
    next.nextID += 1
    next.selection = next.ids.count - 1
    setState(next)
  }

  /// Removes the selected item; its row goes away, and with it the row's view model.
  func deleteSelected() {
    guard let id = selectedID else { return }
    var next = state
    next.ids.removeAll { $0 == id }
    next.selection = min(next.selection, max(next.ids.count - 1, 0))
    setState(next)
  }

  /// Moves the selection by `offset`, staying inside the list.
  func moveSelection(by offset: Int) {
    guard !state.ids.isEmpty else { return }
    var next = state
    next.selection = min(max(next.selection + offset, 0), next.ids.count - 1)
    setState(next)
  }
}

let itemsSpec = ViewModelSpec(key: "items") { ItemsViewModel() }
