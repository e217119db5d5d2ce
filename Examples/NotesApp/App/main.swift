import Foundation
import NotesFeature
import Registry
import SessionInterface
import SettingsFeature

// The composition root: the only place that knows every module. It provides the interfaces the
// features depend on (CompositionRoot.swift), configures the registry, creates screens and drives
// them; the features find each other through interface modules' specs.

func section(_ title: String) {
  print("\n== \(title) ==")
}

MainActor.assumeIsolated {
  let registry = ViewModelRegistry.current
  let audit = DisposalAudit()
  registry.addLifecycle(LoggingLifecycle { print("    \($0)") })
  registry.addLifecycle(audit)

  print("NotesApp: two features (Notes, Settings) on two interface modules (SessionInterface,")
  print("NotesStorage), whose live modules (AuthLive, NotesStorageLive) only the root imports.")
  print("Lines starting with [Registry] are the lifecycle log; lines starting with | are screens.")

  section("1. Launch: the root provides the interfaces and holds the session for the whole run")
  let notesDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("NotesApp-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: notesDirectory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: notesDirectory) }
  do {
    try CompositionRoot.provideLive(in: registry, notesDirectory: notesDirectory)
    print("composition root: every interface NotesFeature uses is provided")
  } catch {
    print(error)
    exit(1)
  }
  let appRoot = ViewModelBinding(label: "AppRoot")
  let session = appRoot.read(sessionSpec)
  print("session: \(session.user ?? "signed out")")

  section("2. Notes list: NotesFeature resolves the session itself, in onCreate")
  print("NotesListViewModel watches sessionSpec (an interface) and its internal note list, which")
  print("reads the notesStoreSpec service (an interface too): the root provided both.")
  print("Its create line comes first, then the lines of what its onCreate resolves.")
  let listScreen = Screen<NotesListViewModel>("NotesListScreen") { list in
    guard let user = list.user else { return "signed out, no notes" }
    return "\(user): " + list.notes.map(\.title).joined(separator: ", ")
  }
  listScreen.show(notesListSpec)

  section("3. Sign in: the session changes, the list refreshes once")
  session.signIn(user: "demo@example.com")

  section("4. Note 1, keyed by its id, shared by two hosts")
  let describeNote: (NoteViewModel) -> String = { note in
    "note \(note.id) \"\(note.state?.title ?? "deleted")\""
  }
  let detailScreen = Screen<NoteViewModel>("NoteDetailScreen", render: describeNote)
  let previewPane = Screen<NoteViewModel>("NotePreviewPane", render: describeNote)
  let detail = detailScreen.show(noteSpec(1))
  let preview = previewPane.show(noteSpec(1))
  print("same instance for noteSpec(1) in both hosts: \(detail === preview)")
  print("Renaming note 1: both hosts and the list refresh, each once.")
  detail.rename(to: "Groceries (weekend)")
  print(registry.snapshot())

  section("5. The preview moves to note 2; note 1 goes when its last host does")
  previewPane.show(noteSpec(2))
  print("note 1 still alive (the detail screen holds it): \(!detail.isDisposed)")
  detailScreen.close()
  print("note 1 disposed: \(detail.isDisposed)")

  section("6. Settings: a feature that knows nothing of the others")
  let settingsScreen = Screen<SettingsViewModel>("SettingsScreen") { settings in
    "theme \(settings.state.theme.rawValue), text \(settings.state.textSize) pt"
  }
  let settings = settingsScreen.show(settingsSpec)
  settings.toggleTheme()
  print("Setting the text size it already has: an equal state notifies nobody.")
  settings.setTextSize(14)
  settingsScreen.close()

  section(
    "7. A test provides its own session, in its own registry; the note store's default serves")
  let aliveBefore = registry.liveInstanceCount
  let testRegistry = ViewModelRegistry(name: "test", context: .test)
  testRegistry.addLifecycle(LoggingLifecycle { print("    (test) \($0)") })
  testRegistry.withCurrent {
    testRegistry.provide(sessionSpec) { MockSessionViewModel() }
    let test = ViewModelBinding(label: "NotesListTest")
    let list = test.watch(notesListSpec)
    let testSession = test.read(sessionSpec)
    print("test: sessionSpec builds \(type(of: testSession)) for \(testSession.user ?? "nobody")")
    print("test: the list shows \(list.notes.map(\.title))")
    test.dispose()
    // The test owns its registry: throwing it all away, aliveForever included, is its job.
    testRegistry.disposeAll()
    print(testRegistry.snapshot())
  }
  let appSession = appRoot.read(sessionSpec)
  print(
    "app: sessionSpec gives \(type(of: appSession)) for \(appSession.user ?? "nobody"), "
      + "the same instance as before: \(appSession === session)")
  print("app: \(aliveBefore) alive before the test, \(registry.liveInstanceCount) after")

  section("8. Sign out, then close every screen")
  session.signOut()
  previewPane.close()
  print("Closing the list releases what its viewModelBinding holds: the note list goes, and with")
  print("it the note store service, whose dispose hook closes its file.")
  print("(An instance's dispose line comes first, then the lines of what it lets go of.)")
  listScreen.close()
  appRoot.dispose()
  print("AppRoot let go of the session; it stays because it is aliveForever.")

  section("9. End of the run")
  let snapshot = registry.snapshot()
  print(snapshot)
  let problems = audit.verify(against: snapshot)
  let forever = snapshot.instances.filter(\.aliveForever).map(\.name)
  if problems.isEmpty {
    print(
      "audit: \(audit.built) built, \(audit.disposed) disposed, each exactly once; "
        + "kept: \(forever.joined(separator: ", ")) (aliveForever)")
    print("NotesApp finished: 0 instances alive besides aliveForever")
  } else {
    for problem in problems { print("audit: \(problem)") }
    print("NotesApp finished: \(snapshot.releasable.count) instances alive besides aliveForever")
    exit(1)
  }
}
