import Registry
import SwiftUI

/// Registries for previews: each preview resolves in one of its own, whose context is
/// `.preview`, so the store interface builds its sample `previewValue` and nothing live is ever
/// built; no preview touches the app's registry.
public enum NotesPreviews {
  /// A preview registry, with `notes` in its store when given.
  ///
  /// - Parameter notes: The notes to show instead of the samples.
  /// - Returns: A registry for one preview.
  @MainActor
  public static func registry(notes: [Note]? = nil) -> ViewModelRegistry {
    let registry = ViewModelRegistry(name: "preview", context: .preview)
    if let notes {
      // Provided for this registry alone: it takes the place of the preview value.
      registry.provide(notesStoreSpec) {
        SampleNotesStore(notes: notes, location: "sample notes (preview)")
      }
    }
    return registry
  }
}

struct NotesListView_Previews: PreviewProvider {
  static var previews: some View {
    NotesListView().viewModelRegistry(NotesPreviews.registry())
  }
}

struct EmptyNotesListView_Previews: PreviewProvider {
  static var previews: some View {
    NotesListView().viewModelRegistry(NotesPreviews.registry(notes: []))
  }
}

struct NoteDetailView_Previews: PreviewProvider {
  static var previews: some View {
    NoteDetailView(id: 2).viewModelRegistry(NotesPreviews.registry())
  }
}
