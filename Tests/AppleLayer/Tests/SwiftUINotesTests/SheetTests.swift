import Registry
import RegistryTesting
import SwiftUI
import Testing

@testable import SwiftUINotes

@MainActor
@Suite struct SheetTests {
  @Test func theNewNoteSheetAddsANoteAndItsDraftGoesWithIt() throws {
    try withRegistry { registry in
      let audit = Audit(registry)
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      try runtime.tap("New note")
      runtime.flush()
      #expect(runtime.textFields == ["Title": "", "Text": ""])
      try runtime.typeText("Poems", into: "Title")
      try runtime.typeText("Roses are red", into: "Text")
      runtime.flush()
      try runtime.tap("Save")
      runtime.flush()
      #expect(runtime.textFields.isEmpty)
      #expect(runtime.texts.contains("Poems"))
      #expect(runtime.texts.contains("4 notes, kept on sample notes (test)"))
      #expect(audit.built("NoteEditorViewModel") == [newNote])
      #expect(audit.disposed("NoteEditorViewModel") == [newNote])
      #expect(audit.built("NoteViewModel").last == #""note-4""#)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
      audit.finish()
    }
  }

  @Test func cancellingOrSwipingTheSheetAwayAddsNothingAndTheNextSheetStartsAfresh() throws {
    try withRegistry { registry in
      let audit = Audit(registry)
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      try runtime.tap("New note")
      runtime.flush()
      try runtime.typeText("Draft", into: "Title")
      runtime.flush()
      try runtime.tap("Cancel")
      runtime.flush()
      #expect(runtime.textFields.isEmpty)
      #expect(audit.disposed("NoteEditorViewModel").count == 1)

      try runtime.tap("New note")
      runtime.flush()
      // A private draft: the second sheet gets its own, empty one.
      #expect(runtime.textFields == ["Title": "", "Text": ""])
      try runtime.typeText("Another draft", into: "Title")
      runtime.flush()
      try runtime.dismissSheet()
      runtime.flush()
      #expect(runtime.textFields.isEmpty)
      #expect(audit.built("NoteEditorViewModel").count == 2)
      #expect(audit.disposed("NoteEditorViewModel").count == 2)
      #expect(runtime.texts.contains("3 notes, kept on sample notes (test)"))
      #expect(audit.everyDisposalIsOfABuiltInstanceAndHappensOnce)
      runtime.unmount()
      audit.finish()
    }
  }

  @Test func aDraftWithoutATitleIsNotSaved() throws {
    try withRegistry { registry in
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      try runtime.tap("New note")
      runtime.flush()
      try runtime.typeText("no title", into: "Text")
      runtime.flush()
      try runtime.tap("Save")
      runtime.flush()
      #expect(runtime.textFields.isEmpty)
      #expect(runtime.texts.contains("3 notes, kept on sample notes (test)"))
      runtime.unmount()
    }
  }
}
