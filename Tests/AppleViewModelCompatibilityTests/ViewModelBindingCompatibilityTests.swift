import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// A factory written by hand, as AppleViewModel users write them.
@MainActor
private final class CounterFactory: ViewModelFactory {
  let id: String?
  var builds = 0

  init(id: String? = nil) { self.id = id }

  func build() -> CompatCounter {
    builds += 1
    return CompatCounter()
  }

  func key() -> AnyHashable? { id.map { "counter-\($0)" } }
  func tag() -> AnyHashable? { "counters" }
}

@MainActor
private final class FailingFactory: ViewModelFactory {
  func build() -> CompatCounter { CompatCounter() }
  func buildThrowing() throws -> CompatCounter { throw CompatFailure() }
  func aliveForever() -> Bool { true }
  func key() -> AnyHashable? { "failing" }
}

/// A binding subclass with AppleViewModel's overridable members.
@MainActor
private final class ScreenBinding: ViewModelBinding {
  var log: [String] = []

  override func onUpdate() {
    super.onUpdate()
    log.append("update")
  }

  override func onPause() { log.append("pause") }
  override func onResume() {
    super.onResume()
    log.append("resume")
  }

  override func dispose() {
    log.append("dispose")
    super.dispose()
  }
}

/// A tagged view model that opens a child after it was built; the child finds it by tag.
@MainActor
private final class TaggedParent: ViewModel {
  var childSpec: ViewModelSpec<TagReadingChild>?

  func openChild() throws -> TagReadingChild? {
    guard let childSpec else { return nil }
    return try viewModelBinding.readThrowing(childSpec)
  }
}

/// Holds, from its `onCreate`, every `TaggedParent` tagged "parents": its parent among them.
@MainActor
private final class TagReadingChild: ViewModel {
  private(set) var parents: [TaggedParent] = []

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    parents = viewModelBinding.readCachesByTag("parents")
  }
}

/// The tag lookups that hold what they find, each run the way a caller writes it.
enum TagLookup: String, CaseIterable, Sendable {
  case watch = "watchCachesByTag(_:)"
  case read = "readCachesByTag(_:)"
  case watchThrowing = "watchCachesByTagThrowing(_:)"
  case readThrowing = "readCachesByTagThrowing(_:)"

  @MainActor
  func run(_ tag: AnyHashable, on binding: ViewModelBinding) throws -> [CompatCounter] {
    switch self {
    case .watch: binding.watchCachesByTag(tag)
    case .read: binding.readCachesByTag(tag)
    case .watchThrowing: try binding.watchCachesByTagThrowing(tag)
    case .readThrowing: try binding.readCachesByTagThrowing(tag)
    }
  }
}

@MainActor
@Suite struct ViewModelBindingCompatibilityTests {
  // Troubleshooting: "The tag lookups (`watchCachesByTag` and its kin, their throwing forms
  // included) hold what they find one at a time, so they report a refused hold, leave that
  // instance out, and go on with the rest."
  @Test(arguments: TagLookup.allCases)
  func aTagLookupReportsARefusedHoldAndGoesOnWithTheRest(lookup: TagLookup) throws {
    try withTestRegistry { registry, reporter in
      let root = ViewModelBinding()
      let maker = ViewModelBinding()
      let a = root.watch(ViewModelSpec<CompatCounter>(key: "a", tag: "t") { CompatCounter() })
      let b = a.viewModelBinding.watch(
        ViewModelSpec<CompatCounter>(key: "b", tag: "other") { CompatCounter() })
      let c = maker.watch(ViewModelSpec<CompatCounter>(key: "c", tag: "t") { CompatCounter() })
      let p = maker.watch(ViewModelSpec<CompatCounter>(tag: "t") { CompatCounter() })
      // b's own binding finds p, c and a; holding a, which holds b, would close a ring.
      let found = try lookup.run("t", on: b.viewModelBinding)
      #expect(found.map(ObjectIdentifier.init) == [p, c].map(ObjectIdentifier.init))
      #expect(b.viewModelBinding.holds(p) && b.viewModelBinding.holds(c))
      #expect(!b.viewModelBinding.holds(a))
      #expect(a.onBindCalls == 1)
      #expect(
        reporter.errors == [
          .ownershipCycle(chain: [
            #"CompatCounter(key: "b")"#, #"CompatCounter(key: "a")"#, #"CompatCounter(key: "b")"#,
          ])
        ])
      #expect(
        reporter.issues.map(\.error.description) == [
          """
          Circular ViewModel dependency: CompatCounter(key: "b") would hold an instance that already holds it.
            Chain: CompatCounter(key: "b") → CompatCounter(key: "a") → CompatCounter(key: "b")
          Each view model in the chain keeps the next one alive, so none of them could ever be released; nothing was held.
          To fix, let one side refer to the other without holding it (pass it in, or keep a weak reference), or move what both need into a third view model that both hold.
          """
        ])
      maker.dispose()
      #expect(!p.isDisposed && !c.isDisposed)
      root.dispose()
      #expect(a.isDisposed && b.isDisposed && p.isDisposed && c.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// "A hold that would close an ownership cycle is refused": a child that holds its parent
  /// through a tag lookup while it is built, then held by that parent, would make an island.
  @Test func aChildThatHoldsItsParentByTagIsNotHeldBackByIt() {
    withTestRegistry { registry, _ in
      let parentSpec = ViewModelSpec<TaggedParent>(key: "p", tag: "parents") { TaggedParent() }
      let binding = ViewModelBinding()
      let parent = binding.watch(parentSpec)
      parent.childSpec = ViewModelSpec<TagReadingChild>(key: "c") { TagReadingChild() }
      #expect(
        throws: RegistryError.ownershipCycle(chain: [
          #"TaggedParent(key: "p")"#, #"TagReadingChild(key: "c")"#, #"TaggedParent(key: "p")"#,
        ])
      ) {
        _ = try parent.openChild()
      }
      binding.dispose()
      #expect(parent.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func recycleDisposesWhoeverHoldsItAndTheNextResolutionBuildsAnew() {
    withTestRegistry { _, reporter in
      let spec = ViewModelSpec<CompatCounter>(key: "session", aliveForever: true) {
        CompatCounter()
      }
      var refreshes = 0
      let watcher = ViewModelBinding { refreshes += 1 }
      let reader = ViewModelBinding()
      let first = watcher.watch(spec)
      reader.read(spec)
      reader.recycle(first)
      #expect(first.isDisposed)
      #expect(first.onUnbindCalls == 2)
      #expect(refreshes == 1)
      let second = watcher.watch(spec)
      #expect(second !== first)
      #expect(reporter.issues.isEmpty)
    }
  }

