import Registry
import RegistryTesting
import SwiftUI
import SwiftUINotes
import Testing

@testable import SwiftUINotesApp

@MainActor
@Suite struct AppTests {
  @Test func theAppsWindowShowsTheLiveStoreInTheAppsOwnRegistry() throws {
    try withRegistry { registry in
      let runtime = ViewRuntime(app: SwiftUINotesApp())
      #expect(
        Array(runtime.texts.prefix(2)) == [
          "Welcome", "1 note, kept on this device, until the app quits",
        ])
      try runtime.tap("New note")
      runtime.flush()
      try runtime.typeText("Second", into: "Title")
      runtime.flush()
      try runtime.tap("Save")
      runtime.flush()
      #expect(runtime.texts.contains("2 notes, kept on this device, until the app quits"))
      #expect(registry.liveInstanceCount == 0)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }
}
