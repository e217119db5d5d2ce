import Registry
import SwiftUI
import Testing

@testable import SwiftUINotes

// The example app built where UIKit does not exist (macOS): its About screen is the SwiftUI
// one, resolving in the same registry as the list.

@MainActor
@Suite struct SwiftUINotesWithoutUIKitTests {
  @Test func theAboutSheetIsASwiftUIViewThatFollowsTheList() throws {
    let registry = NotesPreviews.registry()
    let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
    try runtime.tap("About")
    runtime.flush()
    #expect(runtime.mountedCount(of: AboutScreen.self) == 1)
    #expect(runtime.texts.suffix(2) == ["3 notes", "Kept on sample notes (preview)"])
    try runtime.dismissSheet()
    runtime.flush()
    #expect(runtime.mountedCount(of: AboutScreen.self) == 0)
    runtime.unmount()
    #expect(registry.liveInstanceCount == 0)
  }
}
