import Registry
import Testing

/// A view model that resolves another spec while it is being created.
@MainActor
private final class NeedsViewModel: ProbeViewModel {
  var needs: (() -> ViewModelSpec<NeedsViewModel>)?
  var caught: (any Error)?

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    guard let needs else { return }
    do {
      _ = try viewModelBinding.watchThrowing(needs())
    } catch {
      caught = error
    }
  }
}

@MainActor
@Suite struct CycleTests {
  @Test func cycleThroughBuildersIsThrownWithTheWholeChain() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      var aSpec: ViewModelSpec<ProbeViewModel>!
      let bSpec = ViewModelSpec<ProbeViewModel>(
        key: "b",
        throwingBuilder: {
          let model = ProbeViewModel("b", log: log)
          _ = try model.viewModelBinding.watchThrowing(aSpec)
          return model
        })
      aSpec = ViewModelSpec<ProbeViewModel>(
        key: "a",
        throwingBuilder: {
          let model = ProbeViewModel("a", log: log)
          _ = try model.viewModelBinding.watchThrowing(bSpec)
          return model
        })
      let binding = ViewModelBinding()
      let expected = RegistryError.cycle(chain: [
        "ProbeViewModel(key: \"a\")", "ProbeViewModel(key: \"b\")", "ProbeViewModel(key: \"a\")",
      ])
      #expect(throws: expected) { try binding.watchThrowing(aSpec) }
      #expect(registry.liveInstanceCount == 0)
      aSpec = nil  // the specs reference each other through this variable
      #expect(log.events.isEmpty)
      #expect(
        expected.description == """
          Circular ViewModel construction: a dependency cycle while building ProbeViewModel(key: "a").
            Chain: ProbeViewModel(key: "a") → ProbeViewModel(key: "b") → ProbeViewModel(key: "a")
          Each instance in the chain needs the next one to exist first, so none can be built; nothing was registered.
          To fix, break the cycle: resolve one side lazily (after onCreate, on demand) or move the shared part into its own spec.
          """)
    }
  }

  /// The chain is the cycle: "a build that led to the cycle without being part of it is not in
  /// it". X builds A, A needs B, B needs A: the chain is A → B → A, and X's build fails with it.
  @Test func aBuildThatLedToTheCycleIsNotInTheChain() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let aSpec = Box<ViewModelSpec<ProbeViewModel>?>(nil)
      let bSpec = ViewModelSpec<ProbeViewModel>(
        key: "b",
        throwingBuilder: {
          let model = ProbeViewModel("b", log: log)
          _ = try model.viewModelBinding.watchThrowing(aSpec.value!)
          return model
        })
      aSpec.value = ViewModelSpec<ProbeViewModel>(
        key: "a",
        throwingBuilder: {
          let model = ProbeViewModel("a", log: log)
          _ = try model.viewModelBinding.watchThrowing(bSpec)
          return model
        })
      let xSpec = ViewModelSpec<ProbeViewModel>(
        key: "x",
        throwingBuilder: {
          let model = ProbeViewModel("x", log: log)
          _ = try model.viewModelBinding.watchThrowing(aSpec.value!)
          return model
        })
      let binding = ViewModelBinding()
      #expect(
        throws: RegistryError.cycle(chain: [
          "ProbeViewModel(key: \"a\")", "ProbeViewModel(key: \"b\")", "ProbeViewModel(key: \"a\")",
        ])
      ) { try binding.watchThrowing(xSpec) }
      #expect(registry.liveInstanceCount == 0)
      aSpec.value = nil  // the specs reference each other through the box
      binding.dispose()
    }
  }

  @Test func cycleThroughOnCreateIsCaughtAndNothingHalfBuiltStays() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      var aSpec: ViewModelSpec<NeedsViewModel>!
      let bSpec = ViewModelSpec<NeedsViewModel>(key: "b") {
        let model = NeedsViewModel("b", log: log)
        model.needs = { aSpec }
        return model
      }
      aSpec = ViewModelSpec<NeedsViewModel>(key: "a") {
        let model = NeedsViewModel("a", log: log)
        model.needs = { bSpec }
        return model
      }
      let binding = ViewModelBinding()
      let a = binding.watch(aSpec)
      // b's onCreate found the cycle back to a; b caught it, so b was built and then held by a.
      let b: NeedsViewModel = try! binding.readCached(key: "b")
      #expect(
        b.caught as? RegistryError
          == .cycle(chain: [
            "NeedsViewModel(key: \"a\")", "NeedsViewModel(key: \"b\")",
            "NeedsViewModel(key: \"a\")",
          ]))
      #expect(a.caught == nil)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
      aSpec = nil  // the specs reference each other through this variable
    }
  }

  @Test func sameTypeWithDifferentKeysIsNotACycle() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let users = Box<ViewModelSpecWithArg<ProbeViewModel, Int>?>(nil)
      users.value = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: { id in
        let model = ProbeViewModel("user\(id)", log: log)
        if id < 3, let next = users.value?(id + 1) { _ = model.viewModelBinding.watch(next) }
        return model
      })
      let binding = ViewModelBinding()
      _ = binding.watch(users.value!(1))
      #expect(registry.liveInstanceCount == 3)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
      users.value = nil  // the family references itself through this box
    }
  }

  @Test func privateSpecThatNeedsItselfIsACycle() {
    withTestRegistry { registry, _ in
      var spec: ViewModelSpec<ProbeViewModel>!
      spec = ViewModelSpec<ProbeViewModel>(throwingBuilder: {
        let model = ProbeViewModel("self", log: EventLog())
        _ = try model.viewModelBinding.watchThrowing(spec)
        return model
      })
      #expect(
        throws: RegistryError.cycle(chain: ["ProbeViewModel(private)", "ProbeViewModel(private)"])
      ) {
        try ViewModelBinding().watchThrowing(spec)
      }
      #expect(registry.liveInstanceCount == 0)
      spec = nil  // the spec references itself through this variable
    }
  }

  /// A chain `link0 → link1 → … → link(length-1)` whose last link needs `link(closesAt)`, or
  /// nothing when `closesAt` is nil. Each builder finds its successor in the returned table,
  /// which it does not keep: the caller does.
  private func chain(length: Int, closesAt: Int?, log: EventLog) -> SpecTable {
    var specs: [ViewModelSpec<ProbeViewModel>] = []
    let table = SpecTable()
    for index in 0..<length {
      specs.append(
        ViewModelSpec<ProbeViewModel>(
          key: "link\(index)",
          throwingBuilder: { [unowned table] in
            let model = ProbeViewModel("link\(index)", log: log)
            let next = index + 1 < length ? index + 1 : closesAt
            if let next { _ = try model.viewModelBinding.watchThrowing(table.specs[next]) }
            return model
          }))
    }
    table.specs = specs
    return table
  }

  @MainActor private final class SpecTable {
    var specs: [ViewModelSpec<ProbeViewModel>] = []
  }

  @Test(arguments: [3, 25])
  func aCycleInALongChainIsFoundWithTheChainFromWhereItCloses(closesAt: Int) {
    withTestRegistry { registry, _ in
      let log = EventLog()
      // Deeper than the stack scans without its hash buckets; the cycle closes on a frame pushed
      // before the buckets existed (3) or after (25).
      let specs = chain(length: 40, closesAt: closesAt, log: log)
      let binding = ViewModelBinding()
      let expected = RegistryError.cycle(
        chain: (closesAt..<40).map { "ProbeViewModel(key: \"link\($0)\")" }
          + ["ProbeViewModel(key: \"link\(closesAt)\")"])
      #expect(throws: expected) { try binding.watchThrowing(specs.specs[0]) }
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func longChainsBuildAgainAndShortCyclesAreStillFoundAfterThem() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let long = chain(length: 60, closesAt: nil, log: log)
      // Built, disposed and built again: every frame the first build pushed was popped.
      for _ in 0..<2 {
        let binding = ViewModelBinding()
        _ = try binding.watchThrowing(long.specs[0])
        #expect(registry.liveInstanceCount == 60)
        binding.dispose()
        #expect(registry.liveInstanceCount == 0)
      }
      // The stack now counts frames by hash: a short cycle is still found, one that is not a
      // cycle still builds.
      let short = chain(length: 3, closesAt: 0, log: log)
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.self) { try binding.watchThrowing(short.specs[0]) }
      let fine = chain(length: 3, closesAt: nil, log: log)
      _ = try binding.watchThrowing(fine.specs[0])
      #expect(registry.liveInstanceCount == 3)
      binding.dispose()
    }
  }
  /// The build stack does not keep what it names alive: the build that pushed a frame does. A
  /// cycle through specs each made for one call, kept by nothing but that call, still names
  /// every link (under the address sanitizer, a frame that outlived its spec would be caught).
  @Test func aCycleThroughSpecsMadeForOneCallEachNamesEveryLink() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let next = Box<((Int) -> ViewModelSpec<ProbeViewModel>)?>(nil)
      next.value = { depth in
        ViewModelSpec(key: "once\(depth % 3)") { () throws -> ProbeViewModel in
          let model = ProbeViewModel("once\(depth)", log: log)
          _ = try model.viewModelBinding.watchThrowing(next.value!(depth + 1))
          return model
        }
      }
      let binding = ViewModelBinding()
      #expect(
        throws: RegistryError.cycle(chain: [
          "ProbeViewModel(key: \"once0\")", "ProbeViewModel(key: \"once1\")",
          "ProbeViewModel(key: \"once2\")", "ProbeViewModel(key: \"once0\")",
        ])
      ) { try binding.watchThrowing(next.value!(0)) }
      #expect(registry.liveInstanceCount == 0)
      next.value = nil  // the closure references itself through this box
    }
  }
}
