import Foundation
import Testing

@testable import Registry

/// `binding.watch(userSpec, id)`: a family's argument resolved without a spec
/// (ViewModelBinding+Arguments.swift). It is the same instance as `watch(userSpec(id))`, built
/// once, disposed once, and it behaves as that form does when something goes wrong.
@MainActor
@Suite struct ViewModelBindingArgumentsTests {
  private func users(_ log: EventLog, builds: BuildCounter) -> ViewModelSpecWithArg<
    ProbeViewModel, String
  > {
    ViewModelSpecWithArg(builder: { id in
      _ = builds.next()
      return ProbeViewModel(id, log: log)
    })
  }

  /// Both forms name one instance, in either order and across bindings; its builder runs once
  /// and it is disposed once, when its last holder lets go.
  @Test func theSameInstanceAsTheSpecForm() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let users = users(log, builds: builds)
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let direct = first.watch(users, "u1")
      #expect(second.watch(users("u1")) === direct)
      #expect(second.read(users, "u1") === direct)
      let bySpec = second.watch(users("u2"))
      #expect(first.watch(users, "u2") === bySpec)
      #expect(builds.count == 2)
      #expect(direct.createArg?.key == AnyHashable("u1"))
      #expect(direct.createArg?.bindingId == first.id)
      #expect(registry.liveInstanceCount == 2)
      first.dispose()
      #expect(!direct.isDisposed, "the second binding still holds it")
      second.dispose()
      #expect(direct.isDisposed && bySpec.isDisposed)
      #expect(log.events.filter { $0 == "onDispose u1" }.count == 1)
      #expect(log.events.filter { $0 == "onDispose u2" }.count == 1)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// No spec is made: the family keeps one origin per argument, whichever binding asks, and a
  /// re-read is answered by the origin's memo.
  @Test func oneOriginPerArgumentAndTheReReadIsTheMemos() throws {
    try withTestRegistry { _, _ in
      let log = EventLog()
      let users = users(log, builds: BuildCounter())
      let binding = ViewModelBinding()
      let other = ViewModelBinding()
      _ = binding.watch(users, "first")  // held inline: the memo is for the entries after it
      let user = binding.watch(users, "u1")
      let specs = try #require(
        users.specCache as? FamilyCache<String, ViewModelSpec<ProbeViewModel>>)
      #expect(specs.specs.isEmpty, "no spec was made")
      let origin = try #require(users.origin(for: "u1") as? FamilyArgument<ProbeViewModel, String>)
      #expect(users.origin(for: "u1") === origin)
      _ = other.read(users, "u1")
      #expect(users.origin(for: "u1") === origin)
      // The hold set the memo; the re-read finds it there.
      #expect(origin.memoStamp & ~1 == binding.core.table.generation)
      #expect(origin.memoViewModel === user)
      #expect(binding.watch(users, "u1") === user)
      // A change of the table (a release) makes the memo stale; the answer is still right.
      binding.unbind(binding.read(users, "first"))
      #expect(origin.memoStamp & ~1 != binding.core.table.generation)
      #expect(binding.watch(users, "u1") === user)
      binding.dispose()
      other.dispose()
    }
  }

  /// A watch after a read of the same argument starts watching: the instance's change then
  /// refreshes the binding.
  @Test func aWatchAfterAReadStartsWatching() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let users = users(log, builds: BuildCounter())
      var refreshes = 0
      let binding = ViewModelBinding(onUpdate: { refreshes += 1 })
      let user = binding.read(users, "u1")
      user.notifyListeners()
      #expect(refreshes == 0)
      #expect(binding.watch(users, "u1") === user)
      user.notifyListeners()
      #expect(refreshes == 1)
      binding.dispose()
    }
  }

  /// A family with a `key` function, or an optional argument, resolves through the argument's
  /// spec: a `nil` key still makes one private instance per binding.
  @Test func familiesWhoseArgumentIsNotItsKeyResolveThroughTheSpec() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let notes = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("n\($0)", log: log) }, key: { $0 == 0 ? nil : "note-\($0)" })
      let optional = ViewModelSpecWithArg<ProbeViewModel, Int?>(builder: {
        ProbeViewModel("o\($0 ?? -1)", log: log)
      })
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let note = first.watch(notes, 7)
      #expect(note.createArg?.key == AnyHashable("note-7"))
      #expect(second.watch(notes(7)) === note)
      #expect(notes.origin(for: 7) == nil)
      let mine = first.watch(notes, 0)
      #expect(first.watch(notes, 0) === mine)
      #expect(second.watch(notes, 0) !== mine, "private to each binding")
      let some = first.watch(optional, 3)
      #expect(second.watch(optional(3)) === some)
      #expect(optional.origin(for: 3) == nil)
      first.dispose()
      second.dispose()
    }
  }

  /// A proxy on the family applies, set before or after the argument was first resolved.
  @Test func aProxyOnTheFamilyApplies() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let users = users(log, builds: BuildCounter())
      let binding = ViewModelBinding()
      let real = binding.watch(users, "u1")
      registry.setProxy(for: users) { ProbeViewModel("mock \($0)", log: log) }
      #expect(binding.watch(users, "u1") === real, "what the binding holds stays")
      #expect(binding.watch(users, "u2").name == "mock u2")
      let other = ViewModelBinding()
      #expect(other.watch(users, "u2").name == "mock u2")
      registry.clearProxy(for: users)
      binding.dispose()
      other.dispose()
      #expect(binding.watch(users, "u3").name == "u3")
    }
  }

  /// With a private proxy on one argument's spec (set, or for a scope), or a family proxy that
  /// makes the instance private, each binding keeps one instance across renders, as with the
  /// spec form: the argument resolves through the spec the family caches, whose private
  /// identity stays the same.
  @Test func privateProxiesKeepOneInstancePerBinding() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let users = users(log, builds: BuildCounter())
      registry.setProxy(ViewModelSpec { ProbeViewModel("mock", log: log) }, for: users("u1"))
      let binding = ViewModelBinding()
      let mock = binding.watch(users, "u1")
      #expect(mock.name == "mock")
      for _ in 0..<5 { #expect(binding.watch(users, "u1") === mock) }
      #expect(binding.watch(users("u1")) === mock)
      #expect(registry.liveInstanceCount == 1)
      binding.dispose()
      registry.clearAllProxies()

      let scoped = ViewModelBinding()
      registry.withProxy(ViewModelSpec { ProbeViewModel("scoped", log: log) }, for: users("u2")) {
        let first = scoped.watch(users, "u2")
        #expect(scoped.read(users, "u2") === first)
      }
      scoped.dispose()

      let privateUsers = ViewModelSpecWithArg<ProbeViewModel, String>(
        builder: { ProbeViewModel("private \($0)", log: log) }, key: { _ in nil })
      registry.setProxy(privateUsers, for: users)
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let mine = first.watch(users, "u3")
      #expect(first.watch(users, "u3") === mine)
      #expect(second.watch(users, "u3") !== mine, "private to each binding")
      first.dispose()
      second.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A proxy on another spec changes nothing for the family: a re-render finds the instance the
  /// binding holds, without making the argument's origin or spec again (the family's functions
  /// run once).
  @Test func aProxyElsewhereMakesNothingAgain() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let tagCalls = BuildCounter()
      let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("u\($0)", log: log) },
        tag: { _ in
          _ = tagCalls.next()
          return "t"
        })
      registry.setProxy(for: ViewModelSpec(key: "x") { ProbeViewModel("x", log: log) }) {
        ProbeViewModel("mock x", log: log)
      }
      let binding = ViewModelBinding()
      let user = binding.watch(family, 1)
      let calls = tagCalls.count
      for _ in 0..<10 { #expect(binding.watch(family, 1) === user) }
      #expect(tagCalls.count == calls)
      binding.dispose()
    }
  }

  /// On a disposed binding: reported, and the live shared instance returned unheld, or one no
  /// registry tracks.
  @Test func aDisposedBindingIsReported() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let users = users(log, builds: BuildCounter())
      let owner = ViewModelBinding()
      let live = owner.watch(users, "u1")
      let gone = ViewModelBinding(label: "Gone")
      gone.dispose()
      #expect(gone.watch(users, "u1") === live)
      let detached = gone.read(users, "u2")
      #expect(detached.name == "u2")
      #expect(registry.liveInstanceCount == 1)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "watch(_:_:)", binding: gone.id, type: "ProbeViewModel", key: "\"u1\""),
          .bindingDisposed(
            operation: "read(_:_:)", binding: gone.id, type: "ProbeViewModel", key: "\"u2\""),
        ])
      owner.dispose()
      #expect(live.isDisposed)
    }
  }

  /// A view model that resolves the family's next argument in `onCreate`, through its own
  /// binding: a chain of nested builds, each built once, all disposed once with the root.
  @Test func aChainBuiltInOnCreate() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      // The family's builder names the family: through a box, let go of at the end, so that
      // the two do not keep each other alive.
      let links = LinkFamily()
      links.family = ViewModelSpecWithArg(builder: { depth in
        ChainLink(depth, next: depth < 9 ? links.family : nil, log: log)
      })
      let binding = ViewModelBinding()
      let root = binding.watch(links.family!, 0)
      #expect(registry.liveInstanceCount == 10)
      #expect(root.next?.next?.depth == 2)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events.filter { $0.hasPrefix("onDispose") }.count == 10)
      links.family = nil
    }
  }

  /// The family's tag and lifetime functions give the instance its tag and lifetime; a released
  /// `aliveForever` instance stays alive and is found again.
  @Test func tagAndLifetimeFunctionsApply() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let users = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("u\($0)", log: log) }, tag: { _ in "users" },
        aliveForever: { $0 == 0 })
      let binding = ViewModelBinding()
      let kept = binding.watch(users, 0)
      let dropped = binding.watch(users, 1)
      #expect(kept.createArg?.tag == AnyHashable("users"))
      #expect(kept.createArg?.aliveForever == true && dropped.createArg?.aliveForever == false)
      binding.dispose()
      #expect(!kept.isDisposed && dropped.isDisposed)
      let again = ViewModelBinding()
      #expect(again.watch(users, 0) === kept)
      again.dispose()
      registry.disposeAll()
      #expect(kept.isDisposed)
    }
  }

  /// An `Int` or `String` argument's key is hashed from the argument itself, not boxed: the
  /// hash must be the one `AnyHashable` gives, or a family's argument and a spec keyed by the
  /// same value would be two instances.
  @Test func anArgumentHashedUnboxedHashesAsItsAnyHashable() {
    var ints = [0, 1, -1, 42, Int.max, Int.min, 1 << 40, -(1 << 50)]
    var strings = ["", "u1", "é", "e\u{301}", "🙂", String(repeating: "long key ", count: 20)]
    for _ in 0..<500 {
      ints.append(Int.random(in: .min ... .max))
      strings.append(String(Int.random(in: 0 ... .max), radix: 36))
    }
    for int in ints {
      #expect(
        ViewModelSpecWithArg<ProbeViewModel, Int>.rawKeyHash(int)
          == AnyHashable(int)._rawHashValue(seed: 0))
    }
    for string in strings {
      #expect(
        ViewModelSpecWithArg<ProbeViewModel, String>.rawKeyHash(string)
          == AnyHashable(string)._rawHashValue(seed: 0))
    }
    // Other types are hashed boxed.
    #expect(ViewModelSpecWithArg<ProbeViewModel, Int64>.rawKeyHash(7) == nil)
    #expect(ViewModelSpecWithArg<ProbeViewModel, Double>.rawKeyHash(7) == nil)
  }

  /// Expects a spec keyed by `arg`, the family's argument `arg` in both forms, and a lookup by
  /// `arg` as a key, to name one instance.
  private func expectOneInstance<Arg: Hashable>(
    for arg: Arg, _ name: String, through binding: ViewModelBinding, in registry: ViewModelRegistry,
    log: EventLog
  ) {
    let keyed = binding.watch(ViewModelSpec(key: arg) { ProbeViewModel(name, log: log) })
    let family = ViewModelSpecWithArg<ProbeViewModel, Arg>(builder: { _ in
      ProbeViewModel("family \(name)", log: log)
    })
    #expect(binding.watch(family, arg) === keyed, "\(name), without a spec")
    #expect(binding.watch(family(arg)) === keyed, "\(name), through its spec")
    #expect(registry.lookUp(ProbeViewModel.self, key: arg, tag: nil) === keyed, "\(name), by key")
  }

  /// A spec keyed by a value and a family's argument equal to it name one instance of a type,
  /// whether the argument is hashed unboxed (`Int`, `String`) or boxed, in both argument forms.
  @Test func aKeyedSpecAndAnEqualArgumentAreOneInstance() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      @MainActor func check<Arg: Hashable>(_ arg: Arg, _ name: String) {
        expectOneInstance(for: arg, name, through: binding, in: registry, log: log)
      }
      check(7, "Int")
      check(-123_456_789, "negative Int")
      check("u1", "String")
      check(UInt8(9), "UInt8")
      check(Point(x: 1, y: 2), "struct")
      #expect(registry.liveInstanceCount == 5)
      #expect(!log.events.contains { $0.contains("family") }, "no family builder ran")
      binding.dispose()
    }
  }

  /// An argument hashed unboxed keeps no key until something asks for it: a family's spec
  /// for it, the instance's hooks, a snapshot, and a spec keyed by the value or a lookup by key
  /// that meets the instance built first from the argument, all see the argument's key.
  @Test func anArgumentsKeyIsMadeWhenAskedFor() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      @MainActor func check<Arg: Hashable>(_ arg: Arg, described: String) {
        let family = ViewModelSpecWithArg<ProbeViewModel, Arg>(builder: { _ in
          ProbeViewModel("family", log: log)
        })
        let direct = binding.watch(family, arg)
        #expect(direct.createArg?.key == AnyHashable(arg))
        #expect(family(arg).key == AnyHashable(arg))
        #expect(binding.watch(family(arg)) === direct)
        let keyed = ViewModelSpec(key: arg) { ProbeViewModel("keyed", log: log) }
        #expect(binding.watch(keyed) === direct)
        #expect(registry.lookUp(ProbeViewModel.self, key: arg, tag: nil) === direct)
        let listed = registry.snapshot().instances.filter { $0.key == described }
        #expect(listed.count == 1, "\(described)")
        binding.unbind(direct)
        #expect(direct.isDisposed)
      }
      check(42, described: "42")
      check("u42", described: "\"u42\"")
      #expect(!log.events.contains { $0.hasPrefix("create keyed") })
      binding.dispose()
    }
  }

  /// Only an `Int` or a `String` itself is hashed unboxed: an object that casts to one
  /// (`NSString`, `NSNumber`, or either in an `AnyHashable`) is hashed as its `AnyHashable` is,
  /// as an object. Its argument, a spec keyed by it, a lookup by its key and a proxy family's
  /// spec for it all name one instance.
  @Test func anObjectThatCastsToAStringOrIntIsHashedBoxed() {
    @MainActor func check<Arg: Hashable>(_ arg: Arg) {
      let hash = ViewModelSpecWithArg<ProbeViewModel, Arg>.rawKeyHash(arg)
      #expect(hash == nil, "\(Arg.self)")
    }
    check(NSString(string: "u1"))
    check(NSNumber(value: 7))
    check(AnyHashable(NSString(string: "u1")))
    check(AnyHashable(7))

    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      @MainActor func sameInstance<Arg: Hashable>(_ arg: Arg, _ name: String) {
        expectOneInstance(for: arg, name, through: binding, in: registry, log: log)
      }
      sameInstance(NSString(string: "u1"), "NSString")
      sameInstance(NSNumber(value: 7), "NSNumber")
      sameInstance(AnyHashable(NSString(string: "u2")), "AnyHashable(NSString)")
      #expect(registry.liveInstanceCount == 3)

      // A proxy on the family: what the binding holds stays.
      let names = ViewModelSpecWithArg<ProbeViewModel, NSString>(builder: {
        ProbeViewModel($0 as String, log: log)
      })
      let real = binding.watch(names, NSString(string: "n1"))
      registry.setProxy(for: names) { ProbeViewModel("mock \($0)", log: log) }
      let other = ViewModelBinding()
      #expect(binding.watch(names, NSString(string: "n1")) === real)
      #expect(other.watch(names(NSString(string: "n1"))) === real)
      #expect(registry.liveInstanceCount == 4)

      // A service family alike.
      let byKey = binding.read(ServiceSpec<NSMutableArray>(key: NSString(string: "s")) { [] })
      let arrays = ServiceSpecWithArg<NSMutableArray, NSString>(builder: { _ in [] })
      #expect(binding.read(arrays(NSString(string: "s"))) === byKey)
      binding.dispose()
      other.dispose()
    }
  }
}

/// A key of a type of the test's own.
private struct Point: Hashable {
  let x: Int
  let y: Int
}

/// Where a family whose builder names it is kept.
@MainActor
private final class LinkFamily {
  var family: ViewModelSpecWithArg<ChainLink, Int>?
}

/// A view model that holds the next link of its family through its own binding.
private final class ChainLink: ProbeViewModel {
  let depth: Int
  private let links: ViewModelSpecWithArg<ChainLink, Int>?
  private(set) var next: ChainLink?

  init(_ depth: Int, next links: ViewModelSpecWithArg<ChainLink, Int>?, log: EventLog) {
    self.depth = depth
    self.links = links
    super.init("link\(depth)", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    if let links { next = viewModelBinding.watch(links, depth + 1) }
  }
}
