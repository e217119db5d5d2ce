import Registry

struct ItemState: Equatable {
  var title: String
  var likes: Int
}

/// One item's data, shared by its row and its detail screen.
final class ItemViewModel: StateViewModel<ItemState> {
  let id: Int

  init(id: Int) {
    self.id = id
    super.init(state: ItemState(title: "Item \(id)", likes: 0))
  }

  func like() {
    setState(ItemState(title: state.title, likes: state.likes + 1))
  }
}

/// One instance per item id: the `Int` argument is the key.
let itemSpec = ViewModelSpecWithArg<ItemViewModel, Int>(builder: { ItemViewModel(id: $0) })
