import Registry
import Testing

@MainActor
@Suite struct GroupResetTests {
  @Test func resetDisposesTaggedInstancesIncludingAliveForeverAndTellsHolders() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let session = ViewModelSpec(key: "session", tag: "account", aliveForever: true) {
        ProbeViewModel("session", log: log)
      }
      let inbox = ViewModelSpec(key: "inbox", tag: "account") { ProbeViewModel("inbox", log: log) }
      let settings = ViewModelSpec(key: "settings") { ProbeViewModel("settings", log: log) }
      var refreshes = 0
      let host = ViewModelBinding { refreshes += 1 }
      let oldSession = host.watch(session)
      let oldInbox = host.watch(inbox)
      let keptSettings = host.watch(settings)

      #expect(registry.reset(tag: "account") == 2)
      #expect(oldSession.isDisposed && oldInbox.isDisposed)
      #expect(!keptSettings.isDisposed)
      #expect(refreshes == 1)

      let newSession = host.watch(session)
      #expect(newSession !== oldSession)
      #expect(log.events(startingWith: "create").filter { $0.contains("session") }.count == 2)
      #expect(log.events(startingWith: "dispose") == ["dispose inbox", "dispose session"])
    }
  }

  @Test func resetOfAnUnusedTagChangesNothing() {
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      _ = binding.watch(ViewModelSpec(key: "k", tag: "a") { ProbeViewModel("k", log: EventLog()) })
      #expect(registry.reset(tag: "b") == 0)
      #expect(registry.liveInstanceCount == 1)
    }
  }
}
