import Registry
import SwiftUI

/// The sheet that writes a note: a title, a text, Cancel and Save.
struct NoteEditorView: View {
  @WatchViewModel private var editor: NoteEditorViewModel
  @Environment(\.dismiss) private var dismiss

  init(target: NoteEditorViewModel.Target) {
    _editor = WatchViewModel(noteEditorSpec(target))
  }

  var body: some View {
    let editor = self.editor
    VStack {
      TextField("Title", text: Binding(get: { editor.state.title }, set: { editor.setTitle($0) }))
      TextField("Text", text: Binding(get: { editor.state.text }, set: { editor.setText($0) }))
      HStack {
        Button("Cancel") { dismiss() }
        Button("Save") {
          editor.save()
          dismiss()
        }
      }
    }
  }
}
