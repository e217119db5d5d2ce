import Registry
import Testing

/// Counts what happened to one built instance; kept strongly while the instance is held weakly,
/// so the end of a run can check both exactly-once disposal and deallocation.
@MainActor
private final class Tracker {
  let name: String
  var disposeCount = 0
  var holderCount = 0
  var isMock = false
  weak var instance: FaultyViewModel?

  init(name: String) {
    self.name = name
  }
}

private struct InjectedFailure: Error {}

/// What the faulty specs do to the registry while it works on them.
@MainActor
private final class Faults {
  /// The binding a builder, an `onCreate` or an `onDispose` disposes, chosen by the driver.
  /// Weak, like every reference below: a binding the driver drops must be able to go away.
  weak var victim: ViewModelBinding?
  var flakyThrows = false
  var trackers: [Tracker] = []
  var routedErrors = 0
}

@MainActor
private final class FaultyViewModel: ViewModel {
  let tracker: Tracker
  let faults: Faults
  weak var disposeOnCreate: ViewModelBinding?
  weak var disposeOnDispose: ViewModelBinding?
  var dependency: ViewModelSpec<FaultyViewModel>?
  var modelName = ""

  init(_ name: String, faults: Faults, mock: Bool = false) {
    tracker = Tracker(name: name)
    tracker.isMock = mock
    self.faults = faults
    super.init()
    tracker.instance = self
    faults.trackers.append(tracker)
  }

  override func onCreate(_ arg: InstanceArg) {
    modelName = arg.key == nil ? "\(tracker.name)@\(arg.bindingId ?? "?")" : tracker.name
    if let dependency { _ = viewModelBinding.watch(dependency) }
    disposeOnCreate?.dispose()
    disposeOnCreate = nil
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) { tracker.holderCount += 1 }
  override func onUnbind(_ arg: InstanceArg, bindingId: String) { tracker.holderCount -= 1 }

  override func onDispose(_ arg: InstanceArg) {
    disposeOnDispose?.dispose()
    disposeOnDispose = nil
  }

  override func dispose() {
    tracker.disposeCount += 1
    super.dispose()
  }
}

/// A lifecycle observer that throws on every seventh event.
@MainActor
private final class ThrowingObserver: ViewModelLifecycle {
  var count = 0
  func onCreate(_ event: LifecycleEvent) throws { try tick() }
  func onBind(_ event: LifecycleEvent) throws { try tick() }
  func onUnbind(_ event: LifecycleEvent) throws { try tick() }
  func onDispose(_ event: LifecycleEvent) throws { try tick() }
  private func tick() throws {
    count += 1
    if count % 7 == 0 { throw InjectedFailure() }
  }
}

/// The model-based run with faults injected: throwing builders, throwing listeners and
/// observers, bindings disposed from inside builders, `onCreate`, `onDispose` and listeners,
/// and proxies installed and cleared mid-run. See Tests/FAULTS.md.
@MainActor
private struct FaultRun {
  enum Kind { case keyed, forever, privateSpec, flaky, builderKiller, createKiller, bomb, chain }

  struct Choice {
    let name: String
    let kind: Kind
    let spec: ViewModelSpec<FaultyViewModel>
  }

