import Registry
import RegistryTesting
import Testing

/// What one instance's hooks have done, kept apart from the instance so that the run never
/// keeps an instance alive itself: only the registry and its bindings do.
@MainActor
private final class Tally {
  let identityName: String
  /// The model's name for the instance: private ones are named per binding.
  var modelName = ""
  var holderCount = 0
  var disposeCount = 0
  /// Set by `onDispose`: whether the instance's dependency was still alive then.
  var dependencyAliveAtDispose: Bool?
  /// A `reset(tag:)` disposed the dependency, and not the instance: the one case where a
  /// dependency may go first.
  var dependencyWasReset = false

  init(_ identityName: String) {
    self.identityName = identityName
  }
}

/// Every tally, in build order.
@MainActor
private final class Ledger {
  private(set) var tallies: [Tally] = []

  func open(_ name: String) -> Tally {
    let tally = Tally(name)
    tallies.append(tally)
    return tally
  }
}

/// An instance that counts its own lifecycle hooks in its tally; one with a dependency watches
/// it through its own binding from `onCreate`, so the dependency is newer than it when built
/// there.
@MainActor
private class CountedViewModel: ViewModel {
  let tally: Tally
  let dependencySpec: ViewModelSpec<CountedViewModel>?
  private var dependency: CountedViewModel?

  init(_ tally: Tally, dependency: ViewModelSpec<CountedViewModel>? = nil) {
    self.tally = tally
    dependencySpec = dependency
  }

  override func onCreate(_ arg: InstanceArg) {
    tally.modelName =
      arg.key == nil ? "\(tally.identityName)@\(arg.bindingId ?? "?")" : tally.identityName
    if let dependencySpec { dependency = viewModelBinding.watch(dependencySpec) }
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) { tally.holderCount += 1 }
  override func onUnbind(_ arg: InstanceArg, bindingId: String) { tally.holderCount -= 1 }

  override func onDispose(_ arg: InstanceArg) {
    if let dependency { tally.dependencyAliveAtDispose = !dependency.isDisposed }
  }

  override func dispose() {
    tally.disposeCount += 1
    super.dispose()
  }
}

/// A counted instance that declares its dependency with `@Watch` (set in its initializer, so
/// that each run's spec can be given), and follows it from `onCreate` on.
@MainActor
private final class WrappingViewModel: CountedViewModel {
  @Watch var dependency: CountedViewModel

  init(_ tally: Tally, watching spec: ViewModelSpec<CountedViewModel>) {
    _dependency = Watch(spec)
    super.init(tally)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    _ = dependency
  }

  override func onDispose(_ arg: InstanceArg) {
    tally.dependencyAliveAtDispose = !dependency.isDisposed
  }
}

/// Random operations on a registry, each checked against a small reference model of who holds
/// what, what must be alive, and how many times each identity was built.
///
/// The run keeps no instance: bindings hold them, and two view models hold others through
/// their own bindings — `chain` holds `k0` (watched in `onCreate`), and `top`, which lives
/// forever, holds `chain` (a `@Watch` property) —
/// so `disposeAll()` and `reset(tag:)` often meet chains nothing outside the registry refers to
/// (the address sanitizer run in CI turns a read of a freed one into a failure).
@MainActor
private struct RegistryModelRun {
  struct SpecChoice {
    let name: String
    let spec: ViewModelSpec<CountedViewModel>
    let isPrivate: Bool
    let isTagged: Bool
  }

