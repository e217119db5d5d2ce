import Registry
import Testing

private struct Point {
  let x: Int
}

@MainActor
@Suite struct ViewModelSpecWithArgTests {
  @Test func hashableArgumentIsTheKey() throws {
    try withTestRegistry { _, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let users = ViewModelSpecWithArg<ProbeViewModel, String>(builder: { id in
        _ = builds.next()
        return ProbeViewModel(id, log: log)
      })
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let a = first.watch(users("u1"))
      #expect(second.watch(users("u1")) === a)
      #expect(first.watch(users("u2")) !== a)
      #expect(builds.count == 2)
      #expect(a.createArg?.key == AnyHashable("u1"))
      let cached: ProbeViewModel = try second.readCached(key: "u1")
      #expect(cached === a)
    }
  }

  /// Numbers and collections have their own `AnyHashable` form, which a family makes without
  /// `AnyHashable(_:)`: the key must be the one `AnyHashable(_:)` would give, found by the same
  /// lookups, whether the family is called where the argument is known to be `Hashable` or not.
  @Test func numberAndCollectionArgumentsAreTheKeyAnyHashableMakes() throws {
    try withTestRegistry { _, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      @MainActor func check<Arg: Hashable>(
        _ arg: Arg, _ family: ViewModelSpecWithArg<ProbeViewModel, Arg>
      )
        throws
      {
        let spec = family(arg)
        #expect(spec.key == AnyHashable(arg))
        #expect(spec.key?.base is Arg)
        #expect(unknownHashable(family, arg).key == AnyHashable(arg))
        let instance = binding.watch(spec)
        #expect(instance.createArg?.key == AnyHashable(arg))
        let cached: ProbeViewModel = try binding.readCached(key: AnyHashable(arg))
        #expect(cached === instance)
      }
      try check(5, ViewModelSpecWithArg(builder: { ProbeViewModel("i\($0)", log: log) }))
      try check(UInt8(6), ViewModelSpecWithArg(builder: { ProbeViewModel("u\($0)", log: log) }))
      try check(2.5, ViewModelSpecWithArg(builder: { ProbeViewModel("d\($0)", log: log) }))
      try check([1, 2], ViewModelSpecWithArg(builder: { ProbeViewModel("a\($0)", log: log) }))
      try check(
        Set(["s"]), ViewModelSpecWithArg(builder: { ProbeViewModel("s\($0)", log: log) }))
      try check("u1", ViewModelSpecWithArg(builder: { ProbeViewModel($0, log: log) }))
    }
  }

