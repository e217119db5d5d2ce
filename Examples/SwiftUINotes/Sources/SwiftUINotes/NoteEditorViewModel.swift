import Registry

/// The sheet's draft: private to the sheet that shows it, disposed when the sheet goes.
public final class NoteEditorViewModel: StateViewModel<NoteEditorViewModel.Draft> {
  /// What the editor writes.
  public enum Target: Hashable, Sendable {
    /// A new note, added on save.
    case newNote
    /// The note with this id, saved on save.
    case note(Note.ID)
  }

  /// The title and text being written.
  public struct Draft: Equatable, Sendable {
    /// The title being written.
    public var title = ""
    /// The text being written.
    public var text = ""
  }

  /// What the editor writes.
  public let target: Target
  private var list: NotesListViewModel?

  init(target: Target) {
    self.target = target
    super.init(state: Draft())
  }

  override public func onCreate(_ arg: InstanceArg) {
    let list = viewModelBinding.read(notesListSpec)
    self.list = list
    if case .note(let id) = target, let note = list.note(id: id) {
      setState(Draft(title: note.title, text: note.text))
    }
  }

  /// Replaces the draft's title.
  public func setTitle(_ title: String) {
    var draft = state
    draft.title = title
    setState(draft)
  }

  /// Replaces the draft's text.
  public func setText(_ text: String) {
    var draft = state
    draft.text = text
    setState(draft)
  }

  /// Whether the draft can be saved: it has a title.
  public var canSave: Bool { !state.title.isEmpty }

  /// Adds or saves the note.
  public func save() {
    guard canSave, let list else { return }
    switch target {
    case .newNote:
      list.add(title: state.title, text: state.text)
    case .note(let id):
      list.save(Note(id: id, title: state.title, text: state.text))
    }
  }
}

/// Private: each sheet that asks gets its own draft.
public let noteEditorSpec = ViewModelSpecWithArg<NoteEditorViewModel, NoteEditorViewModel.Target>(
  builder: { NoteEditorViewModel(target: $0) })
