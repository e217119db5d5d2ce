import Registry
import Testing

private struct ScenarioFailure: Error {}

@MainActor
@Suite struct ViewModelSpecProxyTests {
  @Test func proxyBuildsLaterResolutionsAndClearRestores() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "auth") { ProbeViewModel("real", log: log) }
      let binding = ViewModelBinding()
      ViewModelRegistry.current.setProxy(
        ViewModelSpec(key: "auth") { ProbeViewModel("mock", log: log) }, for: spec)
      let mocked = binding.watch(spec)
      #expect(mocked.name == "mock")
      binding.unbind(mocked)
      ViewModelRegistry.current.clearProxy(for: spec)
      #expect(binding.watch(spec).name == "real")
    }
  }

  @Test func proxyOfAFamilyAppliesToEveryArgument() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let users = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("real\($0)", log: log)
      })
      ViewModelRegistry.current.setProxy(
        ViewModelSpecWithArg(builder: { ProbeViewModel("mock\($0)", log: log) }), for: users)
      let binding = ViewModelBinding()
      #expect(binding.watch(users(1)).name == "mock1")
      #expect(binding.watch(users(2)).name == "mock2")
      ViewModelRegistry.current.clearProxy(for: users)
      #expect(binding.watch(users(3)).name == "real3")
    }
  }

  @Test func proxiesOfMultiArgumentFamilies() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let pairs = ViewModelSpecWithArg2<ProbeViewModel, Int, Int>(builder: {
        ProbeViewModel("real\($0)\($1)", log: log)
      })
      let binding = ViewModelBinding()
      ViewModelRegistry.current.withProxy(
        ViewModelSpecWithArg2(builder: { ProbeViewModel("mock\($0)\($1)", log: log) }), for: pairs
      ) {
        #expect(binding.watch(pairs(1, 2)).name == "mock12")
      }
      #expect(binding.watch(pairs(3, 4)).name == "real34")
    }
  }

  @Test func withProxyRestoresEvenWhenTheOperationThrows() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "k") { ProbeViewModel("real", log: log) }
      let outer = ViewModelSpec(key: "k") { ProbeViewModel("outer", log: log) }
      let inner = ViewModelSpec(key: "k") { ProbeViewModel("inner", log: log) }
      ViewModelRegistry.current.setProxy(outer, for: spec)
      #expect(throws: ScenarioFailure.self) {
        try ViewModelRegistry.current.withProxy(inner, for: spec) {
          let binding = ViewModelBinding()
          #expect(binding.watch(spec).name == "inner")
          binding.dispose()
          throw ScenarioFailure()
        }
      }
      let binding = ViewModelBinding()
      #expect(binding.watch(spec).name == "outer")
    }
  }

  @Test func privateInstanceKeepsItsSlotWhenAProxyIsInstalled() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let spec = ViewModelSpec { ProbeViewModel("real", log: log) }
      let binding = ViewModelBinding()
      let original = binding.watch(spec)
      ViewModelRegistry.current.setProxy(
        ViewModelSpec { ProbeViewModel("mock", log: log) }, for: spec)
      #expect(binding.watch(spec) === original)
      #expect(ViewModelBinding().watch(spec).name == "mock")
    }
  }

  @Test func proxiesAreLocalToTheirRegistry() {
    let log = EventLog()
    let spec = ViewModelSpec(key: "k") { ProbeViewModel("real", log: log) }
    let mocked = ViewModelRegistry(name: "mocked")
    let plain = ViewModelRegistry(name: "plain")
    mocked.setProxy(ViewModelSpec(key: "k") { ProbeViewModel("mock", log: log) }, for: spec)
    #expect(ViewModelBinding(registry: mocked).watch(spec).name == "mock")
    #expect(ViewModelBinding(registry: plain).watch(spec).name == "real")
    mocked.clearAllProxies()
    #expect(ViewModelBinding(registry: mocked).watch(spec).name == "real")
  }
}
