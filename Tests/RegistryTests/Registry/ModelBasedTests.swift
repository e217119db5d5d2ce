import Registry
import Testing

/// An instance that counts its own lifecycle hooks, for checking against the reference model.
@MainActor
private final class CountedViewModel: ViewModel {
  let identityName: String
  var holderCount = 0
  var disposeCount = 0
  var dependencySpec: ViewModelSpec<CountedViewModel>?

  init(_ identityName: String) {
    self.identityName = identityName
  }

  /// The model's name for this instance: private ones are named per binding.
  var modelName: String = ""

  override func onCreate(_ arg: InstanceArg) {
    modelName = arg.key == nil ? "\(identityName)@\(arg.bindingId ?? "?")" : identityName
    if let dependencySpec { _ = viewModelBinding.watch(dependencySpec) }
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) { holderCount += 1 }
  override func onUnbind(_ arg: InstanceArg, bindingId: String) { holderCount -= 1 }
  override func dispose() {
    disposeCount += 1
    super.dispose()
  }
}

/// Random operations on a registry, each checked against a small reference model of who holds
/// what, what must be alive, and how many times each identity was built.
@MainActor
private struct RegistryModelRun {
  struct SpecChoice {
    let name: String
    let spec: ViewModelSpec<CountedViewModel>
    let isPrivate: Bool
  }

  let registry = ViewModelRegistry(name: "model")
  var generator: SeededGenerator
  var bindings: [ViewModelBinding] = []
  /// Model: which identity names each binding holds, by binding id.
  var holds: [String: Set<String>] = [:]
  var everForever = false
  /// Model: how many times each identity name went from dead to alive.
  var expectedBuilds: [String: Int] = [:]
  var aliveBefore: Set<String> = []
  /// Every instance ever built, to check exactly-once disposal at the end.
  var built: [CountedViewModel] = []
  var builtIDs: Set<ObjectIdentifier> = []
  var choices: [SpecChoice] = []

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    var made: [SpecChoice] = []
    for index in 0..<3 {
      let name = "k\(index)"
      made.append(
        SpecChoice(
          name: name, spec: ViewModelSpec(key: name) { CountedViewModel(name) }, isPrivate: false))
    }
    made.append(
      SpecChoice(
        name: "forever",
        spec: ViewModelSpec(key: "forever", aliveForever: true) { CountedViewModel("forever") },
        isPrivate: false))
    for index in 0..<2 {
      let name = "p\(index)"
      made.append(
        SpecChoice(name: name, spec: ViewModelSpec { CountedViewModel(name) }, isPrivate: true))
    }
    let family = ViewModelSpecWithArg<CountedViewModel, Int>(builder: { CountedViewModel("f\($0)") }
    )
    for argument in 0..<3 {
      made.append(SpecChoice(name: "f\(argument)", spec: family(argument), isPrivate: false))
    }
    let k0 = made[0].spec
    made.append(
      SpecChoice(
        name: "chain",
        spec: ViewModelSpec(key: "chain") {
          let model = CountedViewModel("chain")
          model.dependencySpec = k0
          return model
        }, isPrivate: false))
    choices = made
  }

  func modelName(_ choice: SpecChoice, in binding: ViewModelBinding) -> String {
    choice.isPrivate ? "\(choice.name)@\(binding.id)" : choice.name
  }

  /// Holder counts the model expects, with the chain's own binding holding k0.
  func expectedHolders() -> [String: Int] {
    var counts: [String: Int] = [:]
    for held in holds.values { for name in held { counts[name, default: 0] += 1 } }
    if counts["chain", default: 0] > 0 { counts["k0", default: 0] += 1 }
    return counts
  }

  func expectedAlive() -> Set<String> {
    var alive = Set(expectedHolders().filter { $0.value > 0 }.keys)
    if everForever { alive.insert("forever") }
    return alive
  }

  mutating func step() {
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<10 where bindings.count < 6:
      let binding = ViewModelBinding(registry: registry)
      bindings.append(binding)
      holds[binding.id] = []
    case 0..<18 where !bindings.isEmpty:
      let index = Int.random(in: 0..<bindings.count, using: &generator)
      let binding = bindings.remove(at: index)
      holds[binding.id] = nil
      binding.dispose()
    case 18..<22 where !bindings.isEmpty:
      // Dropped without dispose(): deinit must release everything.
      let index = Int.random(in: 0..<bindings.count, using: &generator)
      holds[bindings[index].id] = nil
      bindings.remove(at: index)
    case 22..<75 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      let choice = choices.randomElement(using: &generator)!
      let watching = Bool.random(using: &generator)
      _ = watching ? binding.watch(choice.spec) : binding.read(choice.spec)
      holds[binding.id, default: []].insert(modelName(choice, in: binding))
      if choice.name == "forever" { everForever = true }
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

  mutating func check(step: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = expectedAlive()
    for name in alive.subtracting(aliveBefore) { expectedBuilds[name, default: 0] += 1 }
    aliveBefore = alive
    let live = registry.liveViewModels().map { $0 as! CountedViewModel }
    for model in live where builtIDs.insert(ObjectIdentifier(model)).inserted {
      built.append(model)
    }
    let liveNames = Set(live.map(\.modelName))
    #expect(liveNames == alive, "step \(step)", sourceLocation: sourceLocation)
    #expect(live.count == alive.count, "step \(step)", sourceLocation: sourceLocation)
    let holders = expectedHolders()
    for model in live {
      #expect(
        model.holderCount == holders[model.modelName, default: 0],
        "step \(step): holders of \(model.modelName)", sourceLocation: sourceLocation)
      #expect(model.disposeCount == 0 && !model.isDisposed, sourceLocation: sourceLocation)
    }
    let liveIDs = Set(live.map(ObjectIdentifier.init))
    for model in built where !liveIDs.contains(ObjectIdentifier(model)) {
      #expect(
        model.disposeCount == 1, "step \(step): \(model.modelName)", sourceLocation: sourceLocation)
    }
  }
}

@MainActor
@Suite struct ModelBasedTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomOperationsMatchTheReferenceModel(seed: UInt64) {
    var run = RegistryModelRun(seed: seed)
    for step in 0..<1_500 {
      run.step()
      run.check(step: step)
    }
    // Every identity was built exactly as often as the model says it came alive.
    let builds = Dictionary(grouping: run.built, by: \.modelName).mapValues(\.count)
    #expect(builds == run.expectedBuilds)
    for binding in run.bindings { binding.dispose() }
    run.holds = run.holds.mapValues { _ in [] }
    run.bindings.removeAll()
    let remaining = run.registry.liveViewModels().map { ($0 as! CountedViewModel).identityName }
    #expect(remaining == (run.everForever ? ["forever"] : []))
    run.registry.disposeAll()
    #expect(run.registry.liveInstanceCount == 0)
    for model in run.built {
      #expect(model.disposeCount == 1, "\(model.modelName) disposed \(model.disposeCount) times")
    }
  }
}
