import Registry

/// The detail screen pushed for one item. It lives exactly as long as the pushed screen: the
/// pop releases its host and disposes it, while the item itself stays with its row.
final class ItemDetailViewModel: ViewModel {
  let id: Int
  // Watched: a like refreshes this screen through the detail view model. Its spec depends on
  // the id, so the wrapper is made in the initializer.
  @Watch private var item: ItemViewModel

  init(id: Int) {
    self.id = id
    _item = Watch(itemSpec(id))
  }

  var title: String { item.state.title }
  var likes: Int { item.state.likes }

  func like() {
    item.like()
  }
}

/// One detail view model per item id.
let detailSpec = ViewModelSpecWithArg<ItemDetailViewModel, Int>(
  builder: { ItemDetailViewModel(id: $0) })
