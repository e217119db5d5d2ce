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

  /// `withCurrent` "Runs `operation` with this registry as ``current``: bindings, proxies and
  /// view models created inside it belong here" — also when it runs inside another registry's
  /// build, where that registry was current.
  @Test func aWithCurrentInsideAnotherRegistrysBuildMakesItsOwnRegistryCurrent() {
    let outer = ViewModelRegistry(name: "outer")
    let inner = ViewModelRegistry(name: "inner")
    var madeInside: [ViewModelRegistry] = []
    let spec = ViewModelSpec(key: "k") { () -> ProbeViewModel in
      inner.withCurrent {
        madeInside.append(ViewModelBinding().registry)
        madeInside.append(ProbeViewModel("by hand", log: EventLog()).viewModelBinding.registry)
      }
      return ProbeViewModel("k", log: EventLog())
    }
    let binding = outer.withCurrent {
      let binding = ViewModelBinding()
      _ = binding.watch(spec)
      return binding
    }
    #expect(madeInside.map(\.name) == ["inner", "inner"])
    binding.dispose()
    inner.disposeAll()
    outer.disposeAll()
  }
}
