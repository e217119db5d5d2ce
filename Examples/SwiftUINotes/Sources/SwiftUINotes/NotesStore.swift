import Registry

/// Where notes are kept. The screens use this interface only; the app provides the live store
/// (`NotesComposition`), previews and tests get a sample one without providing anything.
@MainActor
public protocol NotesStore: AnyObject {
  /// Where the notes are kept, as the list's footer and the About screen say it.
  var location: String { get }
  /// Every note, by id.
  func allNotes() -> [Note]
  /// Replaces the note with the same id.
  func save(_ note: Note)
  /// Adds a note with the next free id and returns it.
  func add(title: String, text: String) -> Note
}

/// The notes store interface: declared without a builder, so an app must provide it
/// (`registry.provide(notesStoreSpec) { … }`); a test registry builds `testValue` and a preview
/// registry `previewValue`, each a store of sample notes.
public let notesStoreSpec = ServiceSpec<any NotesStore>.interface(
  key: "notes-store",
  testValue: SampleNotesStore(location: "sample notes (test)"),
  previewValue: SampleNotesStore(location: "sample notes (preview)"))

/// Every interface the screens resolve: what `NotesComposition` checks it provides.
public let notesInterfaces: [any InterfaceSpec] = [notesStoreSpec]

/// Notes kept in memory, starting from the samples: what previews and tests see.
public final class SampleNotesStore: NotesStore {
  public let location: String
  private var notes: [Note]

  /// Creates a store of `notes`.
  public init(notes: [Note] = Note.samples, location: String) {
    self.notes = notes.sorted { $0.id < $1.id }
    self.location = location
  }

  public func allNotes() -> [Note] { notes }

  public func save(_ note: Note) {
    guard let index = notes.firstIndex(where: { $0.id == note.id }) else { return }
    notes[index] = note
  }

  public func add(title: String, text: String) -> Note {
    let note = Note(id: (notes.map(\.id).max() ?? 0) + 1, title: title, text: text)
    notes.append(note)
    return note
  }
}
