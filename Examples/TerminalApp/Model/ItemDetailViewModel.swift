import Registry

/// The detail screen pushed for one item. It lives exactly as long as the pushed screen: the
/// pop releases its host and disposes it, while the item itself stays with its row.
final class ItemDetailViewModel: ViewModel {
  let id: Int
  // Resolved in onCreate, before any host can see the instance.
  private var item: ItemViewModel!

  init(id: Int) {
    self.id = id
  }

  override func onCreate(_ arg: InstanceArg) {
    // Watched: a like refreshes this screen through the detail view model.
    item = viewModelBinding.watch(itemSpec(id))
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
