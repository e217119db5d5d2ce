import Registry
import RegistryTesting
import Testing

/// A service that counts its disposals, for checking against the reference model.
@MainActor
private final class CountedService: RegistryDisposable {
  let name: String
  /// Where it came from, for an interface: its provider, or the interface's test default.
  let source: String
  var disposeCount = 0

  init(_ name: String, source: String = "builder") {
    self.name = name
    self.source = source
  }

  func dispose() { disposeCount += 1 }
}

/// A view model that reads a service through its own binding: a `@Read` property (set in its
/// initializer, so that each run's spec can be given), read in `onCreate`.
@MainActor
private final class ScreenViewModel: ViewModel {
  @Read var dependency: CountedService
  init(dependency: ServiceSpec<CountedService>) { _dependency = Read(dependency) }
  override func onCreate(_ arg: InstanceArg) { _ = dependency }
}

/// Random provides, resolutions, releases, resets and bindings coming and going, checked after
/// each step against a reference model of services and interfaces: what is alive, who holds it,
/// how often each identity was built, that each service is disposed exactly once, and that an
/// interface is built by its provider or its default and never by both.
@MainActor
private struct ServiceModelRun {
  enum Choice: CaseIterable {
    case s0, s1, forever, privateService, family0, family1, chained, screen, keeper, i0, i1

    /// The model's name; a private service is named per binding.
    var name: String {
      switch self {
      case .s0: "s0"
      case .s1: "s1"
      case .forever: "forever"
      case .privateService: "p"
      case .family0: "f0"
      case .family1: "f1"
      case .chained: "chained"
      case .screen: "screen"
      case .keeper: "keeper"
      case .i0: "i0"
      case .i1: "i1"
      }
    }

    /// Disposed by `reset(tag: "t")`.
    var isTagged: Bool { self == .s1 || self == .family0 || self == .family1 }
  }

  let registry = ViewModelRegistry(name: "services", context: .test)
  let reporter = RecordingIssueReporter()
  var generator: SeededGenerator
  var bindings: [ViewModelBinding] = []
  /// Model: which names each binding holds, by binding id.
  var holds: [String: Set<String>] = [:]
  var everForever = false
  /// Model: `keeper`, a service that lives forever, holds `screen` through its own binding,
  /// which holds `s0`: once no binding holds them, nothing outside the registry does.
  var keeperAlive = false
  var bulkDisposals = 0
  var bulkDisposalsChecked = 0
  var i0Provided = false
  var i1Provided = false
  var i1Resolved = false
  /// Model: where i1's builds come from, fixed by the first of its provide or resolution.
  var i1Source: String?
  var expectedBuilds: [String: Int] = [:]
  var expectedRefusals = 0
  var aliveBefore: Set<String> = []
  /// Every service ever built, in order.
  var built: [CountedService] = []
  /// How many services `check` has seen, and the ones alive then.
  var checkedServices = 0
  var lastLive: [CountedService] = []

