import Registry
import Testing

/// Families of `Hashable` arguments hand back one spec per argument, so a body that calls them on
/// every render makes nothing new; proxies still apply.
@MainActor
@Suite struct FamilySpecCacheTests {
  @Test func everyFamilyReturnsTheSameSpecForEqualHashableArguments() {
    let one = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
      ProbeViewModel("\($0)", log: EventLog())
    })
    let two = ViewModelSpecWithArg2<ProbeViewModel, Int, String>(builder: {
      ProbeViewModel("\($0)\($1)", log: EventLog())
    })
    let three = ViewModelSpecWithArg3<ProbeViewModel, Int, String, Bool>(builder: {
      ProbeViewModel("\($0)\($1)\($2)", log: EventLog())
    })
    let four = ViewModelSpecWithArg4<ProbeViewModel, Int, String, Bool, Int>(builder: {
      ProbeViewModel("\($0)\($1)\($2)\($3)", log: EventLog())
    })
    #expect(one(1) === one(1))
    #expect(one(1) !== one(2))
    #expect(two(1, "a") === two(1, "a"))
    #expect(two(1, "a") !== two(1, "b"))
    #expect(three(1, "a", true) === three(1, "a", true))
    #expect(four(1, "a", true, 2) === four(1, "a", true, 2))
    #expect(four(1, "a", true, 2) !== four(1, "a", true, 3))
  }

  @Test func aDroppedFamilyIsFreedWhileTheSpecsItMadeStillWork() {
    withTestRegistry { registry, _ in
      weak var weakFamily: ViewModelSpecWithArg<ProbeViewModel, Int>?
      var spec: ViewModelSpec<ProbeViewModel>?
      do {
        let family = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
          ProbeViewModel("row \($0)", log: EventLog())
        })
        weakFamily = family
        spec = family(1)
        #expect(family(1) === spec)
      }
      // Its cache keeps its specs; they do not keep it.
      #expect(weakFamily == nil)
      let binding = ViewModelBinding()
      #expect(binding.watch(spec!).name == "row 1")
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aCachedSpecOfSeveralArgumentsKeepsItsKeyAndFollowsAProxy() {
    withTestRegistry { _, _ in
      let rows = ViewModelSpecWithArg2<ProbeViewModel, Int, String>(builder: {
        ProbeViewModel("row \($0) \($1)", log: EventLog())
      })
      let binding = ViewModelBinding()
      let first = binding.watch(rows(1, "a"))
      #expect(binding.watch(rows(1, "a")) === first)
      #expect(first.createArg?.key == AnyHashable(ArgumentKeyProbe.key(1, "a")))
      ViewModelRegistry.current.setProxy(
        ViewModelSpecWithArg2(builder: { ProbeViewModel("mock \($0) \($1)", log: EventLog()) }),
        for: rows)
      let other = ViewModelBinding()
      #expect(other.watch(rows(2, "b")).name == "mock 2 b")
      ViewModelRegistry.current.clearProxy(for: rows)
      binding.dispose()
      other.dispose()
    }
  }
}

/// The key a family of two arguments gives (1, "a"), read from an instance it built.
@MainActor
private enum ArgumentKeyProbe {
  static func key(_ a: Int, _ b: String) -> AnyHashable {
    let family = ViewModelSpecWithArg2<ProbeViewModel, Int, String>(builder: { _, _ in
      ProbeViewModel("probe", log: EventLog())
    })
    return family(a, b).key!
  }
}
