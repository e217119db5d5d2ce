import Registry
import SwiftUI

/// One row: the note's title, a link that pushes its detail.
struct NoteRow: View {
  @WatchViewModel private var note: NoteViewModel

  init(id: Note.ID) {
    // Made on every render of the list; the wrapper keeps the instance of the first, and the
    // key makes it the one the detail screen gets too.
    _note = WatchViewModel(noteSpec(id))
  }

  var body: some View {
    NavigationLink(value: note.id) {
      Text(note.title)
    }
  }
}
