import AppleViewModelCompatibility
import RegistryTesting
import Testing

@MainActor
private final class NamedCounter: CompatCounter {
  let name: String
  init(_ name: String) { self.name = name }
}

// Extensions written with AppleViewModel's generic parameter names.
extension ViewModelSpec {
  @MainActor fileprivate func buildTwice() -> (T, T) { (build(), build()) }
}

extension ViewModelSpecWithArg {
  @MainActor fileprivate func spec(for argument: A) -> ViewModelSpec<T> { self(argument) }
}

extension ViewModelSpecWithArg2 {
  @MainActor fileprivate func spec(_ a: A, _ b: B) -> ViewModelSpec<T> { self(a, b) }
}

extension ViewModelSpecWithArg3 {
  fileprivate var builtType: T.Type { T.self }
}

extension ViewModelSpecWithArg4 {
  fileprivate var builtType: T.Type { T.self }
}

@MainActor
@Suite struct SpecCompatibilityTests {
  @Test func extensionsWrittenWithAppleViewModelsGenericNamesCompileAndWork() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { CompatCounter() }
      let (first, second) = spec.buildTwice()
      #expect(first !== second)
      let family = ViewModelSpecWithArg<NamedCounter, String>(builder: { NamedCounter($0) })
      #expect(family.spec(for: "a").build().name == "a")
      let pairs = ViewModelSpecWithArg2<NamedCounter, String, Int>(
        builder: { NamedCounter("\($0)\($1)") })
      #expect(pairs.spec("b", 2).build().name == "b2")
      let threes = ViewModelSpecWithArg3<NamedCounter, Int, Int, Int>(
        builder: { NamedCounter("\($0 + $1 + $2)") })
      #expect(threes.builtType == NamedCounter.self)
      let fours = ViewModelSpecWithArg4<NamedCounter, Int, Int, Int, Int>(
        builder: { NamedCounter("\($0 + $1 + $2 + $3)") })
      #expect(fours.builtType == NamedCounter.self)
    }
  }

  @Test func aSpecIsAFactoryWhoseFunctionsHonourProxies() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "real", tag: "t") { CompatCounter() }
      let factory: any ViewModelFactory<CompatCounter> = spec
      #expect(factory.key() == AnyHashable("real"))
      #expect(spec.tag() == AnyHashable("t"))
      #expect(!spec.aliveForever())
      spec.setProxy(ViewModelSpec(key: "proxy", aliveForever: true) { MockCompatCounter() })
      #expect(spec.key() == AnyHashable("proxy"))
      #expect(spec.key == AnyHashable("real"))
      #expect(spec.tag() == nil)
      #expect(spec.aliveForever())
      #expect(spec.build() is MockCompatCounter)
      #expect((try? spec.buildThrowing()) is MockCompatCounter)
      // The raw builder ignores the proxy.
      #expect(!(spec.builder() is MockCompatCounter))
      let type: ViewModelSpec<CompatCounter>.VM.Type = CompatCounter.self
      #expect(type == CompatCounter.self)
    }
  }

  @Test func buildingFromASpecRegistersNothing() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() }
      let built = spec.build()
      #expect(registry.liveInstanceCount == 0)
      #expect(built.instanceArg == InstanceArg())
      let throwing = ViewModelSpec<CompatCounter>(throwingBuilder: { throw CompatFailure() })
      #expect(throws: CompatFailure.self) { try throwing.buildThrowing() }
    }
  }

  @Test func overridesNestAreIdempotentAndRestoreInAnyOrder() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      let binding = ViewModelBinding()
      @MainActor func name() -> String {
        let built = spec.build() as? NamedCounter
        return built?.name ?? "?"
      }
      spec.setProxy(ViewModelSpec { NamedCounter("legacy") })
      let restoreA = spec.overrideWith(ViewModelSpec { NamedCounter("a") })
      let restoreB = spec.overrideWith(ViewModelSpec { NamedCounter("b") })
      #expect(name() == "b")
      restoreA()
      #expect(name() == "b")
      restoreA()
      restoreB()
      #expect(name() == "legacy")
      restoreB()
      #expect(name() == "legacy")
      spec.clearProxy()
      #expect(name() == "base")
      #expect((binding.watch(spec) as? NamedCounter)?.name == "base")
    }
  }

  @Test func aProxySetDuringAnOverrideIsWhatTheOverrideRestoresTo() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      let restore = spec.overrideWith(ViewModelSpec { NamedCounter("override") })
      spec.setProxy(ViewModelSpec { NamedCounter("legacy") })
      restore()
      #expect((spec.build() as? NamedCounter)?.name == "legacy")
    }
  }

  /// `overrideWith(_:)`: "`clearProxy()` removes its overrides too, with the proxy."
  @Test func clearingTheProxyRemovesTheOverridesToo() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      spec.setProxy(ViewModelSpec { NamedCounter("proxy") })
      let restore = spec.overrideWith(ViewModelSpec { NamedCounter("override") })
      spec.clearProxy()
      #expect((spec.build() as? NamedCounter)?.name == "base")
      restore()
      #expect((spec.build() as? NamedCounter)?.name == "base")
    }
  }

  /// `runWithOverride(_:operation:)` overrides the spec "in the current registry": a body that
  /// runs inside another registry's override sees, in each registry, that registry's own.
  @Test func nestedOverridesInTwoRegistriesEachHoldInTheirOwn() {
    let one = ViewModelRegistry(name: "one")
    let two = ViewModelRegistry(name: "two")
    let spec = ViewModelSpec<CompatCounter>(key: "c") { NamedCounter("base") }
    func name(_ counter: CompatCounter) -> String? { (counter as? NamedCounter)?.name }
    one.withCurrent {
      spec.runWithOverride(ViewModelSpec(key: "c") { NamedCounter("one") }) {
        two.withCurrent {
          spec.runWithOverride(ViewModelSpec(key: "c") { NamedCounter("two") }) {
            #expect(name(ViewModelBinding(registry: one).read(spec)) == "one")
            #expect(name(ViewModelBinding(registry: two).read(spec)) == "two")
          }
        }
      }
    }
    one.disposeAll()
    two.disposeAll()
  }

  /// `overrideWith(_:)` inside a `runWithOverride` body: "restoring one … brings back the one
  /// below it" — here the body's own override.
  @Test func anOverrideInsideARunWithOverrideBodyRestoresTheBodysOverride() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      @MainActor func name() -> String? { (spec.build() as? NamedCounter)?.name }
      spec.runWithOverride(ViewModelSpec { NamedCounter("scoped") }) {
        let restore = spec.overrideWith(ViewModelSpec { NamedCounter("inner") })
        #expect(name() == "inner")
        restore()
        #expect(name() == "scoped")
      }
      #expect(name() == "base")
    }
  }

  @Test func anUnkeyedOverrideClearsTheKeyAndTag() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "k", tag: "t") { CompatCounter() }
      let restore = spec.overrideWith(ViewModelSpec { MockCompatCounter() })
      #expect(spec.key() == nil && spec.tag() == nil)
      restore()
      #expect(spec.key() == AnyHashable("k"))
    }
  }

  @Test func runWithOverrideRestoresEvenWhenTheOperationThrows() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { CompatCounter() }
      let binding = ViewModelBinding()
      let inside = spec.runWithOverride(ViewModelSpec { MockCompatCounter() }) {
        binding.watch(spec)
      }
      #expect(inside is MockCompatCounter)
      #expect(throws: CompatFailure.self) {
        try spec.runWithOverride(
          ViewModelSpec { MockCompatCounter() },
          operation: {
            throw CompatFailure()
          })
      }
      #expect(!(spec.build() is MockCompatCounter))
    }
  }

  @Test func asyncRunWithOverrideNestsAndRestoresAfterFailure() async {
    await withAsyncTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      @MainActor func name() -> String { (spec.build() as? NamedCounter)?.name ?? "?" }
      let seen = await spec.runWithOverride(ViewModelSpec { NamedCounter("outer") }) {
        await Task.yield()
        let inner = await spec.runWithOverride(ViewModelSpec { NamedCounter("inner") }) {
          await Task.yield()
          return name()
        }
        return [inner, name()]
      }
      #expect(seen == ["inner", "outer"])
      await #expect(throws: CompatFailure.self) {
        try await spec.runWithOverride(ViewModelSpec { NamedCounter("failing") }) {
          await Task.yield()
          throw CompatFailure()
        }
      }
      #expect(name() == "base")
    }
  }

  /// Two async bodies that overlap, each with its own override of the same spec, each see only
  /// their own: the override belongs to the task that runs the body, as in AppleViewModel.
  @Test func overlappingAsyncOverridesAreIsolated() async {
    await withAsyncTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      let overlap = Overlap()
      let first = Task { await overlap.run(spec, as: "first") }
      let second = Task { await overlap.run(spec, as: "second") }
      #expect(await first.value == ["first", "first", "first"])
      #expect(await second.value == ["second", "second", "second"])
      #expect((spec.build() as? NamedCounter)?.name == "base")
    }
  }

  /// "The override holds in this task, and in the tasks it starts, for as long as `operation`
  /// runs": a task the body started that reads the spec after the body returned builds the
  /// original, even while another override of the registry is running.
  @Test func anOverrideEndsForTheTasksItsBodyStartedWhenTheBodyReturns() async {
    await withAsyncTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      let other = ViewModelSpec<CompatCounter> { NamedCounter("other") }
      let (gate, open) = AsyncStream<Void>.makeStream()
      var escaped: Task<String, Never>?
      spec.runWithOverride(ViewModelSpec { NamedCounter("override") }) {
        escaped = Task {
          for await _ in gate { break }
          return (spec.build() as? NamedCounter)?.name ?? "?"
        }
      }
      let seen = await other.runWithOverride(ViewModelSpec { NamedCounter("other override") }) {
        open.yield()
        return await escaped?.value
      }
      #expect(seen == "base")
    }
  }

  /// An `overrideWith` made inside a `runWithOverride` body belongs to that body's scope: it is
  /// gone when the body returns, even if never restored.
  @Test func anOverrideMadeInsideARunWithOverrideBodyEndsWithIt() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
      let other = ViewModelSpec<CompatCounter> { NamedCounter("other") }
      let inside = other.runWithOverride(ViewModelSpec { NamedCounter("scoped") }) {
        _ = spec.overrideWith(ViewModelSpec { NamedCounter("inner") })
        return (spec.build() as? NamedCounter)?.name
      }
      #expect(inside == "inner")
      #expect((spec.build() as? NamedCounter)?.name == "base")
    }
  }

  /// An `overrideWith` in a registry whose `runWithOverride` body encloses another registry's
  /// belongs to the outer body's scope: it applies there and is gone when that body returns.
  @Test func anOverrideInsideAnotherRegistrysScopeGoesToItsOwnRegistrysScope() {
    let one = ViewModelRegistry(name: "one")
    let two = ViewModelRegistry(name: "two")
    let spec = ViewModelSpec<CompatCounter> { NamedCounter("base") }
    func name() -> String? { (spec.build() as? NamedCounter)?.name }
    let inside = one.withCurrent {
      spec.runWithOverride(ViewModelSpec { NamedCounter("outer") }) {
        two.withCurrent {
          spec.runWithOverride(ViewModelSpec { NamedCounter("in two") }) {
            one.withCurrent {
              _ = spec.overrideWith(ViewModelSpec { NamedCounter("inner") })
              return name()
            }
          }
        }
      }
    }
    #expect(inside == "inner")
    #expect(one.withCurrent { name() } == "base")
    one.disposeAll()
    two.disposeAll()
  }

  @Test func resetClearsOverrides() {
    withTestRegistry { _, _ in
      let spec = ViewModelSpec<CompatCounter> { CompatCounter() }
      let restore = spec.overrideWith(ViewModelSpec { MockCompatCounter() })
      ViewModel.reset()
      #expect(!(spec.build() is MockCompatCounter))
      restore()
      #expect(!(spec.build() is MockCompatCounter))
    }
  }

  @Test func familyOneArgumentMembers() async {
    await withAsyncTestRegistry { _, _ in
      let family = ViewModelSpecWithArg<CompatCounter, String>(
        builder: { NamedCounter($0) }, key: { "user-\($0)" }, tag: { _ in "users" },
        aliveForever: { $0 == "admin" })
      #expect((family.builder("a") as? NamedCounter)?.name == "a")
      #expect(family.keyFn?("a") == AnyHashable("user-a"))
      #expect(family.tagFn?("a") == AnyHashable("users"))
      #expect(family.aliveForeverFn?("admin") == true)
      let bare = ViewModelSpecWithArg<CompatCounter, String>(builder: { NamedCounter($0) })
      #expect(bare.keyFn == nil && bare.tagFn == nil && bare.aliveForeverFn == nil)

      let binding = ViewModelBinding()
      let mocks = ViewModelSpecWithArg<CompatCounter, String>(builder: {
        NamedCounter("mock-\($0)")
      })
      let restore = family.overrideWith(mocks)
      #expect((binding.watch(family("a")) as? NamedCounter)?.name == "mock-a")
      restore()
      restore()
      let sync = family.runWithOverride(mocks) { (family("b").build() as? NamedCounter)?.name }
      let async = await family.runWithOverride(mocks) {
        await Task.yield()
        return (family("c").build() as? NamedCounter)?.name
      }
      #expect(sync == "mock-b" && async == "mock-c")
      #expect((family("d").build() as? NamedCounter)?.name == "d")
    }
  }

  /// The numbered families take Registry's options and proxy forms too, like the family of
  /// several arguments they are made from: a pool, a grace period, a proxy by builder, a scoped
  /// proxy.
  @Test func numberedFamiliesTakeRegistrysLifetimeOptionsAndProxyForms() {
    withTestRegistry { registry, _ in
      let pooled = ViewModelSpecWithArg2<NamedCounter, String, Int>(
        builder: { NamedCounter("\($0)\($1)") }, keepReleased: 1)
      let binding = ViewModelBinding()
      let first = binding.watch(pooled("a", 1))
      binding.unbind(first)
      #expect(!first.isDisposed)
      #expect(binding.watch(pooled("a", 1)) === first)
      binding.dispose()

      let delayed = ViewModelSpecWithArg3<NamedCounter, String, Int, Bool>(
        builder: { a, _, _ in NamedCounter(a) }, disposeDelay: .seconds(60))
      let holder = ViewModelBinding()
      let kept = holder.watch(delayed("b", 2, true))
      holder.dispose()
      #expect(!kept.isDisposed)
      registry.disposeAll()
      #expect(kept.isDisposed)

      let four = ViewModelSpecWithArg4<CompatCounter, String, Int, Bool, Double>(
        builder: { a, _, _, _ in NamedCounter(a) })
      four.setProxy { _, _, _, _ in NamedCounter("proxy") }
      #expect((four("c", 3, false, 0.5).build() as? NamedCounter)?.name == "proxy")
      four.clearProxy()
      let mock = ViewModelSpecWithArg4<CompatCounter, String, Int, Bool, Double>(
        builder: { _, _, _, _ in NamedCounter("mock") })
      let name = four.withProxy(mock) {
        (four("c", 3, false, 0.5).build() as? NamedCounter)?.name
      }
      #expect(name == "mock")
      #expect((four("c", 3, false, 0.5).build() as? NamedCounter)?.name == "c")
    }
  }

  @Test func familiesOfTwoToFourArgumentsHaveTheSameMembers() async {
    await withAsyncTestRegistry { _, _ in
      let two = ViewModelSpecWithArg2<CompatCounter, String, Int>(
        builder: { NamedCounter("\($0)\($1)") }, key: { "\($0)-\($1)" }, tag: { _, _ in "t" },
        aliveForever: { _, _ in true })
      let three = ViewModelSpecWithArg3<CompatCounter, String, Int, Bool>(
        builder: { NamedCounter("\($0)\($1)\($2)") }, key: { a, _, _ in a })
      let four = ViewModelSpecWithArg4<CompatCounter, String, Int, Bool, Double>(
        throwingBuilder: { a, _, _, _ in NamedCounter(a) }, tag: { _, _, _, _ in "four" })
      #expect((two.builder("a", 1) as? NamedCounter)?.name == "a1")
      #expect(two.keyFn?("a", 1) == AnyHashable("a-1"))
      #expect(two.tagFn?("a", 1) == AnyHashable("t"))
      #expect(two.aliveForeverFn?("a", 1) == true)
      #expect((three.builder("b", 2, true) as? NamedCounter)?.name == "b2true")
      #expect(three.keyFn?("b", 2, true) == AnyHashable("b"))
      #expect(three.tagFn == nil && three.aliveForeverFn == nil)
      #expect((four.builder("c", 3, false, 0.5) as? NamedCounter)?.name == "c")
      #expect(four.keyFn == nil)
      #expect(four.tagFn?("c", 3, false, 0.5) == AnyHashable("four"))

      let mockTwo = ViewModelSpecWithArg2<CompatCounter, String, Int>(builder: { _, _ in
        NamedCounter("mock")
      })
      let mockThree = ViewModelSpecWithArg3<CompatCounter, String, Int, Bool>(
        builder: { _, _, _ in NamedCounter("mock") })
      let mockFour = ViewModelSpecWithArg4<CompatCounter, String, Int, Bool, Double>(
        builder: { _, _, _, _ in NamedCounter("mock") })
      let restoreTwo = two.overrideWith(mockTwo)
      #expect((two("a", 1).build() as? NamedCounter)?.name == "mock")
      restoreTwo()
      #expect((two("a", 1).build() as? NamedCounter)?.name == "a1")
      let threeName = three.runWithOverride(mockThree) {
        (three("b", 2, true).build() as? NamedCounter)?.name
      }
      let fourName = await four.runWithOverride(mockFour) {
        await Task.yield()
        return (four("c", 3, false, 0.5).build() as? NamedCounter)?.name
      }
      let restoreThree = three.overrideWith(mockThree)
      let restoreFour = four.overrideWith(mockFour)
      #expect((three("b", 2, true).build() as? NamedCounter)?.name == "mock")
      #expect((four("c", 3, false, 0.5).build() as? NamedCounter)?.name == "mock")
      restoreThree()
      restoreFour()
      let twoName = await two.runWithOverride(mockTwo) {
        await Task.yield()
        return (two("a", 1).build() as? NamedCounter)?.name
      }
      let fourSync = four.runWithOverride(mockFour) {
        (four("c", 3, false, 0.5).build() as? NamedCounter)?.name
      }
      let threeAsync = await three.runWithOverride(mockThree) {
        await Task.yield()
        return (three("b", 2, true).build() as? NamedCounter)?.name
      }
      let twoSync = two.runWithOverride(mockTwo) { (two("a", 1).build() as? NamedCounter)?.name }
      #expect(
        [threeName, fourName, twoName, fourSync, threeAsync, twoSync].allSatisfy { $0 == "mock" })
      #expect((four("c", 3, false, 0.5).build() as? NamedCounter)?.name == "c")
    }
  }

  // RegistryError.defaultRegistryWrittenInTest: "A proxy or provider was written to the
  // process-wide default registry while a Swift Testing test was running" — an override is one.
  @Test func anOverrideOnTheDefaultRegistryInATestIsAWarningThatNamesTheTest() {
    let registry = ViewModelRegistry.default
    let previous = registry.issueReporter
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    defer { registry.issueReporter = previous }
    let spec = ViewModelSpec(key: "default-registry-override") { NamedCounter("real") }
    let restore = registry.withCurrent {
      spec.overrideWith(ViewModelSpec(key: "default-registry-override") { NamedCounter("mock") })
    }
    restore()
    let test = "anOverrideOnTheDefaultRegistryInATestIsAWarningThatNamesTheTest()"
    #expect(
      reporter.errors.contains(
        .defaultRegistryWrittenInTest(operation: "overrideWith(_:)", test: test)))
  }
}

/// Runs bodies that overlap: each overrides the spec, waits until every body is inside its own
/// override, then reads the spec three times, yielding between reads.
@MainActor
private final class Overlap {
  private var started = 0

  func run(_ spec: ViewModelSpec<CompatCounter>, as label: String) async -> [String] {
    await spec.runWithOverride(ViewModelSpec { NamedCounter(label) }) {
      started += 1
      while started < 2 { await Task.yield() }
      var seen: [String] = []
      for _ in 0..<3 {
        seen.append((spec.build() as? NamedCounter)?.name ?? "?")
        await Task.yield()
      }
      return seen
    }
  }
}
