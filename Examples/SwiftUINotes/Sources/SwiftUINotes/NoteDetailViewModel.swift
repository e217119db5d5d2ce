import Registry

/// What only the detail screen shows: the note's word count. Built when the detail is pushed,
/// disposed when it is popped; the note's own view model stays, its row still holds it.
public final class NoteDetailViewModel: StateViewModel<Int> {
  /// The note's id.
  public let id: Note.ID

  init(id: Note.ID) {
    self.id = id
    super.init(state: 0)
  }

  override public func onCreate(_ arg: InstanceArg) {
    let note = viewModelBinding.read(noteSpec(id))
    setState(Self.words(in: note.text))
    let stop = note.listenState { [weak self] _, note in
      self?.setState(Self.words(in: note?.text ?? ""))
    }
    addDispose(stop)
  }

  /// "1 word", "3 words".
  public var summary: String { state == 1 ? "1 word" : "\(state) words" }

  private static func words(in text: String) -> Int {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
  }
}

/// Keyed by note id: one detail model per note while its screen is pushed.
public let noteDetailSpec = ViewModelSpecWithArg<NoteDetailViewModel, Note.ID>(
  builder: { NoteDetailViewModel(id: $0) }, key: { "note-detail-\($0)" })