  let s0: ServiceSpec<CountedService>
  let s1: ServiceSpec<CountedService>
  let forever: ServiceSpec<CountedService>
  let privateService: ServiceSpec<CountedService>
  let family: ServiceSpecWithArg<CountedService, Int>
  let chained: ServiceSpec<CountedService>
  let screen: ViewModelSpec<ScreenViewModel>
  let keeper: ServiceSpec<CountedService>
  let i0 = ServiceSpec<CountedService>.interface(key: "i0")
  let i1: ServiceSpec<CountedService>

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    registry.issueReporter = reporter
    // Resets rebuild the same keys many times a second, as no app does: no churn warnings.
    registry.configure(config: ViewModelConfig(keyChurnWarning: nil))
    let log = BuiltServices()
    s0 = ServiceSpec(key: "s0") { log.made(CountedService("s0")) }
    s1 = ServiceSpec(key: "s1", tag: "t") { log.made(CountedService("s1")) }
    forever = ServiceSpec(key: "forever", aliveForever: true) {
      log.made(CountedService("forever"))
    }
    privateService = ServiceSpec { log.made(CountedService("p")) }
    family = ServiceSpecWithArg(builder: { log.made(CountedService("f\($0)")) }, tag: { _ in "t" })
    let s0 = s0
    chained = ServiceSpec(key: "chained") { dependencies in
      _ = dependencies.read(s0)
      return log.made(CountedService("chained"))
    }
    let screen = ViewModelSpec(key: "screen") { ScreenViewModel(dependency: s0) }
    self.screen = screen
    keeper = ServiceSpec(key: "keeper", aliveForever: true) { dependencies in
      _ = dependencies.read(screen)
      return log.made(CountedService("keeper"))
    }
    i1 = .interface(key: "i1", testValue: log.made(CountedService("i1", source: "default")))
    builtLog = log
  }

  let builtLog: BuiltServices

  func modelName(_ choice: Choice, in binding: ViewModelBinding) -> String {
    choice == .privateService ? "p@\(binding.id)" : choice.name
  }

  /// What the model expects to hold each name: bindings, plus the dependencies' holders.
  func expectedHolders() -> [String: Int] {
    var counts: [String: Int] = [:]
    for held in holds.values { for name in held { counts[name, default: 0] += 1 } }
    if keeperAlive { counts["screen", default: 0] += 1 }
    if counts["chained", default: 0] > 0 { counts["s0", default: 0] += 1 }
    if counts["screen", default: 0] > 0 { counts["s0", default: 0] += 1 }
    return counts
  }

  func expectedAlive() -> Set<String> {
    var alive = Set(expectedHolders().filter { $0.value > 0 }.keys)
    if everForever { alive.insert("forever") }
    if keeperAlive { alive.insert("keeper") }
    return alive
  }

  /// Reads `choice` through `binding`, as the model predicts: `false` when it must throw.
  mutating func read(_ choice: Choice, by binding: ViewModelBinding) -> Bool {
    do {
      switch choice {
      case .s0: _ = try binding.readThrowing(s0)
      case .s1: _ = try binding.readThrowing(s1)
      case .forever: _ = try binding.readThrowing(forever)
      case .privateService: _ = try binding.readThrowing(privateService)
      case .family0: _ = try binding.readThrowing(family(0))
      case .family1: _ = try binding.readThrowing(family(1))
      case .chained: _ = try binding.readThrowing(chained)
      case .screen: _ = try binding.readThrowing(screen)
      case .keeper: _ = try binding.readThrowing(keeper)
      case .i0: _ = try binding.readThrowing(i0)
      case .i1: _ = try binding.readThrowing(i1)
      }
      return true
    } catch let error as RegistryError {
      guard case .interfaceNotProvided = error else {
        Issue.record("unexpected \(error)")
        return false
      }
      return false
    } catch {
      Issue.record("unexpected \(error)")
      return false
    }
  }

  func unbind(_ choice: Choice, by binding: ViewModelBinding) {
    switch choice {
    case .s0: binding.unbind(s0)
    case .s1: binding.unbind(s1)
    case .forever: binding.unbind(forever)
    case .privateService: binding.unbind(privateService)
    case .family0: binding.unbind(family(0))
    case .family1: binding.unbind(family(1))
    case .chained: binding.unbind(chained)
    case .screen: binding.unbind(binding.read(screen))
    case .keeper: binding.unbind(keeper)
    case .i0: binding.unbind(i0)
    case .i1: binding.unbind(i1)
    }
  }

  mutating func step() {
    let roll = Int.random(in: 0..<100, using: &generator)
    switch roll {
    case 0..<10 where bindings.count < 6:
      let binding = ViewModelBinding(registry: registry)
      bindings.append(binding)
      holds[binding.id] = []
    case 0..<16 where !bindings.isEmpty:
      let binding = bindings.remove(at: Int.random(in: 0..<bindings.count, using: &generator))
      holds[binding.id] = nil
      binding.dispose()
    case 16..<19 where !bindings.isEmpty:
      // Dropped without dispose(): its deinit releases everything, and a test's registry
      // warns when it held something.
      let index = Int.random(in: 0..<bindings.count, using: &generator)
      if holds[bindings[index].id]?.isEmpty == false { expectedRefusals += 1 }
      holds[bindings[index].id] = nil
      bindings.remove(at: index)
    case 19..<23:
      let log = builtLog
      if Bool.random(using: &generator) {
        registry.provide(i0) { log.made(CountedService("i0", source: "provided")) }
        if i0Provided { expectedRefusals += 1 }
        i0Provided = true
      } else {
        registry.provide(i1) { log.made(CountedService("i1", source: "provided")) }
        if i1Provided || i1Resolved { expectedRefusals += 1 } else { i1Provided = true }
        if i1Source == nil { i1Source = "provided" }
      }
    case 23..<25:
      // Everything goes, holders before what they hold; bindings stay, holding nothing.
      bulkDisposals += 1
      registry.disposeAll()
      holds = holds.mapValues { _ in [] }
      everForever = false
      keeperAlive = false
    case 25..<27:
      bulkDisposals += 1
      registry.reset(tag: "t")
      for id in holds.keys {
        holds[id] = holds[id]?.filter { name in
          !Choice.allCases.contains { $0.isTagged && $0.name == name }
        }
      }
    case 27..<80 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      let choice = Choice.allCases.randomElement(using: &generator)!
      let expectedToThrow = choice == .i0 && !i0Provided
      let resolved = read(choice, by: binding)
      #expect(resolved == !expectedToThrow, "\(choice.name)")
      guard resolved else { return }
      holds[binding.id, default: []].insert(modelName(choice, in: binding))
      if choice == .forever { everForever = true }
      if choice == .keeper { keeperAlive = true }
      if choice == .i1 {
        i1Resolved = true
        if i1Source == nil { i1Source = "default" }
      }
    case 80..<100 where !bindings.isEmpty:
      let binding = bindings.randomElement(using: &generator)!
      guard let name = holds[binding.id]?.randomElement(using: &generator),
        let choice = Choice.allCases.first(where: { modelName($0, in: binding) == name })
      else { return }
      unbind(choice, by: binding)
      holds[binding.id]?.remove(name)
    default:
      break
    }
  }

  /// Checks the registry against the model; what disagrees fails the test once per step, so
  /// that a run of 100,000 steps costs little more than its operations.
  mutating func check(step: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = expectedAlive()
    for name in alive.subtracting(aliveBefore) {
      expectedBuilds[name.hasPrefix("p@") ? "p" : name, default: 0] += 1
    }
    aliveBefore = alive
    built = builtLog.services
    // Only what was alive at the last check, or built since, can have been disposed since.
    let candidates = Array(built[checkedServices...]) + lastLive
    checkedServices = built.count
    let live = candidates.filter { $0.disposeCount == 0 }
    lastLive = live
    var problems: [String] = []
    let expectedServices = alive.filter { $0 != "screen" }
    let liveNames = live.map { $0.name == "p" ? "p" : $0.name }.sorted()
    let expectedNames = expectedServices.map { $0.hasPrefix("p@") ? "p" : $0 }.sorted()
    if liveNames != expectedNames {
      problems.append("alive: \(liveNames), model: \(expectedNames)")
    }
    if registry.liveInstanceCount != alive.count {
      problems.append("\(registry.liveInstanceCount) instances, model: \(alive.count)")
    }
    for service in candidates where service.disposeCount > 1 {
      problems.append("\(service.name) disposed \(service.disposeCount) times")
    }
    // Holders come from a snapshot, the costliest part of a check: every third step, and after
    // every bulk disposal.
    if step % 3 == 0 || bulkDisposals != bulkDisposalsChecked {
      bulkDisposalsChecked = bulkDisposals
      let holders = expectedHolders()
      for instance in registry.snapshot().instances where instance.key != nil {
        let name = instance.key!.trimmingCharacters(in: ["\""])
        let modelName =
          instance.typeName == "CountedService" && Int(name) != nil ? "f\(name)" : name
        if instance.holders.count != holders[modelName, default: 0] {
          problems.append(
            "\(modelName): \(instance.holders.count) holders, model: "
              + "\(holders[modelName, default: 0])")
        }
        if instance.isService != (modelName != "screen") { problems.append("\(modelName): kind") }
      }
    }
    if let i1Source, candidates.contains(where: { $0.name == "i1" && $0.source != i1Source }) {
      problems.append("i1 built from two places")
    }
    if reporter.issues.count != expectedRefusals {
      problems.append(
        "\(reporter.issues.count) issues, model: \(expectedRefusals): \(reporter.errors)")
    }
    #expect(problems.isEmpty, "step \(step): \(problems)", sourceLocation: sourceLocation)
  }
}

