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

// Getting started, Specs and keys, Lifetimes, Injecting view models into view models.
final class SettingsViewModel: ViewModel {}
final class DraftViewModel: ViewModel {}
final class FeedViewModel: ViewModel {}

final class NoteViewModel: ViewModel {
  init(id: Int) {}
}

let noteSpec = ViewModelSpecWithArg<NoteViewModel, Int>(builder: { NoteViewModel(id: $0) })
let settingsSpec = ViewModelSpec(key: "settings") { SettingsViewModel() }

final class RowViewModel: ViewModel {
  init(id: Int) {}
}

extension UserViewModel {
  convenience init(id: String) { self.init(name: id) }
}

struct NotesList: Equatable {}
struct Session: Equatable {}

class SessionViewModel: StateViewModel<Session> {
  init() { super.init(state: Session()) }
}

let sessionSpec = ViewModelSpec(key: "session") { SessionViewModel() }

/// The bindings statement examples use.
extension SnippetContext {
  var binding: ViewModelBinding { viewModelBinding }
  var firstBinding: ViewModelBinding { ViewModelBinding(label: "First") }
  var secondBinding: ViewModelBinding { ViewModelBinding(label: "Second") }
}
