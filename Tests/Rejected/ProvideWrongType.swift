// Code Registry's API rejects at compile time, so that the mistake never reaches a user's run.
import Registry

protocol NotesStore: AnyObject {}
final class FileNotesStore: NotesStore {}
final class Unrelated {}

class SessionViewModel: ViewModel {}
final class OtherViewModel: ViewModel {}

let notesStoreSpec = ServiceSpec<any NotesStore>.interface(key: "notes-store")
let sessionSpec = ViewModelSpec<SessionViewModel>.interface(key: "session")

// "Mistakes are clear errors, never a silent replacement: … providing a builder of the wrong
// type": a provider's builder must make the interface's type.
@MainActor
func providersOfTheWrongType(_ registry: ViewModelRegistry) {
  registry.provide(notesStoreSpec) { FileNotesStore() }
  // expected-error@+1 {{cannot convert value of type 'Unrelated' to closure result type 'any NotesStore'}}
  registry.provide(notesStoreSpec) { Unrelated() }
  // expected-error@+1 {{cannot convert value of type 'OtherViewModel' to closure result type 'SessionViewModel'}}
  registry.provide(sessionSpec) { OtherViewModel() }
  // expected-error@+1 {{cannot convert value of type 'Unrelated' to closure result type 'any NotesStore'}}
  registry.setProxy(for: notesStoreSpec) { Unrelated() }
}

// "Services never mark a holder dirty": there is nothing to watch.
@MainActor
func watchingAService(_ binding: ViewModelBinding) {
  // expected-error@+1 {{'watch(_:fileID:filePath:line:column:)' is unavailable: a service never changes, so there is nothing to watch: use read(_:)}}
  _ = binding.watch(notesStoreSpec)
}
