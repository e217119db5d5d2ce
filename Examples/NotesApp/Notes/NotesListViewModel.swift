import NotesStorage
import Registry
import SessionInterface

/// The notes of whoever is signed in.
///
/// It watches the session interface's ``sessionSpec`` through its own binding (`@Watch`):
/// NotesFeature depends on interface modules only, never on how the session is built. Both the
/// session and the store are watched, so signing in, signing out or renaming a note refreshes
/// the list's hosts — once per change.
///
/// ```swift
/// let list = host.require(notesListSpec)
/// for note in list.notes { print(note.title) }
/// ```
public final class NotesListViewModel: ViewModel {
  // Watched from the first read on: a host's first render reads both.
  @Watch(sessionSpec) private var session
  @Watch(noteStoreSpec) private var store

  /// The signed-in account, or `nil`.
  ///
  /// ```swift
  /// print(list.user ?? "signed out")
  /// ```
  public var user: String? { session.user }

  /// The signed-in account's notes; empty when signed out.
  ///
  /// ```swift
  /// print(list.notes.map(\.title))
  /// ```
  public var notes: [Note] {
    guard let user else { return [] }
    return store.notes(ownedBy: user)
  }
}