  let registry = ViewModelRegistry(name: "model")
  let reporter = RecordingIssueReporter()
  let ledger = Ledger()
  var generator: SeededGenerator
  var bindings: [ViewModelBinding] = []
  /// Model: which identity names each binding holds, by binding id.
  var holds: [String: Set<String>] = [:]
  var foreverAlive = false
  var topAlive = false
  /// Model: whether `chain`'s own binding still holds `k0` (a reset of `k0` alone ends it).
  var chainHoldsK0 = false
  /// Model: whether `top`'s own binding still holds `chain`.
  var topHoldsChain = false
  /// Model: how many times each identity name went from dead to alive.
  var expectedBuilds: [String: Int] = [:]
  var aliveBefore: Set<String> = []
  var choices: [SpecChoice] = []
  var bulkDisposals = 0
  /// How many tallies `check` has seen, and the ones that were alive then.
  var checkedTallies = 0
  var lastLive: [Tally] = []

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    registry.issueReporter = reporter
    // Bulk disposals rebuild the same keys many times a second, as no app does: no churn
    // warnings.
    registry.configure(config: ViewModelConfig(keyChurnWarning: nil))
    let ledger = ledger
    var made: [SpecChoice] = []
    for index in 0..<3 {
      let name = "k\(index)"
      let isTagged = index == 0
      made.append(
        SpecChoice(
          name: name,
          spec: ViewModelSpec(key: name, tag: isTagged ? "t" : nil) {
            CountedViewModel(ledger.open(name))
          }, isPrivate: false, isTagged: isTagged))
    }
    made.append(
      SpecChoice(
        name: "forever",
        spec: ViewModelSpec(key: "forever", tag: "t", aliveForever: true) {
          CountedViewModel(ledger.open("forever"))
        }, isPrivate: false, isTagged: true))
    for index in 0..<2 {
      let name = "p\(index)"
      made.append(
        SpecChoice(
          name: name, spec: ViewModelSpec { CountedViewModel(ledger.open(name)) },
          isPrivate: true, isTagged: false))
    }
    let family = ViewModelSpecWithArg<CountedViewModel, Int>(builder: {
      CountedViewModel(ledger.open("f\($0)"))
    })
    for argument in 0..<3 {
      made.append(
        SpecChoice(name: "f\(argument)", spec: family(argument), isPrivate: false, isTagged: false))
    }
    let k0 = made[0].spec
    let chain = ViewModelSpec(key: "chain") {
      CountedViewModel(ledger.open("chain"), dependency: k0)
    }
    made.append(SpecChoice(name: "chain", spec: chain, isPrivate: false, isTagged: false))
    made.append(
      SpecChoice(
        name: "top",
        spec: ViewModelSpec(key: "top", tag: "t", aliveForever: true) {
          WrappingViewModel(ledger.open("top"), watching: chain)
        }, isPrivate: false, isTagged: true))
    choices = made
  }

  func modelName(_ choice: SpecChoice, in binding: ViewModelBinding) -> String {
    choice.isPrivate ? "\(choice.name)@\(binding.id)" : choice.name
  }

  /// Holder counts the model expects: the bindings', `top`'s own binding holding `chain`, and
  /// `chain`'s holding `k0`.
  func expectedHolders() -> [String: Int] {
    var counts: [String: Int] = [:]
    for held in holds.values { for name in held { counts[name, default: 0] += 1 } }
    if topAlive, topHoldsChain { counts["chain", default: 0] += 1 }
    if counts["chain", default: 0] > 0, chainHoldsK0 { counts["k0", default: 0] += 1 }
    return counts
  }

  func expectedAlive() -> Set<String> {
    var alive = Set(expectedHolders().filter { $0.value > 0 }.keys)
    if foreverAlive { alive.insert("forever") }
    if topAlive { alive.insert("top") }
    return alive
  }

  /// What a resolution of `name` builds, as the model sees it: `top` builds `chain` when it is
  /// not alive, and `chain` builds `k0` likewise; each new one holds what it built or found.
  mutating func willResolve(_ name: String) {
    let alive = expectedAlive()
    if name == "top", !alive.contains("top") {
      topAlive = true
      topHoldsChain = true
      if !alive.contains("chain") { chainHoldsK0 = true }
    }
    if name == "chain", !alive.contains("chain") { chainHoldsK0 = true }
  }

  mutating func step() {
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<10 where bindings.count < 6:
      let binding = ViewModelBinding(registry: registry)
      bindings.append(binding)
      holds[binding.id] = []
    case 0..<16 where !bindings.isEmpty:
      let index = Int.random(in: 0..<bindings.count, using: &generator)
      let binding = bindings.remove(at: index)
      holds[binding.id] = nil
      binding.dispose()
    case 16..<20 where !bindings.isEmpty:
      // Dropped without dispose(): deinit must release everything.
      let index = Int.random(in: 0..<bindings.count, using: &generator)
      holds[bindings[index].id] = nil
      bindings.remove(at: index)
    case 20..<22:
      // Everything goes, holders before what they hold; bindings stay, holding nothing.
      bulkDisposals += 1
      registry.disposeAll()
      holds = holds.mapValues { _ in [] }
      foreverAlive = false
      topAlive = false
      chainHoldsK0 = false
      topHoldsChain = false
    case 22..<25:
      bulkDisposals += 1
      if expectedAlive().contains("chain"), chainHoldsK0 {
        liveTally("chain")?.dependencyWasReset = true
      }
      let tagged = Set(choices.filter(\.isTagged).map(\.name))
      let aliveTagged = expectedAlive().intersection(tagged)
      #expect(registry.reset(tag: "t") == aliveTagged.count)
      holds = holds.mapValues { $0.subtracting(tagged) }
      if foreverAlive { foreverAlive = false }
      if topAlive {
        topAlive = false
        topHoldsChain = false
      }
      // An untagged `chain` that stays alive no longer holds the `k0` the reset disposed.
      chainHoldsK0 = false
    case 25..<75 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      let choice = choices.randomElement(using: &generator)!
      let watching = Bool.random(using: &generator)
      willResolve(choice.name)
      _ = watching ? binding.watch(choice.spec) : binding.read(choice.spec)
      holds[binding.id, default: []].insert(modelName(choice, in: binding))
      if choice.name == "forever" { foreverAlive = true }
    case 75..<92 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      guard let name = holds[binding.id]?.randomElement(using: &generator),
        let choice = choices.first(where: { modelName($0, in: binding) == name })
      else { return }
      binding.unbind(binding.read(choice.spec))
      holds[binding.id]?.remove(name)
    default:
      if let model = registry.liveViewModels().randomElement(using: &generator) {
        model.notifyListeners()
      }
    }
  }

  func liveTally(_ name: String) -> Tally? {
    registry.liveViewModels().lazy.map { ($0 as! CountedViewModel).tally }.first {
      $0.modelName == name
    }
  }

  /// Checks the registry against the model; what disagrees fails the test once per step, so
  /// that a run of 100,000 steps costs little more than its operations.
  mutating func check(step: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = expectedAlive()
    for name in alive.subtracting(aliveBefore) { expectedBuilds[name, default: 0] += 1 }
    aliveBefore = alive
    let live = registry.liveViewModels().map { ($0 as! CountedViewModel).tally }
    var problems: [String] = []
    let liveNames = Set(live.map(\.modelName))
    if liveNames != alive || live.count != alive.count {
      problems.append("alive: \(live.map(\.modelName).sorted()), model: \(alive.sorted())")
    }
    let holders = expectedHolders()
    for tally in live {
      if tally.holderCount != holders[tally.modelName, default: 0] {
        problems.append(
          "\(tally.modelName): \(tally.holderCount) holders, model: "
            + "\(holders[tally.modelName, default: 0])")
      }
      if tally.disposeCount != 0 { problems.append("\(tally.modelName) alive but disposed") }
    }
    // Only what was alive at the last check, or built since, can have been disposed since.
    let liveIDs = Set(live.map(ObjectIdentifier.init))
    let candidates = Array(ledger.tallies[checkedTallies...]) + lastLive
    checkedTallies = ledger.tallies.count
    lastLive = live
    for tally in candidates where !liveIDs.contains(ObjectIdentifier(tally)) {
      if tally.disposeCount != 1 {
        problems.append("\(tally.modelName) disposed \(tally.disposeCount) times")
      }
      // "A dependency lives at least as long as the view model": whatever disposed it.
      if tally.dependencyAliveAtDispose == false, !tally.dependencyWasReset {
        problems.append("\(tally.modelName)'s dependency went first")
      }
    }
    #expect(problems.isEmpty, "step \(step): \(problems)", sourceLocation: sourceLocation)
  }
}

