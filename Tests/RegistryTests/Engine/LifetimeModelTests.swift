import Registry
import RegistryTesting
import Testing

/// An instance that counts its hooks, named by its identity.
@MainActor
private final class TimedViewModel: ViewModel {
  let name: String
  var holderCount = 0
  var disposeCount = 0

  init(_ name: String) {
    self.name = name
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) { holderCount += 1 }
  override func onUnbind(_ arg: InstanceArg, bindingId: String) { holderCount -= 1 }
  override func dispose() {
    disposeCount += 1
    super.dispose()
  }
}

/// Random operations on a registry whose specs have grace periods, a pooled family and a tag
/// that is reset, each checked against a reference model of what is held, what waits (and until
/// when), what is pooled, and how often each identity was built.
@MainActor
private struct LifetimeModelRun {
  struct Choice {
    let name: String
    let spec: ViewModelSpec<TimedViewModel>
    var delay: Int = 0
    var pooled = false
    var tagged = false
    var forever = false
  }

  static let delay = 5
  static let poolCapacity = 2

  let registry = ViewModelRegistry(name: "lifetimes")
  let clock = ManualClock()
  var generator: SeededGenerator
  var choices: [Choice] = []
  var bindings: [ViewModelBinding] = []
  /// Model: the names each binding holds, by binding id, in the order it started holding them.
  var holds: [String: [String]] = [:]
  /// Model: released instances waiting out their grace period, with the second it ends.
  var waiting: [String: Int] = [:]
  /// Model: released instances of the pooled family, least recently released first.
  var pool: [String] = []
  /// Model: `aliveForever` instances built since the last reset.
  var forever: Set<String> = []
  var now = 0
  var expectedBuilds: [String: Int] = [:]
  var aliveBefore: Set<String> = []
  var built: [TimedViewModel] = []
  var builtIDs: Set<ObjectIdentifier> = []

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    registry.clock = clock
    let delay = Duration.seconds(Self.delay)
    var made: [Choice] = [
      Choice(name: "k", spec: ViewModelSpec(key: "k") { TimedViewModel("k") }),
      Choice(
        name: "t", spec: ViewModelSpec(key: "t", tag: "t") { TimedViewModel("t") }, tagged: true),
      Choice(
        name: "tf",
        spec: ViewModelSpec(key: "tf", tag: "t", aliveForever: true) { TimedViewModel("tf") },
        tagged: true, forever: true),
    ]
    for index in 0..<2 {
      let name = "g\(index)"
      made.append(
        Choice(
          name: name,
          spec: ViewModelSpec(key: name, disposeDelay: delay) { TimedViewModel(name) },
          delay: Self.delay))
    }
    made.append(
      Choice(
        name: "gt",
        spec: ViewModelSpec(key: "gt", tag: "t", disposeDelay: delay) { TimedViewModel("gt") },
        delay: Self.delay, tagged: true))
    let rows = ViewModelSpecWithArg<TimedViewModel, Int>(
      builder: { TimedViewModel("r\($0)") }, keepReleased: Self.poolCapacity)
    for argument in 0..<4 {
      made.append(Choice(name: "r\(argument)", spec: rows(argument), pooled: true))
    }
    choices = made
  }

  func holderCounts() -> [String: Int] {
    var counts: [String: Int] = [:]
    for held in holds.values { for name in held { counts[name, default: 0] += 1 } }
    return counts
  }

  func expectedAlive() -> Set<String> {
    Set(holderCounts().keys).union(waiting.keys).union(pool).union(forever)
  }

  /// The model's side of a holder letting go of `name`.
  mutating func released(_ name: String) {
    guard holderCounts()[name, default: 0] == 0,
      let choice = choices.first(where: { $0.name == name })
    else { return }
    if choice.delay > 0 {
      waiting[name] = now + choice.delay
    } else if choice.pooled {
      pool.append(name)
      if pool.count > Self.poolCapacity { pool.removeFirst() }
    }
  }

  mutating func step() {
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<8 where bindings.count < 5:
      let binding = ViewModelBinding(registry: registry)
      bindings.append(binding)
      holds[binding.id] = []
    case 0..<14 where !bindings.isEmpty:
      let binding = bindings.remove(at: Int.random(in: 0..<bindings.count, using: &generator))
      let held = holds.removeValue(forKey: binding.id) ?? []
      binding.dispose()
      // A binding lets go newest first.
      for name in held.reversed() { released(name) }
    case 14..<55 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      let choice = choices.randomElement(using: &generator)!
      _ = Bool.random(using: &generator) ? binding.watch(choice.spec) : binding.read(choice.spec)
      if holds[binding.id]?.contains(choice.name) == false {
        holds[binding.id]?.append(choice.name)
      }
      // Acquired again: no longer waiting, no longer pooled.
      waiting[choice.name] = nil
      pool.removeAll { $0 == choice.name }
      if choice.forever { forever.insert(choice.name) }
    case 55..<75 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      guard let name = holds[binding.id]?.randomElement(using: &generator),
        let choice = choices.first(where: { $0.name == name })
      else { return }
      binding.unbind(binding.read(choice.spec))
      holds[binding.id]?.removeAll { $0 == name }
      released(name)
    case 75..<88:
      let seconds = Int.random(in: 1...4, using: &generator)
      now += seconds
      clock.advance(by: .seconds(seconds))
      waiting = waiting.filter { $0.value > now }
    case 88..<94:
      let disposed = registry.reset(tag: "t")
      let tagged = Set(choices.filter(\.tagged).map(\.name))
      #expect(disposed == expectedAlive().intersection(tagged).count)
      for id in holds.keys { holds[id]?.removeAll { tagged.contains($0) } }
      for name in tagged { waiting[name] = nil }
      forever.subtract(tagged)
    default:
      registry.liveViewModels().randomElement(using: &generator)?.notifyListeners()
    }
  }

  mutating func check(step: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = expectedAlive()
    for name in alive.subtracting(aliveBefore) { expectedBuilds[name, default: 0] += 1 }
    aliveBefore = alive
    let live = registry.liveViewModels().map { $0 as! TimedViewModel }
    for model in live where builtIDs.insert(ObjectIdentifier(model)).inserted {
      built.append(model)
    }
    #expect(Set(live.map(\.name)) == alive, "step \(step)", sourceLocation: sourceLocation)
    #expect(live.count == alive.count, "step \(step)", sourceLocation: sourceLocation)
    let counts = holderCounts()
    for model in live {
      #expect(
        model.holderCount == counts[model.name, default: 0], "step \(step): \(model.name)",
        sourceLocation: sourceLocation)
      #expect(!model.isDisposed && model.disposeCount == 0, sourceLocation: sourceLocation)
    }
    // What waits or is pooled is not a leak; everything else alive has a holder or lives
    // forever.
    let snapshot = registry.snapshot().instances
    let awaiting = zip(live, snapshot).filter { $0.1.isAwaitingDisposal }.map { $0.0.name }
    #expect(
      Set(awaiting) == Set(waiting.keys).union(pool), "step \(step)",
      sourceLocation: sourceLocation)
    let liveIDs = Set(live.map(ObjectIdentifier.init))
    for model in built where !liveIDs.contains(ObjectIdentifier(model)) {
      #expect(
        model.disposeCount == 1, "step \(step): \(model.name)", sourceLocation: sourceLocation)
    }
  }
}

@MainActor
@Suite struct LifetimeModelTests {
  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func gracePeriodsPoolsAndResetsMatchTheReferenceModel(seed: UInt64) {
    var run = LifetimeModelRun(seed: seed)
    for step in 0..<1_500 {
      run.step()
      run.check(step: step)
    }
    let builds = Dictionary(grouping: run.built, by: \.name).mapValues(\.count)
    #expect(builds == run.expectedBuilds)
    for binding in run.bindings { binding.dispose() }
    run.bindings.removeAll()
    run.registry.disposeAll()
    #expect(run.registry.liveInstanceCount == 0)
    #expect(run.clock.pendingCount == 0)
    for model in run.built {
      #expect(model.disposeCount == 1, "\(model.name) disposed \(model.disposeCount) times")
    }
  }
}
