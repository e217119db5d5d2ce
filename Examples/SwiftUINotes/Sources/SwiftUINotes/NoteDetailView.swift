import Registry
import SwiftUI

/// A pushed note: its title, text and word count, and a sheet to edit it.
struct NoteDetailView: View {
  @WatchViewModel private var note: NoteViewModel
  @WatchViewModel private var detail: NoteDetailViewModel
  @State private var isEditing = false

  init(id: Note.ID) {
    _note = WatchViewModel(noteSpec(id))
    _detail = WatchViewModel(noteDetailSpec(id))
  }

  var body: some View {
    VStack {
      Text(note.title)
      Text(note.text)
      Text(detail.summary)
      Button("Edit") { isEditing = true }
        .sheet(isPresented: $isEditing) {
          NoteEditorView(target: .note(note.id))
        }
    }
  }
}
