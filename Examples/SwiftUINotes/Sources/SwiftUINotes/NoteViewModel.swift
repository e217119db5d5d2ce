import Registry

/// One note, for its row and its detail screen: both resolve `noteSpec(id)`, so they share one
/// instance, and a change to another note refreshes neither.
public final class NoteViewModel: StateViewModel<Note?> {
  /// The note's id.
  public let id: Note.ID
  private var list: NotesListViewModel?

  init(id: Note.ID) {
    self.id = id
    super.init(state: nil)
  }

  override public func onCreate(_ arg: InstanceArg) {
    // `read` and a selected listener, not `watch`: only this note's changes reach its screens.
    let list = viewModelBinding.read(notesListSpec)
    self.list = list
    setState(list.note(id: id))
    let id = id
    let stop = list.listenStateSelect(selector: { notes in notes.first { $0.id == id } }) {
      [weak self] _, note in
      self?.setState(note)
    }
    // The list outlives this view model: stop listening when this one goes.
    addDispose(stop)
  }

  /// The title, or an empty string once the note is gone.
  public var title: String { state?.title ?? "" }

  /// The text, or an empty string once the note is gone.
  public var text: String { state?.text ?? "" }

  /// Saves a new title and text.
  public func save(title: String, text: String) {
    list?.save(Note(id: id, title: title, text: text))
  }
}

/// A family keyed by note id: `noteSpec(3)` is shared under `"note-3"` by everyone who asks.
public let noteSpec = ViewModelSpecWithArg<NoteViewModel, Note.ID>(
  builder: { NoteViewModel(id: $0) }, key: { "note-\($0)" })
