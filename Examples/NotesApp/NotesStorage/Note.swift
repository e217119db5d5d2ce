/// One note, owned by one account.
///
/// ```swift
/// let note = Note(id: 1, owner: "demo@example.com", title: "Groceries")
/// ```
public struct Note: Equatable, Sendable, Identifiable {
  /// A stable identifier: NotesFeature shares one view model per id.
  public let id: Int
  /// The account the note belongs to.
  public let owner: String
  /// The title shown in lists and on the detail screen.
  public var title: String

  /// Creates a note.
  ///
  /// ```swift
  /// let note = Note(id: 2, owner: "demo@example.com", title: "Ideas")
  /// ```
  ///
  /// - Parameters:
  ///   - id: A stable identifier.
  ///   - owner: The account the note belongs to.
  ///   - title: The title.
  public init(id: Int, owner: String, title: String) {
    self.id = id
    self.owner = owner
    self.title = title
  }
}

extension Note {
  /// The notes a fresh store starts with: three for the demo account, one for the test account.
  ///
  /// ```swift
  /// let store = InMemoryNotesStore(notes: Note.samples)
  /// ```
  public static let samples = [
    Note(id: 1, owner: "demo@example.com", title: "Groceries"),
    Note(id: 2, owner: "demo@example.com", title: "Release checklist"),
    Note(id: 3, owner: "demo@example.com", title: "Ideas"),
    Note(id: 10, owner: "mock@example.test", title: "Fixture note"),
  ]
}
