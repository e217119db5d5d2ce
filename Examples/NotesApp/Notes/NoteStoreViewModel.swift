import NotesStorage
import Registry

/// Every note, as the list and the detail screens read them: the notes of the note store
/// service, published as state so that screens refresh when a note changes.
///
/// Internal to NotesFeature: other modules only see ``notesListSpec`` and ``noteSpec``. The
/// store behind it is whatever the composition root provides for ``notesStoreSpec``.
final class NoteStoreViewModel: StateViewModel<[Note]> {
  @Read(notesStoreSpec) private var store

  init() {
    super.init(state: [])
  }

  override func onCreate(_ arg: InstanceArg) {
    setState(store.allNotes())
  }

  func notes(ownedBy owner: String) -> [Note] {
    state.filter { $0.owner == owner }
  }

  func note(id: Int) -> Note? {
    state.first { $0.id == id }
  }

  func rename(id: Int, to title: String) {
    store.rename(id: id, to: title)
    setState(store.allNotes())
  }
}

/// Shared under one key, so the list and every open note see the same notes. Not
/// `aliveForever`: when the last notes screen closes, it goes, and the store with it.
let noteStoreSpec = ViewModelSpec(key: "noteStore") { NoteStoreViewModel() }
