import AuthFeature
import Foundation
import NotesFeature
import Registry
import SettingsFeature

// The composition root: the only place that knows every feature. It configures the registry,
// creates screens and drives them; the features find each other through their public specs.

func section(_ title: String) {
  print("\n== \(title) ==")
}

MainActor.assumeIsolated {
  let registry = ViewModelRegistry.current
  let audit = DisposalAudit()
  registry.configure(lifecycles: [LoggingLifecycle { print("    \($0)") }, audit])

  print("NotesApp: three feature modules (Auth, Notes, Settings) wired at one composition root.")
  print("Lines starting with [Registry] are the lifecycle log; lines starting with | are screens.")

  section("1. Launch: the root holds AuthFeature's session, which lives for the whole run")
  let appRoot = ViewModelBinding(label: "AppRoot")
  let session = appRoot.read(sessionSpec)
  print("session: \(session.user ?? "signed out")")

  section("2. Notes list: NotesFeature resolves the session itself, in onCreate")
  print("NotesListViewModel watches sessionSpec (AuthFeature) and the internal note store.")
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

  section("7. A test swaps the session for a mock, in its own registry")
  let aliveBefore = registry.liveInstanceCount
  let testRegistry = ViewModelRegistry(name: "test")
  testRegistry.configure(lifecycles: [LoggingLifecycle { print("    (test) \($0)") }])
  testRegistry.withCurrent {
    sessionSpec.setProxy(
      ViewModelSpec(key: "session", aliveForever: true) { MockSessionViewModel() })
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
  print("Closing the list releases what its viewModelBinding holds: the store goes too.")
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
