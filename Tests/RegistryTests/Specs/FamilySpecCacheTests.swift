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

  /// The caches are made with the family, keyed as its lookups key them, whatever the kind of
  /// `Hashable` argument: an `Int`, a `String`, an optional, a subclass whose conformance is its
  /// superclass's, an `AnyHashable`. Each finds its spec again, and its origin where the family
  /// resolves by argument (not for an optional); a debug build checks the cache's type at each
  /// lookup, so a cache of another key type stops the test. Both forms find one instance.
  @Test func everyKindOfHashableArgumentFindsItsSpecAndItsInstanceAgain() {
    class Base: Hashable {
      let id: Int
      init(_ id: Int) { self.id = id }
      static func == (lhs: Base, rhs: Base) -> Bool { lhs.id == rhs.id }
      func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }
    final class Derived: Base {}
    func check<Arg: Hashable>(_ first: Arg, _ second: Arg) {
      withTestRegistry { _, _ in
        let family = ViewModelSpecWithArg<ProbeViewModel, Arg>(builder: {
          ProbeViewModel("\($0)", log: EventLog())
        })
        let binding = ViewModelBinding()
        #expect(family(first) === family(first), "\(Arg.self)")
        #expect(family(first) !== family(second), "\(Arg.self)")
        let direct = binding.watch(family, first)
        #expect(binding.watch(family, first) === direct, "\(Arg.self)")
        #expect(binding.watch(family(first)) === direct, "\(Arg.self)")
        #expect(binding.watch(family, second) !== direct, "\(Arg.self)")
        binding.dispose()
      }
    }
    check(1, 2)
    check("a", "b")
    check(Int?.some(1), nil)
    check(Derived(1), Derived(2))
    check(AnyHashable(1), AnyHashable("1"))
  }

  /// Making a spec runs the family's key function, which may call the family again: each call
  /// gets its own spec, and both stay cached.
  @Test func aKeyFunctionThatCallsItsFamilyAgainKeepsBothSpecs() {
    final class FamilyBox {
      var family: ViewModelSpecWithArg<ProbeViewModel, Int>?
      var keysMade: [Int] = []
    }
    let box = FamilyBox()
    let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
      builder: { ProbeViewModel("\($0)", log: EventLog()) },
      key: { argument in
        box.keysMade.append(argument)
        if argument < 3 { _ = box.family?(argument + 1) }
        return "k\(argument)"
      })
    box.family = family
    // The family's key function keeps the box, which keeps the family: let go of it at the end.
    defer { box.family = nil }
    let first = family(0)
    // 0's key function asked for 1, whose asked for 2, whose asked for 3.
    #expect(box.keysMade == [0, 1, 2, 3])
    #expect(first.key == AnyHashable("k0"))
    #expect(family(0) === first)
    // The specs made inside were kept: asking again runs no key function.
    let nested = family(2)
    #expect(nested.key == AnyHashable("k2"))
    #expect(family(3).key == AnyHashable("k3"))
    #expect(box.keysMade == [0, 1, 2, 3])
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

/// A proxy set on one argument's spec names the argument, not the spec object: the family's
/// cache starting again (after 256 other arguments) makes a new spec object for it, which the
/// proxy still builds, and which clears it.
@MainActor
@Suite struct FamilyArgumentProxyTests {
  /// Calls `family` with 300 other arguments: more than its cache keeps.
  private func churn<Arg>(_ family: (Arg) -> Void, _ make: (Int) -> Arg) {
    for index in 1_000..<1_300 { family(make(index)) }
  }

