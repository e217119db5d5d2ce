import Registry
import Testing

@MainActor
@Suite struct CurrentRegistryTests {
  /// ViewModelRegistry: the async `withCurrent` "Runs the async `operation` with this registry as
  /// ``current``; tasks it starts inherit it" — also when it starts inside another registry's
  /// synchronous `withCurrent`, where a view model made by hand belongs to the current registry.
  @Test func asyncWithCurrentInsideAnotherRegistrysFrameMakesItsOwnRegistryCurrent() async {
    let outer = ViewModelRegistry(name: "outer")
    let inner = ViewModelRegistry(name: "inner")
    let dependency = ViewModelSpec(key: "dependency") { ProbeViewModel("d", log: EventLog()) }
    let task = outer.withCurrent {
      // Runs at once, inside outer's synchronous frame, up to its first suspension.
      Task.immediate { @MainActor in
        // An async closure: the async `withCurrent`, not the synchronous one.
        await inner.withCurrent { () async -> ProbeViewModel in
          let byHand = ProbeViewModel("by hand", log: EventLog())
          _ = byHand.viewModelBinding.watch(dependency)
          return byHand
        }
      }
    }
    let byHand = await task.value
    #expect(inner.liveInstanceCount == 1)
    #expect(outer.liveInstanceCount == 0)
    byHand.viewModelBinding.dispose()
    inner.disposeAll()
    outer.disposeAll()
  }
}
