/// The app's own store: the notes of this run, starting with a welcome note. An app that keeps
/// notes across launches puts a file or a database behind the same interface; no screen changes.
public final class LiveNotesStore: NotesStore {
  public let location = "this device, until the app quits"
  private let inner = SampleNotesStore(
    notes: [Note(id: 1, title: "Welcome", text: "Tap New note to write one.")],
    location: "this device")

  /// Creates the store with its welcome note.
  public init() {}

  public func allNotes() -> [Note] { inner.allNotes() }
  public func save(_ note: Note) { inner.save(note) }
  public func add(title: String, text: String) -> Note { inner.add(title: title, text: text) }
}