  @Test func aProxyOnOneArgumentOutlivesTheCachesRestart() {
    withTestRegistry { registry, _ in
      let users = ViewModelSpecWithArg<ProbeViewModel, String>(builder: {
        ProbeViewModel("real \($0)", log: EventLog())
      })
      let before = users("u1")
      registry.setProxy(for: before) { ProbeViewModel("mock u1", log: EventLog()) }
      churn({ _ = users($0) }, { "u\($0)" })
      let after = users("u1")
      #expect(after !== before)
      let binding = ViewModelBinding()
      #expect(binding.watch(after).name == "mock u1")
      #expect(binding.watch(users("u2")).name == "real u2")
      binding.dispose()

      registry.clearProxy(for: users("u1"))
      churn({ _ = users($0) }, { "u\($0)" })
      let cleared = ViewModelBinding()
      #expect(cleared.watch(users("u1")).name == "real u1")
      cleared.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aScopedProxyOnOneArgumentOfAPackFamilyOutlivesTheCachesRestart() {
    withTestRegistry { registry, _ in
      let rows = ViewModelSpecWithArg2<ProbeViewModel, Int, String>(builder: {
        ProbeViewModel("real \($0) \($1)", log: EventLog())
      })
      let spec = rows(1, "a")
      registry.withProxy(for: spec, builder: { ProbeViewModel("mock", log: EventLog()) }) {
        churn({ _ = rows($0, "a") }, { $0 })
        #expect(rows(1, "a") !== spec)
        let binding = ViewModelBinding()
        #expect(binding.watch(rows(1, "a")).name == "mock")
        #expect(binding.watch(rows(2, "a")).name == "real 2 a")
        binding.dispose()
      }
      let binding = ViewModelBinding()
      #expect(binding.watch(rows(1, "a")).name == "real 1 a")
      binding.dispose()
    }
  }

  @Test func aProxyOnANilOptionalArgumentOutlivesTheCachesRestart() {
    withTestRegistry { registry, _ in
      let users = ViewModelSpecWithArg<ProbeViewModel, String?>(builder: {
        ProbeViewModel("real \($0 ?? "nobody")", log: EventLog())
      })
      registry.setProxy(for: users(nil)) { ProbeViewModel("mock nobody", log: EventLog()) }
      churn({ _ = users($0) }, { "u\($0)" })
      let binding = ViewModelBinding()
      #expect(binding.watch(users(nil)).name == "mock nobody")
      #expect(binding.watch(users("u1")).name == "real u1")
      binding.dispose()
    }
  }

  /// An argument that is not equal to itself (`Double.nan`) has no cached spec to come back to:
  /// its proxy stays on the spec object it was set on, and clearing it there empties the table.
  @Test func aProxyOnAnArgumentNotEqualToItselfStaysOnItsSpec() {
    withTestRegistry { registry, _ in
      let readings = ViewModelSpecWithArg<ProbeViewModel, Double>(builder: {
        ProbeViewModel("real \($0)", log: EventLog())
      })
      let spec = readings(.nan)
      registry.setProxy(for: spec) { ProbeViewModel("mock", log: EventLog()) }
      let binding = ViewModelBinding()
      #expect(binding.watch(spec).name == "mock")
      binding.dispose()
      registry.clearProxy(for: spec)
      let other = ViewModelBinding()
      #expect(other.watch(spec).name == "real nan")
      other.dispose()
    }
  }

  @Test func aProxyOnAnArgumentIsNotAProxyOnAnEqualArgumentOfAnotherFamily() {
    withTestRegistry { registry, _ in
      let first = ViewModelSpecWithArg<ProbeViewModel, String>(builder: {
        ProbeViewModel("first \($0)", log: EventLog())
      })
      let second = ViewModelSpecWithArg<ProbeViewModel, String>(builder: {
        ProbeViewModel("second \($0)", log: EventLog())
      })
      registry.setProxy(for: first("u1")) { ProbeViewModel("mock", log: EventLog()) }
      // One at a time: both families share their instances by (type, key), so a live one
      // would be found rather than built.
      let binding = ViewModelBinding()
      #expect(binding.watch(first("u1")).name == "mock")
      binding.dispose()
      let other = ViewModelBinding()
      #expect(other.watch(second("u1")).name == "second u1")
      other.dispose()
    }
  }
}
