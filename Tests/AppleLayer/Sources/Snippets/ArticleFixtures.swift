import Registry

// What the articles' examples refer to (Scripts/extract-snippets.py lists the articles), declared
// once so each example compiles as it is written. A type an example declares itself is declared
// here again, with the same members, for the examples that follow it in the article.

// StateAndEvents.md
struct Checkout: Equatable {
  var items = 3
  var isPaying = false
}

enum CheckoutNotice {
  case paid(total: Int)
  case declined(reason: String)
}

final class CheckoutViewModel: StateViewModel<Checkout> {
  let notices = EventChannel<CheckoutNotice>()
  init() { super.init(state: Checkout()) }
  func pay() { notices.emit(.paid(total: 42)) }
}

let checkoutSpec = ViewModelSpec(key: "checkout") { CheckoutViewModel() }

/// A host's redraw, and a toast.
@MainActor func render() {}
@MainActor func showToast(_ text: String) {}