  let registry = ViewModelRegistry(name: "faults")
  let faults = Faults()
  var generator: SeededGenerator
  var choices: [Choice] = []
  var bindings: [ViewModelBinding] = []
  var holds: [String: Set<String>] = [:]
  var foreverBuilt = false
  var proxyActive = false
  var expectedBuilds: [String: Int] = [:]
  var aliveBefore: Set<String> = []
  /// Who each live "bomb" disposes when it is disposed.
  var bombVictim: String?
  let k1Proxy: ViewModelSpec<FaultyViewModel>

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    let faults = self.faults
    registry.configure(
      config: ViewModelConfig(onError: { _ in faults.routedErrors += 1 }, keyChurnWarning: nil))
    registry.addLifecycle(ThrowingObserver())
    var made: [Choice] = []
    for index in 0..<3 {
      let name = "k\(index)"
      made.append(
        Choice(
          name: name, kind: .keyed,
          spec: ViewModelSpec(key: name) { FaultyViewModel(name, faults: faults) }))
    }
    made.append(
      Choice(
        name: "forever", kind: .forever,
        spec: ViewModelSpec(key: "forever", aliveForever: true) {
          FaultyViewModel("forever", faults: faults)
        }))
    made.append(
      Choice(
        name: "p", kind: .privateSpec, spec: ViewModelSpec { FaultyViewModel("p", faults: faults) })
    )
    made.append(
      Choice(
        name: "flaky", kind: .flaky,
        spec: ViewModelSpec(
          key: "flaky",
          throwingBuilder: {
            if faults.flakyThrows { throw InjectedFailure() }
            return FaultyViewModel("flaky", faults: faults)
          })))
    made.append(
      Choice(
        name: "bk", kind: .builderKiller,
        spec: ViewModelSpec(key: "bk") {
          faults.victim?.dispose()
          return FaultyViewModel("bk", faults: faults)
        }))
    made.append(
      Choice(
        name: "ck", kind: .createKiller,
        spec: ViewModelSpec(key: "ck") {
          let model = FaultyViewModel("ck", faults: faults)
          model.disposeOnCreate = faults.victim
          return model
        }))
    made.append(
      Choice(
        name: "bomb", kind: .bomb,
        spec: ViewModelSpec(key: "bomb") {
          let model = FaultyViewModel("bomb", faults: faults)
          model.disposeOnDispose = faults.victim
          return model
        }))
    let k0 = made[0].spec
    made.append(
      Choice(
        name: "chain", kind: .chain,
        spec: ViewModelSpec(key: "chain") {
          let model = FaultyViewModel("chain", faults: faults)
          model.dependency = k0
          return model
        }))
    choices = made
    k1Proxy = ViewModelSpec(key: "k1") { FaultyViewModel("k1", faults: faults, mock: true) }
  }

  // MARK: The reference model

  func modelName(_ choice: Choice, in binding: ViewModelBinding) -> String {
    choice.kind == .privateSpec ? "p@\(binding.id)" : choice.name
  }

  func expectedHolders() -> [String: Int] {
    var counts: [String: Int] = [:]
    for held in holds.values { for name in held { counts[name, default: 0] += 1 } }
    if counts["chain", default: 0] > 0 { counts["k0", default: 0] += 1 }
    return counts
  }

  func expectedAlive() -> Set<String> {
    var alive = Set(expectedHolders().filter { $0.value > 0 }.keys)
    if foreverBuilt { alive.insert("forever") }
    return alive
  }

  func isAlive(_ name: String) -> Bool { expectedAlive().contains(name) }

  /// Applies cascades (a bomb's death disposes its victim) until nothing changes.
  mutating func settleModel() {
    while true {
      let alive = expectedAlive()
      if aliveBefore.contains("bomb"), !alive.contains("bomb"), let victim = bombVictim {
        // The bomb's onDispose disposed its victim: that binding's holds go too.
        bombVictim = nil
        holds[victim] = nil
        bindings.removeAll { $0.id == victim }
        continue
      }
      aliveBefore = alive
      if !alive.contains("bomb") { bombVictim = nil }
      return
    }
  }

  mutating func forget(_ binding: ViewModelBinding) {
    holds[binding.id] = nil
    bindings.removeAll { $0 === binding }
  }

  mutating func randomVictim(excluding requester: ViewModelBinding) -> ViewModelBinding? {
    let candidates = bindings.filter { $0 !== requester }
    guard !candidates.isEmpty, Bool.random(using: &generator) else { return nil }
    return candidates.randomElement(using: &generator)
  }

  // MARK: Steps

  mutating func step() {
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<10 where bindings.count < 6:
      let binding = ViewModelBinding(registry: registry)
      bindings.append(binding)
      holds[binding.id] = []
    case 0..<16 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      forget(binding)
      binding.dispose()
    case 16..<19 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      forget(binding)  // dropped: the last reference goes with it
    case 19..<65 where !bindings.isEmpty:
      resolveStep()
    case 65..<80 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      guard let name = holds[binding.id]?.sorted().randomElement(using: &generator),
        let choice = choices.first(where: { modelName($0, in: binding) == name })
      else { return }
      binding.unbind(binding.read(choice.spec))
      holds[binding.id]?.remove(name)
    case 80..<90:
      notifyStep()
    case 90..<95:
      if proxyActive {
        registry.clearProxy(for: choices[1].spec)
      } else {
        registry.setProxy(k1Proxy, for: choices[1].spec)
      }
      proxyActive.toggle()
    default:
      // A listener that throws on a random instance.
      registry.liveViewModels().randomElement(using: &generator)?.listen {
        throw InjectedFailure()
      }
    }
    settleModel()
  }

  private mutating func resolveStep() {
    let binding = bindings.randomElement(using: &generator)!
    let choice = choices.randomElement(using: &generator)!
    let name = modelName(choice, in: binding)
    let wasAlive = isAlive(name)
    faults.victim = nil
    faults.flakyThrows = false
    switch choice.kind {
    case .flaky:
      faults.flakyThrows = Bool.random(using: &generator)
    case .builderKiller, .createKiller, .bomb:
      faults.victim = randomVictim(excluding: binding)
    default:
      break
    }
    let watching = Bool.random(using: &generator)
    // What this resolution builds: the instance, and k0 when the chain is built without it.
    var builds = wasAlive ? [] : [name]
    if !wasAlive, choice.kind == .chain, !isAlive("k0") { builds.append("k0") }
    do {
      _ = try watching ? binding.watchThrowing(choice.spec) : binding.readThrowing(choice.spec)
    } catch RegistryError.bindingDisposedWhileBuilding {
      // A cascade the build started (a killer's victim held a bomb, whose disposal disposed
      // this binding) disposed the requester: the throwing forms throw, and what this
      // resolution built went with it, as did everything the victims held.
      #expect(!wasAlive)
      for built in builds { expectedBuilds[built, default: 0] += 1 }
      if let victim = faults.victim { forget(victim) }
      forget(binding)
      faults.victim = nil
      return
    } catch {
      #expect(choice.kind == .flaky && faults.flakyThrows && !wasAlive, "unexpected \(error)")
      return
    }
    for built in builds { expectedBuilds[built, default: 0] += 1 }
    if !wasAlive, let victim = faults.victim, choice.kind != .bomb {
      forget(victim)  // disposed by the builder or by onCreate
    }
    if !wasAlive, choice.kind == .bomb { bombVictim = faults.victim?.id }
    if choice.kind == .forever { foreverBuilt = true }
    if holds[binding.id] != nil { holds[binding.id]?.insert(name) }
    faults.victim = nil
  }

  private mutating func notifyStep() {
    guard let model = registry.liveViewModels().randomElement(using: &generator) else { return }
    guard let victim = bindings.randomElement(using: &generator), Bool.random(using: &generator)
    else {
      model.notifyListeners()
      return
    }
    // A listener that disposes a binding, once.
    var remove: () -> Void = {}
    remove = model.listen {
      remove()
      victim.dispose()
    }
    forget(victim)
    model.notifyListeners()
  }

  // MARK: Checks

  func check(step: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = expectedAlive()
    let live = registry.liveViewModels().map { $0 as! FaultyViewModel }
    #expect(Set(live.map(\.modelName)) == alive, "step \(step)", sourceLocation: sourceLocation)
    #expect(live.count == alive.count, "step \(step)", sourceLocation: sourceLocation)
    let holders = expectedHolders()
    for model in live {
      #expect(
        model.tracker.holderCount == holders[model.modelName, default: 0],
        "step \(step): holders of \(model.modelName)", sourceLocation: sourceLocation)
    }
    let liveIDs = Set(live.map(ObjectIdentifier.init))
    for tracker in faults.trackers {
      let isLive = tracker.instance.map { liveIDs.contains(ObjectIdentifier($0)) } ?? false
      // Instances built by a builder that then threw never reach the registry: never disposed.
      if isLive {
        #expect(tracker.disposeCount == 0, sourceLocation: sourceLocation)
      } else {
        #expect(
          tracker.disposeCount <= 1, "step \(step): \(tracker.name)", sourceLocation: sourceLocation
        )
      }
    }
  }
}

