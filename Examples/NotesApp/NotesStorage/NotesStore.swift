import Registry

/// Where notes are kept. Features read and rename notes through it; the composition root
/// chooses the implementation (NotesStorageLive's file store in the app, the in-memory one in
/// tests and previews).
///
/// ```swift
/// @Read(notesStoreSpec) private var store
/// // …
/// store.rename(id: 1, to: "Groceries (weekend)")
/// ```
@MainActor
public protocol NotesStore: AnyObject {
  /// Every note, in id order.
  func allNotes() -> [Note]
  /// Renames one note; an unknown id changes nothing.
  func rename(id: Int, to title: String)
}

/// The note store, shared under the key `"notes-store"`: an interface, provided at the
/// composition root. Tests and previews that provide nothing get an in-memory store with the
/// sample notes.
///
/// ```swift
/// registry.provide(notesStoreSpec) { FileNotesStore(file: url, seed: Note.samples) }
/// ```
public let notesStoreSpec = ServiceSpec<any NotesStore>.interface(
  key: "notes-store", testValue: InMemoryNotesStore(notes: Note.samples))

/// The interfaces this module declares, for the composition root's completeness check.
public let notesStorageInterfaces: [any InterfaceSpec] = [notesStoreSpec]

/// Notes in memory: the default for tests and previews.
///
/// ```swift
/// let store = InMemoryNotesStore(notes: [Note(id: 1, owner: "a@example.test", title: "A")])
/// ```
public final class InMemoryNotesStore: NotesStore {
  private var notes: [Note]

  /// Creates a store holding `notes`.
  ///
  /// ```swift
  /// let store = InMemoryNotesStore(notes: Note.samples)
  /// ```
  ///
  /// - Parameter notes: The notes to start with.
  public init(notes: [Note]) {
    self.notes = notes.sorted { $0.id < $1.id }
  }

  /// Every note, in id order.
  public func allNotes() -> [Note] { notes }

  /// Renames one note in memory.
  ///
  /// - Parameters:
  ///   - id: The note's id.
  ///   - title: The new title.
  public func rename(id: Int, to title: String) {
    guard let index = notes.firstIndex(where: { $0.id == id }) else { return }
    notes[index].title = title
  }
}
