import Registry
import Testing

@MainActor
private final class Parent: ProbeViewModel {
  let childSpec: ViewModelSpec<ProbeViewModel>
  let watches: Bool
  var notified: [String] = []
  private(set) var child: ProbeViewModel?

  init(childSpec: ViewModelSpec<ProbeViewModel>, watches: Bool, log: EventLog) {
    self.childSpec = childSpec
    self.watches = watches
    super.init("parent", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    child = watches ? viewModelBinding.watch(childSpec) : viewModelBinding.read(childSpec)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    notified.append((viewModel as? ProbeViewModel)?.name ?? "?")
    log.append("dependency \(notified.last!)")
  }
}

/// A view model that watches `dependencies` and derives a value from them: its own `value` plus
/// the sum of their derived values, which it recomputes when one of them changes.
@MainActor
private final class Derived: ProbeViewModel {
  var dependencies: [ViewModelSpec<Derived>] = []
  private(set) var resolved: [Derived] = []
  private var fromDependencies = 0
  var derived: Int { value + fromDependencies }
  /// What each notification saw: the dependencies' derived values at that moment.
  private(set) var seen: [[Int]] = []
  private(set) var notified: [String] = []

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    resolved = dependencies.map { viewModelBinding.watch($0) }
    recompute()
  }

  var onNotify: ((Derived) -> Void)?

  override func onDependencyNotify(_ viewModel: ViewModel) {
    onNotify?(self)
    onNotify = nil
    notified.append((viewModel as? ProbeViewModel)?.name ?? "?")
    seen.append(resolved.map(\.derived))
    recompute()
  }

  /// Starts watching one more dependency, after creation.
  func watchLater(_ spec: ViewModelSpec<Derived>) {
    resolved.append(viewModelBinding.watch(spec))
    recompute()
  }

  private func recompute() {
    fromDependencies = resolved.reduce(0) { $0 + $1.derived }
  }

  static func spec(_ name: String, _ dependencies: ViewModelSpec<Derived>...) -> ViewModelSpec<
    Derived
  > {
    ViewModelSpec(key: name) {
      let model = Derived(name, log: EventLog())
      model.dependencies = dependencies
      return model
    }
  }
}

/// A rung of a ladder: watches the base first, then the rung below, and logs each time it is
/// told of a change.
@MainActor
private final class Rung: ProbeViewModel {
  var dependencies: [ViewModelSpec<Rung>] = []

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    for dependency in dependencies { _ = viewModelBinding.watch(dependency) }
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    log.append("told \(name)")
  }

  static func spec(_ name: String, _ log: EventLog, _ dependencies: ViewModelSpec<Rung>...)
    -> ViewModelSpec<Rung>
  {
    ViewModelSpec(key: name) {
      let rung = Rung(name, log: log)
      rung.dependencies = dependencies
      return rung
    }
  }
}

/// `onDependencyNotify` tells a view model which watched dependency changed, once per change,
/// before its own listeners hear of it.
/// Watches two dependencies; `reaction` runs in its `onDependencyNotify`, after it records the
/// dependency it was told of.
@MainActor
private final class Reacting: ViewModel {
  let first: ViewModelSpec<ProbeViewModel>
  let second: ViewModelSpec<ProbeViewModel>
  var reaction: ((Reacting, ViewModel) -> Void)?
  var told: [ViewModel] = []

  init(_ first: ViewModelSpec<ProbeViewModel>, _ second: ViewModelSpec<ProbeViewModel>) {
    self.first = first
    self.second = second
  }

  override func onCreate(_ arg: InstanceArg) {
    _ = viewModelBinding.watch(first)
    _ = viewModelBinding.watch(second)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    told.append(viewModel)
    reaction?(self, viewModel)
  }
}