@MainActor
@Suite struct ModelBasedTests {
  @Test(arguments: modelRunSeeds)
  func randomOperationsMatchTheReferenceModel(seed: UInt64) {
    var run = RegistryModelRun(seed: seed)
    for step in 0..<2_500 {
      run.step()
      run.check(step: step)
    }
    #expect(run.bulkDisposals > 0)
    #expect(run.reporter.issues.isEmpty, "\(run.reporter.errors)")
    // Every identity was built exactly as often as the model says it came alive.
    let builds = Dictionary(grouping: run.ledger.tallies, by: \.identityName).mapValues(\.count)
    var expectedBuilds: [String: Int] = [:]
    for (name, count) in run.expectedBuilds {
      expectedBuilds[String(name.prefix { $0 != "@" }), default: 0] += count
    }
    #expect(builds == expectedBuilds)
    for binding in run.bindings { binding.dispose() }
    run.holds = run.holds.mapValues { _ in [] }
    run.bindings.removeAll()
    let remaining = Set(
      run.registry.liveViewModels().map { ($0 as! CountedViewModel).tally.modelName })
    #expect(remaining == run.expectedAlive())
    run.registry.disposeAll()
    #expect(run.registry.liveInstanceCount == 0)
    for tally in run.ledger.tallies {
      #expect(tally.disposeCount == 1, "\(tally.modelName) disposed \(tally.disposeCount) times")
      #expect(
        tally.dependencyAliveAtDispose != false || tally.dependencyWasReset, "\(tally.modelName)")
    }
  }
}
