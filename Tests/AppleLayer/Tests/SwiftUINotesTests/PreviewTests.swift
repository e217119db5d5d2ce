import Registry
import RegistryTesting
import SwiftUI
import Testing

@testable import SwiftUINotes

@MainActor
@Suite struct PreviewTests {
  @Test func thePreviewsBuildSampleStoresInTheirOwnRegistries() {
    withRegistry { registry in
      let list = ViewRuntime(NotesListView_Previews.previews)
      #expect(
        Array(list.texts.prefix(4)) == [
          "Groceries", "Ideas", "Books", "3 notes, kept on sample notes (preview)",
        ])
      let empty = ViewRuntime(EmptyNotesListView_Previews.previews)
      #expect(empty.texts.first == "0 notes, kept on sample notes (preview)")
      let detail = ViewRuntime(NoteDetailView_Previews.previews)
      #expect(
        Array(detail.texts.prefix(3)) == ["Ideas", "A notes app built with Registry", "6 words"])
      // Nothing was built in the registry that is current here: each preview resolved in the
      // registry its subtree was given.
      #expect(registry.liveInstanceCount == 0)
      list.unmount()
      empty.unmount()
      detail.unmount()
    }
  }

  @Test func aPreviewRegistryBuildsThePreviewValueAndNeverTheLiveStore() {
    let preview = NotesPreviews.registry()
    #expect(preview.context == .preview)
    preview.withCurrent {
      let owner = ViewModelBinding()
      let store = owner.read(notesStoreSpec)
      #expect(store is SampleNotesStore)
      #expect(store.location == "sample notes (preview)")
      owner.dispose()
    }
    // The live composition, for contrast: the same interface builds the live store there.
    let app = ViewModelRegistry(name: "app")
    #expect(throws: Never.self) { try NotesComposition.provideLive(in: app) }
    app.withCurrent {
      let owner = ViewModelBinding()
      #expect(owner.read(notesStoreSpec) is LiveNotesStore)
      owner.dispose()
    }
    // A live registry that nobody provided for fails instead of showing samples.
    let unprovided = ViewModelRegistry(name: "unprovided")
    #expect(unprovided.missingProviders(for: notesInterfaces).count == 1)
  }
}
