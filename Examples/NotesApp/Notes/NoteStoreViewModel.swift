import Registry

/// Every note in memory; the one source the list and the detail screens read from.
///
/// Internal to NotesFeature: other modules only see ``notesListSpec`` and ``noteSpec``, so the
/// store can change without touching them.
final class NoteStoreViewModel: StateViewModel<[Note]> {
  init(notes: [Note]) {
    super.init(state: notes)
  }

  func notes(ownedBy owner: String) -> [Note] {
    state.filter { $0.owner == owner }
  }

  func note(id: Int) -> Note? {
    state.first { $0.id == id }
  }

  func rename(id: Int, to title: String) {
    setState(state.map { $0.id == id ? Note(id: $0.id, owner: $0.owner, title: title) : $0 })
  }
}

/// Shared under one key, so the list and every open note see the same store. Not
/// `aliveForever`: when the last notes screen closes, the store goes with it.
let noteStoreSpec = ViewModelSpec(key: "noteStore") { NoteStoreViewModel(notes: Note.samples) }