/// A `Reacting` view model held by `host`, and the two dependencies it watches, `a` and `b`.
@MainActor
private func reactingOwner() -> (
  host: CountingBinding, owner: Reacting, a: ProbeViewModel, b: ProbeViewModel
) {
  let log = EventLog()
  let first = ViewModelSpec(key: "first") { ProbeViewModel("first", log: log) }
  let second = ViewModelSpec(key: "second") { ProbeViewModel("second", log: log) }
  let host = CountingBinding()
  let owner = host.watch(ViewModelSpec(key: "owner") { Reacting(first, second) })
  return (host, owner, owner.viewModelBinding.watch(first), owner.viewModelBinding.watch(second))
}

@MainActor
@Suite struct DependencyNotifyTests {
  /// What the hook's own changes record is dropped with the change: a first dependency that
  /// changed deep in nested changes, then a hook that changes another at the top, leaves nothing
  /// behind, and the next change of the first is told as itself.
  @Test func theHooksChangesLeaveNothingForTheNextChange() {
    withTestRegistry { _, _ in
      let (host, owner, a, b) = reactingOwner()
      let outside = ViewModelSpec(key: "outside") { ProbeViewModel("outside", log: EventLog()) }
      let x = host.watch(outside)
      // `first` changes two levels deep, inside `outside`'s change.
      let stop = x.listen { a.set(a.value + 1) }
      owner.reaction = { _, dependency in
        if dependency === a, b.value == 0 { b.set(1) }
      }
      x.set(1)
      #expect(owner.told.count == 1 && owner.told.first === a)
      stop()
      a.set(10)
      #expect(owner.told.count == 2)
      #expect(owner.told.last === a)
      host.dispose()
    }
  }

  /// A dependency the view model's own listeners change is a change of its own, which comes
  /// after the notification: the view model is told of it, as of any dependency that changed.
  @Test func aDependencyItsOwnListenersChangeIsToldAfterThem() {
    withTestRegistry { _, _ in
      let (host, owner, a, b) = reactingOwner()
      owner.listen { if b.value == 0 { b.set(1) } }
      a.set(1)
      #expect(owner.told.count == 2)
      #expect(owner.told.first === a)
      #expect(owner.told.last === b)
      host.dispose()
    }
  }

  /// "Within one change it is called once, with the first dependency that changed": also when
  /// the hook itself changes another dependency, or disposes the one it was told of. Its own
  /// listeners then run once, after the hook, and see what it did.
  @Test(arguments: ["changes another", "disposes it"])
  func whatTheHookDoesToItsDependenciesIsPartOfTheSameChange(_ reaction: String) {
    withTestRegistry { registry, _ in
      let (host, owner, a, b) = reactingOwner()
      owner.reaction = { _, dependency in
        guard dependency === a else { return }
        if reaction == "changes another" { b.set(1) } else { registry.dispose(a) }
      }
      var seen: [Int] = []
      owner.listen { seen.append(b.value) }
      a.set(1)
      #expect(owner.told.count == 1)
      #expect(owner.told.first === a)
      #expect(seen == [reaction == "changes another" ? 1 : 0])
      #expect(host.updates == 1)
      #expect(a.isDisposed == (reaction == "disposes it"))
      // The next change is told again.
      b.set(2)
      #expect(owner.told.count == 2)
      #expect(owner.told.last === b)
      host.dispose()
    }
  }

