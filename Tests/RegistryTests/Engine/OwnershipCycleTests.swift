import Registry
import Testing

/// A view model that resolves another after construction, from a method, as apps do.
@MainActor
private final class Peer: ProbeViewModel {
  var peerSpec: ViewModelSpec<Peer>?
  var resolveInOnCreate = false

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    if resolveInOnCreate, let peerSpec { _ = viewModelBinding.watch(peerSpec) }
  }

  func connect() throws -> Peer? {
    guard let peerSpec else { return nil }
    return try viewModelBinding.watchThrowing(peerSpec)
  }
}

/// Ownership cycles made after construction: the edge that closes one is refused, so nothing
/// is left alive that nothing can release.
@MainActor
@Suite struct OwnershipCycleTests {
  private struct Pair {
    let a: ViewModelSpec<Peer>
    let b: ViewModelSpec<Peer>
    let box: Box<(a: ViewModelSpec<Peer>, b: ViewModelSpec<Peer>)?>

    /// The specs reference each other through the box: let go of them at the end.
    @MainActor func breakCycle() { box.value = nil }
  }

  private func pair(log: EventLog) -> Pair {
    let specs = Box<(a: ViewModelSpec<Peer>, b: ViewModelSpec<Peer>)?>(nil)
    let a = ViewModelSpec(key: "a") { () -> Peer in
      let peer = Peer("a", log: log)
      peer.peerSpec = specs.value?.b
      return peer
    }
    let b = ViewModelSpec(key: "b") { () -> Peer in
      let peer = Peer("b", log: log)
      peer.peerSpec = specs.value?.a
      return peer
    }
    specs.value = (a, b)
    return Pair(a: a, b: b, box: specs)
  }

  @Test func theEdgeThatClosesACycleIsRefusedAndNothingStaysAlive() throws {
    try withTestRegistry { registry, _ in
      let specs = pair(log: EventLog())
      let binding = ViewModelBinding()
      let a = binding.watch(specs.a)
      let b = try #require(try a.connect())
      #expect(
        throws: RegistryError.ownershipCycle(chain: [
          #"Peer(key: "b")"#, #"Peer(key: "a")"#, #"Peer(key: "b")"#,
        ])
      ) {
        _ = try b.connect()
      }
      // Nothing changed: a is held by the binding, b by a.
      let snapshot = registry.snapshot()
      #expect(snapshot.instances.map(\.holders.count) == [1, 1])
      binding.dispose()
      specs.breakCycle()
      #expect(registry.liveInstanceCount == 0)
      #expect(a.isDisposed && b.isDisposed)
    }
  }

  @Test func watchReportsTheCycleAndHandsBackTheInstanceUnheld() throws {
    try withTestRegistry { registry, reporter in
      let specs = pair(log: EventLog())
      let binding = ViewModelBinding()
      let a = binding.watch(specs.a)
      let b = try #require(try a.connect())
      #expect(b.viewModelBinding.watch(specs.a) === a)
      #expect(
        reporter.errors == [
          .ownershipCycle(chain: [#"Peer(key: "b")"#, #"Peer(key: "a")"#, #"Peer(key: "b")"#])
        ])
      binding.dispose()
      specs.breakCycle()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aViewModelHoldingItselfIsRefused() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "self") { Peer("self", log: log) }
      let binding = ViewModelBinding()
      let peer = binding.watch(spec)
      #expect(
        throws: RegistryError.ownershipCycle(chain: [#"Peer(key: "self")"#, #"Peer(key: "self")"#])
      ) {
        _ = try peer.viewModelBinding.watchThrowing(spec)
      }
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aLongerCycleIsRefusedWithItsWholeChain() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = Box<[ViewModelSpec<Peer>]>([])
      for name in ["a", "b", "c"] {
        let index = specs.value.count
        specs.value.append(
          ViewModelSpec(key: name) { () -> Peer in
            let peer = Peer(name, log: log)
            peer.peerSpec = specs.value[(index + 1) % 3]
            return peer
          })
      }
      let binding = ViewModelBinding()
      let a = binding.watch(specs.value[0])
      let b = try #require(try a.connect())
      let c = try #require(try b.connect())
      #expect(
        throws: RegistryError.ownershipCycle(chain: [
          #"Peer(key: "c")"#, #"Peer(key: "a")"#, #"Peer(key: "b")"#, #"Peer(key: "c")"#,
        ])
      ) {
        _ = try c.connect()
      }
      binding.dispose()
      specs.value = []  // the specs reference each other through this box
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aFreshInstanceWhoseOnCreateHoldsItsRequesterIsRefusedAndDisposed() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = Box<(a: ViewModelSpec<Peer>?, c: ViewModelSpec<Peer>?)>((nil, nil))
      let a = ViewModelSpec(key: "a") { () -> Peer in
        let peer = Peer("a", log: log)
        peer.peerSpec = specs.value.c
        return peer
      }
      let c = ViewModelSpec(key: "c") { () -> Peer in
        let peer = Peer("c", log: log)
        peer.peerSpec = specs.value.a
        peer.resolveInOnCreate = true
        return peer
      }
      specs.value = (a, c)
      let binding = ViewModelBinding()
      let first = binding.watch(a)
      // c is built for a, and in its onCreate holds a: a holding c would close the loop.
      #expect(throws: RegistryError.self) { _ = try first.connect() }
      #expect(log.events(startingWith: "dispose") == ["dispose c"])
      binding.dispose()
      specs.value = (nil, nil)  // the specs reference each other through this box
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func sharedDependenciesThatFormNoCycleAreAccepted() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let d = ViewModelSpec(key: "d") { Peer("d", log: log) }
      let b = ViewModelSpec(key: "b") { () -> Peer in
        let peer = Peer("b", log: log)
        peer.peerSpec = d
        peer.resolveInOnCreate = true
        return peer
      }
      let c = ViewModelSpec(key: "c") { () -> Peer in
        let peer = Peer("c", log: log)
        peer.peerSpec = d
        peer.resolveInOnCreate = true
        return peer
      }
      let binding = ViewModelBinding()
      _ = binding.watch(b)
      _ = binding.watch(c)
      // A diamond through d, and d held again later: no cycle.
      let extra = ViewModelBinding()
      _ = extra.watch(d)
      #expect(reporter.errors.isEmpty)
      #expect(registry.liveInstanceCount == 3)
      binding.dispose()
      extra.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }
}