  @Test func keyFunctionChoosesTheKeyAndNilMeansPrivatePerArgument() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let keyed = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("n\($0)", log: log) }, key: { "note-\($0)" },
        tag: { _ in "notes" }, aliveForever: { $0 == 0 })
      let privateFamily = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("p\($0)", log: log) }, key: { _ in nil })
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let note = first.watch(keyed(7))
      #expect(note.createArg == InstanceArg(key: "note-7", tag: "notes", bindingId: first.id))
      #expect(first.watch(keyed(0)).createArg?.aliveForever == true)

      let mine = first.watch(privateFamily(1))
      #expect(first.watch(privateFamily(1)) === mine)
      // A spec made anew for the same argument (no spec cache on this path) names the same
      // private instance.
      #expect(first.watch(unknownHashable(privateFamily, 1)) === mine)
      #expect(first.watch(privateFamily(2)) !== mine)
      #expect(second.watch(privateFamily(1)) !== mine)
    }
  }

  /// A private instance of a family without a key is named by the family and the argument. The
  /// binding that holds it keeps the family's spec alive, so that a family made after the first
  /// one is gone, even at the same address, never names the instance the first one built. (The
  /// instance's own values keep it too, except when they are a copy: an `aliveForever` without
  /// a key is reported and built as an instance that is not kept, with values of its own.)
  @Test func aPrivateInstanceOfAFamilyGoneNeverAnswersForANewFamily() {
    withTestRegistry { _, reporter in
      let log = EventLog()
      let binding = ViewModelBinding()
      var held: [ProbeViewModel] = []
      // Families made and dropped one after another: the allocator hands a freed family's
      // memory to the next one, which is what would make two of them look alike.
      for round in 0..<50 {
        let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
          builder: { ProbeViewModel("round\(round)-\($0)", log: log) }, key: { _ in nil },
          aliveForever: { _ in true })
        let instance = binding.watch(family(1))
        #expect(instance.name == "round\(round)-1")
        #expect(!held.contains { $0 === instance })
        held.append(instance)
      }
      #expect(Set(held.map(\.name)).count == 50)
      #expect(reporter.issues.count == 50)
      binding.dispose()
      #expect(held.allSatisfy { $0.isDisposed })
    }
  }

  /// What a binding keeps alive for a private family instance it holds (the instance's spec) it
  /// lets go of with the instance, not when the binding goes.
  @Test func theSpecKeptForAPrivateFamilyInstanceGoesWithTheInstance() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      _ = binding.watch(ViewModelSpec(key: "first") { ProbeViewModel("first", log: log) })
      weak var weakSpec: ViewModelSpec<ProbeViewModel>?
      let instance: ProbeViewModel
      do {
        let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
          builder: { ProbeViewModel("p\($0)", log: log) }, key: { _ in nil })
        let spec = family(1)
        weakSpec = spec
        instance = binding.watch(spec)
      }
      // The family and its cache are gone; the binding keeps the spec while it holds the instance.
      #expect(weakSpec != nil)
      binding.unbind(instance)
      #expect(instance.isDisposed)
      #expect(weakSpec == nil)
      binding.dispose()
    }
  }

  @Test func nonHashableArgumentWithoutKeyBuildsPerSpec() {
    withTestRegistry { registry, _ in
      let family = ViewModelSpecWithArg<ProbeViewModel, Point>(builder: {
        ProbeViewModel("x\($0.x)", log: EventLog())
      })
      let binding = ViewModelBinding()
      let spec = family(Point(x: 1))
      let a = binding.watch(spec)
      #expect(binding.watch(spec) === a)
      #expect(binding.watch(family(Point(x: 1))) !== a)
      #expect(a.createArg?.key == nil)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func multiArgumentFamiliesKeyByAllArguments() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let two = ViewModelSpecWithArg2<ProbeViewModel, String, Int>(builder: {
        ProbeViewModel("\($0)-\($1)", log: log)
      })
      let three = ViewModelSpecWithArg3<ProbeViewModel, String, Int, Bool>(
        builder: { ProbeViewModel("\($0)\($1)\($2)", log: log) }, key: { "\($0)|\($1)|\($2)" })
      let four = ViewModelSpecWithArg4<ProbeViewModel, Int, Int, Int, Int>(
        builder: { ProbeViewModel("\($0 + $1 + $2 + $3)", log: log) },
        tag: { a, _, _, _ in a })
      let binding = ViewModelBinding()
      let other = ViewModelBinding()
      let a = binding.watch(two("a", 1))
      #expect(other.watch(two("a", 1)) === a)
      #expect(binding.watch(two("a", 2)) !== a)
      #expect("\(a.createArg!.key!)" == "(\"a\", 1)")
      #expect(binding.watch(three("x", 1, true)).createArg?.key == AnyHashable("x|1|true"))
      let sum = binding.watch(four(1, 2, 3, 4))
      #expect(sum.name == "10")
      #expect(sum.tag == AnyHashable(1))
      #expect(other.watch(four(1, 2, 3, 4)) === sum)
    }
  }
}

/// A family called where its argument is not known to be `Hashable`: the overload without the
/// spec cache, which makes the key through the family's key function.
@MainActor
private func unknownHashable<Arg>(
  _ family: ViewModelSpecWithArg<ProbeViewModel, Arg>, _ arg: Arg
) -> ViewModelSpec<ProbeViewModel> {
  family(arg)
}
