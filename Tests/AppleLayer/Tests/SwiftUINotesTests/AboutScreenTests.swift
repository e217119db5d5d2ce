import Registry
import RegistryTesting
import SwiftUI
import Testing
import UIKit

@testable import SwiftUINotes

@MainActor
@Suite struct AboutScreenTests {
  @Test func theUIKitScreenFollowsTheListThroughItsBindingAndLetsGoWhenItGoes() throws {
    try withRegistry { registry in
      let runtime = ViewRuntime(NotesListView().viewModelRegistry(registry))
      #expect(runtime.viewControllers.isEmpty)
      try runtime.tap("About")
      runtime.flush()
      // Looked at inside a function, so that no reference outlives it but the weak one.
      @MainActor func about() -> AboutViewController? {
        runtime.viewControllers.compactMap { $0 as? AboutViewController }.first
      }
      #expect(runtime.viewControllers.count == 1)
      weak let controller = about()
      let binding = try #require(about()?.viewModelBinding)
      #expect(about()?.countLabel.text == "3 notes")
      #expect(about()?.locationLabel.text == "Kept on sample notes (test)")
      // The controller's binding watches the list in the SwiftUI subtree's registry: a change
      // refreshes it, without any render.
      let owner = ViewModelBinding()
      let list = owner.read(notesListSpec)
      list.add(title: "Poems", text: "")
      #expect(about()?.countLabel.text == "4 notes")

      try runtime.dismissSheet()
      runtime.flush()
      #expect(runtime.viewControllers.isEmpty)
      #expect(controller == nil)
      #expect(binding.isDisposed)
      // The list stays: the list view and the test still hold it.
      #expect(!list.isDisposed)
      owner.dispose()
      runtime.unmount()
      #expect(list.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aControllerLetGoOfWithoutBeingDismantledReleasesItsBindingWithIt() {
    withRegistry { registry in
      weak var controller: AboutViewController?
      weak var binding: ViewModelBinding?
      do {
        let shown = AboutViewController(registry: registry)
        shown.loadViewIfNeeded()
        controller = shown
        binding = shown.viewModelBinding
        let count = shown.countLabel.text
        #expect(count == "3 notes")
      }
      // The binding went with the controller, and let go of the list and the store.
      #expect(controller == nil)
      #expect(binding == nil)
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