/// The other ways a view model's binding can come to hold an instance: cached lookups and async
/// builds it waits for.
@MainActor
@Suite struct OwnershipCycleThroughLookupsTests {
  @Test func aCachedLookupThatWouldCloseACycleFindsButDoesNotHold() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let aSpec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
      let bSpec = ViewModelSpec(key: "b") { ProbeViewModel("b", log: log) }
      let binding = ViewModelBinding()
      let a = binding.watch(aSpec)
      let b = a.viewModelBinding.watch(bSpec)
      let found: ProbeViewModel? = b.viewModelBinding.maybeWatchCached(key: "a")
      #expect(found === a)
      #expect(
        reporter.errors == [
          .ownershipCycle(chain: [
            #"ProbeViewModel(key: "b")"#, #"ProbeViewModel(key: "a")"#,
            #"ProbeViewModel(key: "b")"#,
          ])
        ])
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func theThrowingCachedLookupsThrowTheCycleAndHoldNothing() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let aSpec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
      let bSpec = ViewModelSpec(key: "b") { ProbeViewModel("b", log: log) }
      let binding = ViewModelBinding()
      let a = binding.watch(aSpec)
      let b = a.viewModelBinding.watch(bSpec)
      let cycle = RegistryError.ownershipCycle(chain: [
        #"ProbeViewModel(key: "b")"#, #"ProbeViewModel(key: "a")"#, #"ProbeViewModel(key: "b")"#,
      ])
      let lookups: [() throws -> ProbeViewModel?] = [
        { try b.viewModelBinding.watchCached(key: "a") },
        { try b.viewModelBinding.readCached(key: "a") },
      ]
      let before = registry.snapshot()
      for lookup in lookups {
        #expect(throws: cycle) { try lookup() }
      }
      // Thrown, not reported, and nothing changed: b's binding holds nothing more.
      #expect(reporter.errors.isEmpty)
      #expect(registry.snapshot() == before)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func anAsyncBuildThatWouldCloseACycleFailsItsWaiter() async {
    let registry = ViewModelRegistry(name: "async")
    let log = EventLog()
    let aSpec = ViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
    let binding = ViewModelBinding(registry: registry)
    let a = binding.watch(aSpec)
    // b, built asynchronously for a, holds a in its onCreate.
    final class Holder: ProbeViewModel {
      let held: ViewModelSpec<ProbeViewModel>
      init(holding held: ViewModelSpec<ProbeViewModel>, log: EventLog) {
        self.held = held
        super.init("b", log: log)
      }
      override func onCreate(_ arg: InstanceArg) {
        super.onCreate(arg)
        _ = viewModelBinding.watch(held)
      }
    }
    let bSpec = AsyncViewModelSpec(key: "b") { () async -> ProbeViewModel in
      Holder(holding: aSpec, log: log)
    }
    await #expect(throws: RegistryError.self) { _ = try await a.viewModelBinding.watchAsync(bSpec) }
    binding.dispose()
    for _ in 0..<10 { await Task.yield() }
    #expect(registry.liveInstanceCount == 0)
  }

  @Test func anAsyncHoldThatWouldCloseACycleThrowsTheRegistryError() async throws {
    let registry = ViewModelRegistry(name: "async")
    let log = EventLog()
    let aSpec = AsyncViewModelSpec(key: "a") { ProbeViewModel("a", log: log) }
    let bSpec = AsyncViewModelSpec(key: "b") { ProbeViewModel("b", log: log) }
    let binding = ViewModelBinding(registry: registry)
    let a = try await binding.watchAsync(aSpec)
    let b = try await a.viewModelBinding.readAsync(bSpec)
    for hold in [true, false] {
      do {
        _ =
          hold
          ? try await b.viewModelBinding.watchAsync(aSpec)
          : try await b.viewModelBinding.readAsync(aSpec)
        Issue.record("the hold that closes the cycle was accepted")
      } catch let error as RegistryError {
        #expect(
          error
            == .ownershipCycle(chain: [
              #"ProbeViewModel(key: "b")"#, #"ProbeViewModel(key: "a")"#,
              #"ProbeViewModel(key: "b")"#,
            ]))
      }
    }
    #expect(registry.snapshot().instances.map(\.holders.count) == [1, 1])
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
  }
}
