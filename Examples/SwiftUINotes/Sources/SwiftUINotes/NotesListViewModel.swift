import Registry

/// Every note, shared under one key by the list, every row and the About screen; it alone talks
/// to the store.
public final class NotesListViewModel: StateViewModel<[Note]> {
  // `@Read`: the store is a service, held for this view model's life and never observed.
  @Read(notesStoreSpec) private var store

  /// Creates the list; it reads the store when the registry builds it.
  public init() {
    super.init(state: [])
  }

  override public func onCreate(_ arg: InstanceArg) {
    setState(store.allNotes())
  }

  /// Where the notes are kept.
  public var location: String { store.location }

  /// The note with `id`, if there is one.
  public func note(id: Note.ID) -> Note? {
    state.first { $0.id == id }
  }

  /// Saves `note` and publishes the new list.
  public func save(_ note: Note) {
    store.save(note)
    setState(store.allNotes())
  }

  /// Adds a note and publishes the new list.
  @discardableResult
  public func add(title: String, text: String) -> Note? {
    let note = store.add(title: title, text: text)
    setState(store.allNotes())
    return note
  }
}

/// The list, shared under `"notes-list"`.
public let notesListSpec = ViewModelSpec(key: "notes-list") { NotesListViewModel() }