/// Every service the run's builders made, in order.
@MainActor
private final class BuiltServices {
  private(set) var services: [CountedService] = []

  func made(_ service: CountedService) -> CountedService {
    services.append(service)
    return service
  }
}

@MainActor
@Suite struct ServiceModelTests {
  // "The model-based test covers services and interfaces: random provides, resolutions and
  // releases, with unprovided resolutions in the mix."
  @Test(arguments: modelRunSeeds)
  func randomServiceOperationsMatchTheReferenceModel(seed: UInt64) {
    var run = ServiceModelRun(seed: seed)
    for step in 0..<2_500 {
      run.step()
      run.check(step: step)
    }
    let builds = Dictionary(grouping: run.built, by: \.name).mapValues(\.count)
    #expect(builds == run.expectedBuilds.filter { $0.key != "screen" })
    for binding in run.bindings { binding.dispose() }
    run.bindings.removeAll()
    #expect(run.bulkDisposals > 0)
    // `keeper` keeps `screen`, which keeps `s0`.
    #expect(
      run.registry.liveInstanceCount == (run.everForever ? 1 : 0) + (run.keeperAlive ? 3 : 0))
    run.registry.disposeAll()
    #expect(run.registry.liveInstanceCount == 0)
    for service in run.builtLog.services {
      #expect(service.disposeCount == 1, "\(service.name) disposed \(service.disposeCount) times")
    }
  }
}