  @Test func recycleReportsADisposedOrHandMadeInstance() {
    withTestRegistry { _, reporter in
      let binding = ViewModelBinding()
      let counter = binding.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      binding.recycle(counter)
      binding.recycle(counter)
      binding.recycle(CompatCounter())
      #expect(
        reporter.errors == [
          .viewModelDisposed(operation: "recycle(_:)", type: "CompatCounter", key: "\"k\""),
          .notRegistered(operation: "recycle(_:)", type: "CompatCounter"),
        ])
      #expect(
        reporter.errors.last?.description == """
          recycle(_:) was given a CompatCounter that no registry built.
            Type: CompatCounter
          Only instances built through a spec have a lifetime the registry manages; nothing was changed.
          To fix, pass an instance resolved with watch(_:) or read(_:), or call dispose() on one you created yourself.
          """)
    }
  }

  @Test func listenSubscriptionsBelongToTheBinding() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatStateViewModel>(key: "s") { CompatStateViewModel() }
      let owner = ViewModelBinding()
      let keeper = ViewModelBinding()
      let store = keeper.read(spec)
      var changes = 0
      var states: [String] = []
      var labels: [String] = []
      owner.listen(spec, onChanged: { changes += 1 })
      owner.listenState(
        spec,
        onChanged: { previous, new in
          states.append("\(previous?.count ?? -1)->\(new.count)")
        })
      owner.listenStateSelect(
        spec, selector: { $0.label }, onChanged: { _, label in labels.append(label) })
      store.inc()
      store.setLabel("a")
      #expect(changes == 2)
      #expect(states == ["0->1", "1->1"])
      #expect(labels == ["a"])
      owner.dispose()
      store.inc()
      #expect(changes == 2)
      #expect(states.count == 2)
      #expect(!store.isDisposed)
    }
  }

  @Test func listenEndsWhenTheBindingLetsGoOfTheInstance() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() }
      let owner = ViewModelBinding()
      let keeper = ViewModelBinding()
      let counter = keeper.read(spec)
      var changes = 0
      owner.listen(spec) { changes += 1 }
      counter.increment()
      owner.unbind(counter)
      counter.increment()
      owner.read(spec)
      counter.increment()
      #expect(changes == 1)
    }
  }

  @Test func listenStateSelectUsesTheLocalEquals() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatStateViewModel>(key: "s") { CompatStateViewModel() }
      let binding = ViewModelBinding()
      let store = binding.read(spec)
      var counts: [Int] = []
      binding.listenStateSelect(
        spec, selector: { $0.count }, equals: { abs($0 - $1) < 2 },
        onChanged: { _, count in counts.append(count) })
      store.inc()
      store.inc()
      store.inc()
      #expect(counts == [2])
    }
  }

  @Test func maybeCachedThrowingFormsReturnNilOrThrowForADisposedBinding() throws {
    try withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let keyed = binding.watch(
        ViewModelSpec<CompatCounter>(key: "k", tag: "t") { CompatCounter() })
      let watched: CompatCounter? = try binding.maybeWatchCachedThrowing(key: "k")
      let read: CompatCounter? = try binding.maybeReadCachedThrowing(tag: "t")
      let missing: CompatCounter? = try binding.maybeReadCachedThrowing(key: "nope")
      #expect(watched === keyed && read === keyed && missing == nil)
      binding.dispose()
      let error = #expect(throws: RegistryError.self) {
        let _: CompatCounter? = try binding.maybeWatchCachedThrowing(key: "k")
      }
      #expect(
        error
          == .bindingDisposed(
            operation: "maybeWatchCachedThrowing(key:tag:)", binding: binding.id,
            type: "CompatCounter", key: "\"k\""))
      #expect(throws: RegistryError.self) {
        let _: CompatCounter? = try binding.maybeReadCachedThrowing(tag: "t")
      }
    }
  }

  // Tag lookups find every tagged instance, private ones included, as AppleViewModel's do.
  /// `readCachesByTag` holds without watching, also what the binding already reads: a later
  /// `watch` of it then follows its changes.
  @Test func readingByTagWhatIsAlreadyReadLeavesItToBeWatchedLater() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "a", tag: "t") { CompatCounter() }
      var refreshes = 0
      let viewer = ViewModelBinding { refreshes += 1 }
      let counter = viewer.read(spec)
      let found: [CompatCounter] = viewer.readCachesByTag("t")
      #expect(found.count == 1 && found.first === counter)
      counter.increment()
      #expect(refreshes == 0)
      #expect(viewer.watch(spec) === counter)
      counter.increment()
      #expect(refreshes == 1)
      viewer.dispose()
    }
  }

  @Test func cachesByTagHoldEveryMatchNewestFirst() throws {
    try withTestRegistry { _, reporter in
      let maker = ViewModelBinding()
      let a = maker.watch(ViewModelSpec<CompatCounter>(key: "a", tag: "t") { CompatCounter() })
      let b = maker.watch(ViewModelSpec<CompatCounter>(key: "b", tag: "t") { CompatCounter() })
      _ = maker.watch(ViewModelSpec<CompatCounter>(key: "c", tag: "other") { CompatCounter() })
      let p = maker.watch(ViewModelSpec<CompatCounter>(tag: "t") { CompatCounter() })
      var refreshes = 0
      let watcher = ViewModelBinding { refreshes += 1 }
      let reader = ViewModelBinding()
      let watched: [CompatCounter] = watcher.watchCachesByTag("t")
      let read: [CompatCounter] = reader.readCachesByTag("t")
      let watchedAgain: [CompatCounter] = try watcher.watchCachesByTagThrowing("t")
      let readAgain: [CompatCounter] = try reader.readCachesByTagThrowing("t")
      let none: [CompatCounter] = reader.readCachesByTag("missing")
      #expect(watched.map(ObjectIdentifier.init) == [p, b, a].map(ObjectIdentifier.init))
      #expect(read.map(ObjectIdentifier.init) == [p, b, a].map(ObjectIdentifier.init))
      #expect(watchedAgain.count == 3 && readAgain.count == 3 && none.isEmpty)
      #expect(a.onBindCalls == 3)
      a.increment()
      #expect(refreshes == 1)
      maker.dispose()
      #expect(!a.isDisposed && !b.isDisposed && !p.isDisposed)
      watcher.dispose()
      reader.dispose()
      #expect(a.isDisposed && b.isDisposed && p.isDisposed)
      let unheld: [CompatCounter] = reader.readCachesByTag("t")
      #expect(unheld.isEmpty)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "readCachesByTag(_:)", binding: reader.id, type: "CompatCounter", key: nil)
        ])
      #expect(throws: RegistryError.self) {
        let _: [CompatCounter] = try reader.watchCachesByTagThrowing("t")
      }
      #expect(throws: RegistryError.self) {
        let _: [CompatCounter] = try reader.readCachesByTagThrowing("t")
      }
    }
  }

  /// A tag lookup that watches makes the binding watch what it had only read, as a lookup by
  /// key does (`maybeWatchCached`).
  @Test func aWatchingTagLookupWatchesWhatTheBindingOnlyRead() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let counter = binding.read(
        ViewModelSpec<CompatCounter>(key: "a", tag: "t") { CompatCounter() })
      counter.increment()
      #expect(refreshes == 0)
      let watched: [CompatCounter] = binding.watchCachesByTag("t")
      #expect(watched.map(ObjectIdentifier.init) == [ObjectIdentifier(counter)])
      counter.increment()
      #expect(refreshes == 1)
      #expect(counter.onBindCalls == 1)
      binding.dispose()
    }
  }

  @Test func userWrittenFactoriesResolveLikeSpecs() throws {
    try withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let other = ViewModelBinding()
      let shared = CounterFactory(id: "1")
      let a = binding.watch(shared)
      let b = other.read(CounterFactory(id: "1"))
      #expect(a === b)
      #expect(shared.builds == 1)
      #expect(a.tag == AnyHashable("counters"))
      let watched = try binding.watchThrowing(shared)
      let read = try other.readThrowing(shared)
      #expect(watched === a && read === a)
      // Unkeyed: one instance per binding and factory type, as in AppleViewModel.
      let first = binding.watch(CounterFactory())
      let again = binding.read(CounterFactory())
      let elsewhere = other.watch(CounterFactory())
      #expect(first === again)
      #expect(first !== elsewhere)
      #expect(first !== a)
    }
  }

  @Test func aFactoryThatThrowsThrowsFromTheThrowingForms() {
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      #expect(throws: CompatFailure.self) { try binding.watchThrowing(FailingFactory()) }
      #expect(throws: CompatFailure.self) { try binding.readThrowing(FailingFactory()) }
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func anOverriddenDisposeRunsAndCallsSuper() {
    withTestRegistry { _, _ in
      let binding = ScreenBinding()
      let counter = binding.watch(ViewModelSpec<CompatCounter> { CompatCounter() })
      counter.increment()
      binding.dispose()
      #expect(binding.log == ["update", "dispose"])
      #expect(counter.isDisposed)
    }
  }

  @Test func pauseHooksRunForEveryProviderAndOneRefreshFollowsResume() {
    withTestRegistry { _, _ in
      let binding = ScreenBinding()
      let counter = binding.watch(ViewModelSpec<CompatCounter> { CompatCounter() })
      let visibility = BasePauseProvider()
      binding.addPauseProvider(visibility)
      visibility.pause()
      counter.increment()
      counter.increment()
      #expect(binding.isPaused)
      #expect(binding.pauseController.isPaused == false)
      visibility.resume()
      #expect(binding.log == ["pause", "resume", "update"])
      binding.removePauseProvider(visibility)
    }
  }

  @Test func thePauseControllerIsMadeOnceAndPausesTheBinding() {
    withTestRegistry { _, _ in
      final class CustomBinding: ViewModelBinding {
        var callbacks: [String] = []
        override func onPause() { callbacks.append("pause") }
        override func onResume() { callbacks.append("resume") }
      }
      let binding = CustomBinding()
      let provider = BasePauseProvider()
      binding.pauseController.addProvider(provider)
      #expect(binding.pauseController === binding.pauseController)
      provider.pause()
      #expect(binding.isPaused)
      provider.resume()
      #expect(!binding.isPaused)
      #expect(binding.callbacks == ["pause", "resume"])
      binding.dispose()
    }
  }

  @Test func aListenThatEndedOnItsOwnLeavesNoCleanupBehind() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "c") { CompatCounter() }
      let binding = ViewModelBinding()
      var calls = 0
      for _ in 0..<50 {
        let counter = binding.read(spec)
        binding.listen(spec) { calls += 1 }
        binding.unbind(counter)
        // The next change after the binding let go ends the subscription.
        counter.notifyListeners()
      }
      #expect(calls == 0)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // The throwing `maybe…` lookups refuse a hold that would close an ownership cycle, as the core's
  // cached lookups do: thrown, not reported, nothing held.
  @Test func theThrowingMaybeLookupsThrowTheCycleAndHoldNothing() {
    withTestRegistry { registry, reporter in
      let aSpec = ViewModelSpec(key: "a") { CompatCounter() }
      let bSpec = ViewModelSpec(key: "b") { CompatCounter() }
      let binding = ViewModelBinding()
      let a = binding.watch(aSpec)
      let b = a.viewModelBinding.watch(bSpec)
      let cycle = RegistryError.ownershipCycle(chain: [
        #"CompatCounter(key: "b")"#, #"CompatCounter(key: "a")"#, #"CompatCounter(key: "b")"#,
      ])
      let lookups: [() throws -> CompatCounter?] = [
        { try b.viewModelBinding.maybeWatchCachedThrowing(key: "a") },
        { try b.viewModelBinding.maybeReadCachedThrowing(key: "a") },
      ]
      let before = registry.snapshot()
      for lookup in lookups {
        #expect(throws: cycle) { try lookup() }
      }
      #expect(reporter.errors.isEmpty)
      #expect(registry.snapshot() == before)
      binding.dispose()
    }
  }
}