  @Test func aWatchedDependencysChangeIsToldOnceBeforeTheParentsListeners() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let childSpec = ViewModelSpec(key: "child") { ProbeViewModel("child", log: log) }
      let binding = ViewModelBinding()
      let parent = binding.watch(
        ViewModelSpec(key: "parent") { Parent(childSpec: childSpec, watches: true, log: log) })
      parent.listen { log.append("parent listener") }
      let child = try #require(parent.child)
      child.set(1)
      #expect(parent.notified == ["child"])
      #expect(log.events.suffix(2) == ["dependency child", "parent listener"])
      // Disposed under the parent: told too.
      registry.dispose(child)
      #expect(parent.notified == ["child", "child"])
      binding.dispose()
    }
  }

  @Test func aDependencyThatIsOnlyReadIsNotTold() throws {
    try withTestRegistry { _, _ in
      let log = EventLog()
      let childSpec = ViewModelSpec(key: "child") { ProbeViewModel("child", log: log) }
      let binding = ViewModelBinding()
      let parent = binding.watch(
        ViewModelSpec(key: "parent") { Parent(childSpec: childSpec, watches: false, log: log) })
      try #require(parent.child).set(1)
      #expect(parent.notified.isEmpty)
      binding.dispose()
    }
  }

  @Test func aDependencyThatIsOnlyReadIsToldWhenItIsDisposed() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let childSpec = ViewModelSpec(key: "child") { ProbeViewModel("child", log: log) }
      var refreshes = 0
      let binding = ViewModelBinding(onUpdate: { refreshes += 1 })
      let parent = binding.watch(
        ViewModelSpec(key: "parent") { Parent(childSpec: childSpec, watches: false, log: log) })
      var heard = 0
      parent.listen { heard += 1 }
      let child = try #require(parent.child)
      registry.dispose(child)
      // The view model that read it, its listeners and the binding that watches it: each once.
      #expect(parent.notified == ["child"])
      #expect(heard == 1)
      #expect(refreshes == 1)
      binding.dispose()
    }
  }

  /// "of a view model dependency; a service's disposal tells no one": a service reset under a
  /// view model that read it is let go, and neither the view model nor its watchers hear of it.
  @Test func aServiceDisposedUnderAViewModelTellsNoOne() {
    withTestRegistry { registry, _ in
      final class Reader: ProbeViewModel {
        var notified = 0
        override func onCreate(_ arg: InstanceArg) {
          super.onCreate(arg)
          _ = viewModelBinding.read(ServiceSpec(key: "config", tag: "session") { "config" })
        }
        override func onDependencyNotify(_ viewModel: ViewModel) { notified += 1 }
      }
      let log = EventLog()
      var refreshes = 0
      let binding = ViewModelBinding(onUpdate: { refreshes += 1 })
      let reader = binding.watch(ViewModelSpec(key: "reader") { Reader("reader", log: log) })
      var heard = 0
      reader.listen { heard += 1 }
      #expect(registry.liveInstanceCount == 2)
      registry.reset(tag: "session")
      #expect(registry.liveInstanceCount == 1)
      #expect(reader.notified == 0)
      #expect(heard == 0)
      #expect(refreshes == 0)
      binding.dispose()
    }
  }

  /// "Within one change it is called once, with the first dependency that changed": also when
  /// the first one's listener changes the second, whose change reaches the dependent first.
  @Test func aDependentIsToldOfTheFirstDependencyThatChangedNotOfOneItsListenerChanged() {
    withTestRegistry { _, _ in
      let first = Derived.spec("first")
      let second = Derived.spec("second")
      let binding = ViewModelBinding()
      let top = binding.watch(Derived.spec("top", first, second))
      let (one, two) = (top.resolved[0], top.resolved[1])
      one.listen { two.set(one.value) }
      one.set(1)
      #expect(top.notified == ["first"])
      #expect(top.derived == 2)
      // And the other way round, as they change, one listener deep.
      two.listen { if one.value != two.value { one.set(two.value) } }
      two.set(5)
      #expect(top.notified == ["first", "second"])
      #expect(top.derived == 10)
      binding.dispose()
    }
  }

  /// Two dependencies changed one after the other by one listener elsewhere, the first of
  /// which changes a third from its own listener: the first is told, not the one the change
  /// nested deepest made, nor the one changed after it.
  @Test func aDependentIsToldOfTheFirstOfChangesMadeSideBySideAndInsideEachOther() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let top = binding.watch(
        Derived.spec("top", Derived.spec("first"), Derived.spec("nested"), Derived.spec("later")))
      let (first, nested, later) = (top.resolved[0], top.resolved[1], top.resolved[2])
      let trigger = binding.watch(Derived.spec("trigger"))
      first.listen { nested.set(first.value) }
      trigger.listen {
        first.set(trigger.value)
        later.set(trigger.value)
      }
      trigger.set(1)
      #expect(top.notified == ["first"])
      #expect(top.derived == 3)
      binding.dispose()
    }
  }

  @Test func inADiamondADependentIsToldOnceAfterWhatItWatchesIsUpdated() {
    withTestRegistry { _, _ in
      // a watches d first, then b, which watches d too: a change of d reaches a twice.
      let d = Derived.spec("d")
      let b = Derived.spec("b", d)
      let a = Derived.spec("a", d, b)
      let binding = ViewModelBinding()
      let top = binding.watch(a)
      var listened = 0
      top.listen { listened += 1 }
      let bottom = top.resolved[0]
      bottom.set(1)
      #expect(top.notified == ["d"])
      #expect(listened == 1)
      // b was updated before a was told: a saw d's 1 and b's 1, and derived 2.
      #expect(top.seen == [[1, 1]])
      #expect(top.derived == 2)
      binding.dispose()
    }
  }

  @Test func aDependentWaitsForWhatItWatchesThroughOthers() {
    withTestRegistry { _, _ in
      // a watches d and c; c watches b; b watches d. A change of d must reach b, then c, then
      // a, each once.
      let d = Derived.spec("d")
      let b = Derived.spec("b", d)
      let c = Derived.spec("c", b)
      let a = Derived.spec("a", d, c)
      let binding = ViewModelBinding()
      let top = binding.watch(a)
      top.resolved[0].set(1)
      #expect(top.notified == ["d"])
      #expect(top.seen == [[1, 1]])
      #expect(top.derived == 2)
      #expect(top.resolved[1].notified == ["b"])
      binding.dispose()
    }
  }

  @Test func aDependencyGainedAfterOthersWatchItStillRefreshesFirst() {
    withTestRegistry { _, _ in
      // a watches b; later a starts watching d, and only then does b: b gains a dependency
      // after a came to watch it.
      let d = Derived.spec("d")
      let b = Derived.spec("b")
      let a = Derived.spec("a", b)
      let binding = ViewModelBinding()
      let top = binding.watch(a)
      let middle = top.resolved[0]
      // a first, so that d's change reaches a's binding before b's.
      top.watchLater(d)
      middle.watchLater(d)
      let bottom = middle.resolved[0]
      bottom.set(1)
      #expect(top.notified.count == 1)
      #expect(top.seen == [[1, 1]])
      #expect(top.derived == 2)
      binding.dispose()
    }
  }

  /// "The store keeps each one's height above everything it watches", through every level: a
  /// dependency gained at the bottom raises what watches it, and what watches those.
  @Test func aDependencyGainedAtTheBottomRaisesEveryLevelAboveIt() {
    withTestRegistry { _, _ in
      let q = Derived.spec("q")
      let x = Derived.spec("x")
      let y = Derived.spec("y", x)
      // z watches q before x comes to: q's change reaches z's binding before x's.
      let z = Derived.spec("z", y, q)
      let binding = ViewModelBinding()
      let top = binding.watch(z)
      let middle = top.resolved[0]
      let bottom = middle.resolved[0]
      // x gains a dependency: x, y and z each go one level up.
      bottom.watchLater(q)
      top.resolved[1].set(1)
      #expect(middle.notified == ["x"])
      // z is told once, after y has taken x's new value.
      #expect(top.notified.count == 1)
      #expect(top.seen == [[1, 1]])
      #expect(top.derived == 2)
      binding.dispose()
    }
  }

  /// A view model made by hand, not by a spec, has its own binding too: "a dependency resolved
  /// with `watch` notifies this view model's watchers when it changes", after its
  /// `onDependencyNotify`.
  @Test func aViewModelMadeByHandIsToldOfItsDependenciesChanges() {
    withTestRegistry { _, _ in
      let top = Derived("top", log: EventLog())
      var heard = 0
      let stop = top.listen { heard += 1 }
      top.watchLater(Derived.spec("d"))
      top.resolved[0].set(1)
      #expect(top.notified == ["d"])
      #expect(top.derived == 1)
      #expect(heard == 1)
      stop()
      top.viewModelBinding.dispose()
    }
  }

  /// "View models go lowest first": many view models of different heights made dirty by one
  /// change, queued highest first, are each told once, lowest first.
  @Test func manyHeightsMadeDirtyAtOnceAreToldLowestFirstAndOnce() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let base = Rung.spec("base", log)
      // Rung i watches the base, then rung i - 1: its height is i, and the base's change
      // reaches the top rung's binding first.
      var rungs = [Rung.spec("r1", log, base)]
      for index in 2...12 { rungs.append(Rung.spec("r\(index)", log, base, rungs[index - 2])) }
      let binding = ViewModelBinding()
      _ = binding.watch(rungs[rungs.count - 1])
      let bottom = binding.read(base)
      log.removeAll()
      bottom.set(1)
      #expect(log.events(startingWith: "told") == (1...12).map { "told r\($0)" })
      binding.dispose()
    }
  }

  @Test func heightsStayAboveWhenTheWalkMeetsAHeightLeftByReleasedInstances() {
    withTestRegistry { registry, _ in
      let c3 = Derived.spec("c3")
      let c2 = Derived.spec("c2", c3)
      let c1 = Derived.spec("c1", c2)
      let b = Derived.spec("b", c1)  // height 3
      let a = Derived.spec("a")
      let w = Derived.spec("w", a)  // a 0, w 1
      let binding = ViewModelBinding()
      let middle = binding.watch(b)
      registry.dispose(middle.resolved[0])  // c1, c2, c3 go; b keeps height 3
      let top = binding.watch(w)
      let left = top.resolved[0]
      #expect(registry.liveInstanceCount == 3)
      top.watchLater(b)  // w: 4
      left.watchLater(b)  // a: 4, so w must go to 5 (more than the 3 live instances)
      middle.set(1)
      #expect(top.notified.count == 1)
      #expect(left.notified.count == 1)
      binding.dispose()
    }
  }

  @Test func aHeightRaisedWhileABindingIsQueuedIsHonoured() {
    withTestRegistry { registry, _ in
      let d = Derived.spec("d")
      let e = Derived.spec("e", d)
      let f = Derived.spec("f", e)
      let y = Derived.spec("y", f)  // 3
      let x = Derived.spec("x", d)  // 1
      let w = Derived.spec("w", d, x)  // 2
      let binding = ViewModelBinding()
      _ = binding.watch(y)
      let top = binding.watch(w)
      let middle = top.resolved[1]
      // When d changes, x starts watching y (x: 4, w: 5), while w is queued at 2.
      middle.onNotify = { $0.watchLater(y) }
      top.resolved[0].set(1)
      #expect(top.notified.count == 1)
      binding.dispose()
    }
  }

  /// Architecture.md: "View models go lowest first: the store keeps each one's height above
  /// everything it watches, so in a diamond a view model is told once, after what it reads has
  /// been updated."
  @Test func aViewModelWatchingManyOfOneHeightIsToldOnceAfterAllOfThem() {
    withTestRegistry { _, _ in
      // a watches d, then b1, b2 and b3, which each watch d: a change of d queues a (height 2)
      // first and b1, b2, b3 (height 1) after it, so the queue must reorder more than one.
      let d = Derived.spec("d")
      let a = Derived.spec(
        "a", d, Derived.spec("b1", d), Derived.spec("b2", d), Derived.spec("b3", d))
      let binding = ViewModelBinding()
      let top = binding.watch(a)
      top.resolved[0].set(1)
      #expect(top.notified == ["d"])
      #expect(top.seen == [[1, 1, 1, 1]])
      #expect(top.derived == 4)
      binding.dispose()
    }
  }
}
