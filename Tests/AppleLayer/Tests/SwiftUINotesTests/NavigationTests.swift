import Registry
import RegistryTesting
import SwiftUI
import Testing

@testable import SwiftUINotes

@MainActor
@Suite struct NavigationTests {
  @Test func aPushedDetailSharesItsRowsViewModelAndPoppingDisposesOnlyTheDetails() throws {
    try withRegistry { registry in
      let audit = Audit(registry)
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      try runtime.tap("Ideas")
      runtime.flush()
      #expect(
        runtime.texts.suffix(4) == ["Ideas", "A notes app built with Registry", "6 words", "Edit"])
      #expect(runtime.mountedCount(of: NoteDetailView.self) == 1)
      // The detail resolved noteSpec(2) too: the row's instance, not a second one.
      #expect(audit.built("NoteViewModel").filter { $0 == #""note-2""# }.count == 1)
      #expect(audit.built("NoteDetailViewModel") == [#""note-detail-2""#])

      try runtime.navigateBack()
      runtime.flush()
      #expect(runtime.mountedCount(of: NoteDetailView.self) == 0)
      #expect(audit.disposed("NoteDetailViewModel") == [#""note-detail-2""#])
      #expect(audit.disposed("NoteViewModel").isEmpty)
      #expect(audit.disposed("NotesListViewModel").isEmpty)

      // Pushed again: a new detail model, disposed once more on the next pop.
      try runtime.tap("Ideas")
      runtime.flush()
      try runtime.navigateBack()
      runtime.flush()
      #expect(audit.built("NoteDetailViewModel").count == 2)
      #expect(audit.disposed("NoteDetailViewModel").count == 2)
      #expect(audit.everyDisposalIsOfABuiltInstanceAndHappensOnce)
      #expect(throws: ViewRuntimeError.self) { try runtime.navigateBack() }
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
      audit.finish()
    }
  }

  @Test func theDetailFollowsItsNoteAndAnEditSheetSavesIt() throws {
    try withRegistry { registry in
      let audit = Audit(registry)
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      try runtime.tap("Books")
      runtime.flush()
      try runtime.tap("Edit")
      runtime.flush()
      #expect(runtime.textFields == ["Title": "Books", "Text": "The Left Hand of Darkness"])
      try runtime.typeText("Novels", into: "Title")
      try runtime.typeText("The Dispossessed, Always Coming Home", into: "Text")
      runtime.flush()
      try runtime.tap("Save")
      runtime.flush()
      #expect(runtime.textFields.isEmpty)
      #expect(
        runtime.texts.suffix(4) == [
          "Novels", "The Dispossessed, Always Coming Home", "5 words", "Edit",
        ])
      #expect(audit.built("NoteEditorViewModel") == [editing(3)])
      #expect(audit.disposed("NoteEditorViewModel") == [editing(3)])
      try runtime.navigateBack()
      runtime.flush()
      #expect(Array(runtime.texts.prefix(3)) == ["Groceries", "Ideas", "Novels"])
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
      #expect(audit.everyDisposalIsOfABuiltInstanceAndHappensOnce)
      audit.finish()
    }
  }
}
