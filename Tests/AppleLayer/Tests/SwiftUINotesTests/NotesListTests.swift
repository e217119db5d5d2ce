import Registry
import RegistryTesting
import SwiftUI
import Testing

@testable import SwiftUINotes

@MainActor
@Suite struct NotesListTests {
  @Test func theListShowsTheStoresNotesAndBuildsEachRowsViewModelOncePerId() {
    withRegistry { registry in
      let audit = Audit(registry)
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      #expect(
        Array(runtime.texts.prefix(4)) == [
          "Groceries", "Ideas", "Books", "3 notes, kept on sample notes (test)",
        ])
      // Parent renders make new row values with new specs every time: no new instances.
      for _ in 0..<10 { runtime.render() }
      let owner = ViewModelBinding()
      let list = owner.read(notesListSpec)
      list.add(title: "Poems", text: "Roses")
      runtime.flush()
      #expect(runtime.texts.contains("Poems"))
      #expect(runtime.texts.contains("4 notes, kept on sample notes (test)"))
      #expect(
        audit.built("NoteViewModel") == [#""note-1""#, #""note-2""#, #""note-3""#, #""note-4""#])
      #expect(audit.built("NotesListViewModel") == [#""notes-list""#])
      #expect(audit.disposed("NoteViewModel").isEmpty)
      runtime.unmount()
      owner.dispose()
      #expect(audit.disposed("NoteViewModel").count == 4)
      #expect(audit.disposed("NotesListViewModel") == [#""notes-list""#])
      #expect(audit.everyDisposalIsOfABuiltInstanceAndHappensOnce)
      #expect(runtime.violations.isEmpty)
      audit.finish()
    }
  }

  @Test func savingOneNoteChangesItsViewModelAndNoOtherNotes() {
    withRegistry { registry in
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      var refreshes: [Int: Int] = [:]
      let watchers = (1...3).map { id in
        let watcher = ViewModelBinding { refreshes[id, default: 0] += 1 }
        watcher.watch(noteSpec(id))
        return watcher
      }
      let owner = ViewModelBinding()
      let note = owner.read(noteSpec(2))
      note.save(title: "Plans", text: "Ship it")
      runtime.flush()
      #expect(Array(runtime.texts.prefix(3)) == ["Groceries", "Plans", "Books"])
      // Each note's view model listens to its own note only: the others hear nothing.
      #expect(refreshes == [2: 1])
      #expect(note.state?.title == "Plans")
      for watcher in watchers { watcher.dispose() }
      owner.dispose()
      runtime.unmount()
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