@MainActor
@Suite struct FaultInjectionTests {
  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func registryMatchesTheModelUnderInjectedFaults(seed: UInt64) {
    var run = FaultRun(seed: seed)
    for step in 0..<1_200 {
      run.step()
      run.check(step: step)
    }
    #expect(run.faults.routedErrors > 0)
    let builds = Dictionary(
      grouping: run.faults.trackers.filter {
        $0.instance?.modelName.isEmpty == false || $0.disposeCount > 0
      },
      by: { $0.name.hasPrefix("p") ? "p" : $0.name }
    ).mapValues(\.count)
    for (name, count) in run.expectedBuilds where !name.hasPrefix("p@") {
      #expect(builds[name] == count, "builds of \(name)")
    }
    for binding in run.bindings { binding.dispose() }
    run.bindings.removeAll()
    run.holds.removeAll()
    let remaining = run.registry.liveViewModels().map { ($0 as! FaultyViewModel).modelName }
    #expect(remaining == (run.foreverBuilt ? ["forever"] : []))
    run.registry.disposeAll()
    for tracker in run.faults.trackers where tracker.disposeCount != 1 {
      // Only instances whose builder threw after creating them were never registered.
      #expect(tracker.disposeCount == 0 && tracker.name == "flaky", "\(tracker.name)")
    }
    #expect(run.faults.trackers.allSatisfy { $0.instance == nil }, "every instance deallocated")
  }
}
