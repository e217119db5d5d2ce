import Registry
import SwiftUI

/// The app's first screen: the notes, each row pushing its detail; a sheet for a new note and
/// one for the About screen.
public struct NotesListView: View {
  @WatchViewModel(notesListSpec) private var list
  @State private var path: [Note.ID] = []
  @State private var isAddingNote = false
  @State private var isShowingAbout = false

  /// Creates the list; it resolves in the registry of its environment
  /// (`.viewModelRegistry(_:)`).
  public init() {}

  public var body: some View {
    NavigationStack(path: $path) {
      VStack {
        List {
          ForEach(list.state) { note in
            NoteRow(id: note.id)
          }
        }
        Text(
          "\(list.state.count == 1 ? "1 note" : "\(list.state.count) notes"), kept on \(list.location)"
        )
        HStack {
          Button("New note") { isAddingNote = true }
            .sheet(isPresented: $isAddingNote) {
              NoteEditorView(target: .newNote)
            }
          Button("About") { isShowingAbout = true }
            .sheet(isPresented: $isShowingAbout) {
              AboutScreen()
            }
        }
      }
      .navigationDestination(for: Note.ID.self) { id in
        NoteDetailView(id: id)
      }
    }
  }
}
