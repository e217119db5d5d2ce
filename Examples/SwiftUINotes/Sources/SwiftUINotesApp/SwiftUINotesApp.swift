import Registry
import SwiftUI
import SwiftUINotes

/// The app: one window showing the notes list, resolving in the app's own registry, where the
/// composition root provided the live store.
@main
struct SwiftUINotesApp: App {
  private let registry = ViewModelRegistry(name: "SwiftUINotes")

  init() {
    do {
      try NotesComposition.provideLive(in: registry)
    } catch {
      // A provider missing from the composition root is a mistake in this file: say so now.
      assertionFailure("\(error)")
    }
  }

  var body: some Scene {
    WindowGroup {
      NotesListView().viewModelRegistry(registry)
    }
  }
}
