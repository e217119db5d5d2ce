import NotesStorage
import Registry

/// One note's detail, shared by every screen that shows the same id.
///
/// Its state is the note (`nil` once the note no longer exists). It reads the store and follows
/// only its own note, so renaming note 1 refreshes note 1's screens and leaves note 2's alone.
///
/// ```swift
/// let note = host.require(noteSpec(1))
/// note.rename(to: "Groceries (weekend)")
/// ```
public final class NoteViewModel: StateViewModel<Note?> {
  /// The note's id: the argument ``noteSpec`` was called with.
  public let id: Int
  // `@Read`, not `@Watch`: a change to any other note must not refresh this one's screens.
  @Read(noteStoreSpec) private var store

  init(id: Int) {
    self.id = id
    super.init(state: nil)
  }

  override public func onCreate(_ arg: InstanceArg) {
    setState(store.note(id: id))
    let id = id
    let stop = store.listenStateSelect(selector: { notes in notes.first { $0.id == id } }) {
      [weak self] _, note in
      self?.setState(note)
    }
    // The store may outlive this view model; stop listening when this one goes.
    addDispose(stop)
  }

  /// Renames the note in the store; every screen showing it, and the list, refresh once.
  ///
  /// ```swift
  /// note.rename(to: "Ideas for the next release")
  /// ```
  ///
  /// - Parameter title: The new title.
  public func rename(to title: String) {
    store.rename(id: id, to: title)
  }
}
