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

  @Test func aChangeToOneNoteRedrawsItsRowAndNotTheOthers() {
    withRegistry { registry in
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      let rows = runtime.bodyCounts.filter { $0.key.hasSuffix(":NoteRow") }
      #expect(rows.count == 3)
      let owner = ViewModelBinding()
      let note = owner.read(noteSpec(2))
      // Saved through the row's own view model: the list changes too, so the list redraws and
      // so every row (no equality check skips a child here); the others' view models do not.
      note.save(title: "Plans", text: "Ship it")
      runtime.flush()
      #expect(Array(runtime.texts.prefix(3)) == ["Groceries", "Plans", "Books"])
      #expect(note.state?.title == "Plans")
      owner.dispose()
      runtime.unmount()
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
