import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct BoundedFamilyTests {
  @Test func keepsTheMostRecentlyReleasedAndDisposesTheLeastRecent() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: log) }, keepReleased: 2)
      let list = ViewModelBinding()
      let models = (1...3).map { list.watch(rows($0)) }
      for model in models { list.unbind(model) }
      // Released in order 1, 2, 3: the pool keeps 2 and 3, row 1 is disposed.
      #expect(models.map(\.isDisposed) == [true, false, false])
      #expect(registry.liveInstanceCount == 2)

      let back = list.watch(rows(2))
      #expect(back === models[1])
      #expect(log.events(startingWith: "create").count == 3)

      let fresh = list.watch(rows(4))
      list.unbind(fresh)
      list.unbind(back)
      // Pool order now: 3, 4, 2 → 3 is the least recently used and goes.
      #expect(models[2].isDisposed)
      #expect(!fresh.isDisposed && !back.isDisposed)
      registry.disposeAll()
      #expect(log.events(startingWith: "dispose").count == 4)
    }
  }

  @Test func keptInstancesAreNotLeaks() {
    withTestRegistry { registry, _ in
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: EventLog()) }, keepReleased: 3)
      let binding = ViewModelBinding()
      _ = binding.watch(rows(1))
      binding.dispose()
      #expect(registry.liveInstanceCount == 1)
      #expect(registry.snapshot().releasable.isEmpty)
    }
  }

  @Test func multiArgumentFamilyKeepsReleased() {
    withTestRegistry { registry, _ in
      let cells = ViewModelSpecWithArg2<ProbeViewModel, Int, Int>(
        builder: { ProbeViewModel("\($0),\($1)", log: EventLog()) }, keepReleased: 1)
      let binding = ViewModelBinding()
      let a = binding.watch(cells(0, 0))
      binding.unbind(a)
      #expect(!a.isDisposed)
      #expect(binding.watch(cells(0, 0)) === a)
    }
  }
}
