import NotesStorage
import Registry
import SessionInterface

/// The notes list, shared under the key `"notesList"` by every screen that shows it.
///
/// ```swift
/// let host = ViewModelHost<NotesListViewModel>(label: "NotesListScreen") { render() }
/// let list = host.require(notesListSpec)
/// ```
public let notesListSpec = ViewModelSpec(key: "notesList") { NotesListViewModel() }

/// One ``NoteViewModel`` per note id: the `Int` argument is the key, so two screens showing
/// note 1 share one instance, and note 2 gets its own.
///
/// ```swift
/// let detail = detailHost.require(noteSpec(1))
/// let preview = previewHost.require(noteSpec(1))  // the same instance
/// ```
public let noteSpec = ViewModelSpecWithArg<NoteViewModel, Int>(builder: { NoteViewModel(id: $0) })

/// The interfaces NotesFeature needs provided: the composition root checks that it provides
/// every one.
///
/// ```swift
/// try registry.checkProviders(for: notesFeatureInterfaces)
/// ```
public let notesFeatureInterfaces: [any InterfaceSpec] = sessionInterfaces + notesStorageInterfaces
