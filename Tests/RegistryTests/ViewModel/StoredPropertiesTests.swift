import Registry
import Testing

/// A class with neither a channel nor a dependency wrapper.
@MainActor
private final class PlainModel: ViewModel {}

/// A class with a channel, finished at disposal.
@MainActor
private final class NoticesModel: ViewModel {
  let notices = EventChannel<String>()
}

/// A class with a dependency wrapper, given its owner at registration.
@MainActor
private final class ReaderModel: ViewModel {
  @Read(ViewModelSpec(key: "stored-properties-plain") { PlainModel() }) var plain
}

/// What a view model's class stores is found once per class; the class last found to have
/// neither channels nor wrappers is then told by one comparison (StoredProperties.swift). A
/// class that has some, built and disposed right after it, still gets them handled.
@MainActor
@Suite struct StoredPropertiesTests {
  @Test func aClassWithChannelsOrWrappersAfterAPlainOneStillGetsThem() {
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      for round in 0..<3 {
        // A plain instance, built and disposed: its class is now the one last found plain.
        registry.dispose(binding.watch(ViewModelSpec(key: "plain \(round)") { PlainModel() }))
        let notices = binding.watch(ViewModelSpec(key: "notices \(round)") { NoticesModel() })
        let reader = binding.watch(ViewModelSpec(key: "reader \(round)") { ReaderModel() })
        // Read through the reader's own binding, which holds it: a wrapper without its owner
        // would be reported, and answer with an instance nothing holds.
        let dependency = reader.plain
        registry.dispose(binding.watch(ViewModelSpec(key: "plain again \(round)") { PlainModel() }))
        registry.dispose(notices)
        #expect(notices.notices.isFinished, "round \(round)")
        registry.dispose(reader)
        #expect(dependency.isDisposed, "its holder's disposal let go of it, round \(round)")
      }
      binding.dispose()
    }
  }
}
