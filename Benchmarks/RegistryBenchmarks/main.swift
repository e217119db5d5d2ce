import Foundation
import Registry

// Measures the registry's hot paths against plain-Swift floors. See Benchmarks/README.md.

let usage = """
  usage: RegistryBenchmarks [--quick] [--json] [--only NAME[,NAME...]] [--calls N]
                            [--cycles N] [--levels N] [--no-floor]

    --quick   small counts: checks that every case still runs (timings mean little)
    --json    print the results as JSON instead of a table
    --only    run only the named cases, or the families they start (hot, family, chain,
              scale, scale_1000, scale_dispose, dispose_all, reset_tag, deep_chain,
              nested_stack)
    --calls   how many calls each re-read loop (hot_*, family_hot_*) makes
    --cycles  how many cycles each build loop (share, private, arg, service, interface, chain10;
              chain100 a tenth) makes
    --levels  how many levels nested_stack nests its build (each view model builds the next
              in onCreate) on the main thread's stack
    --no-floor  skip the floors (for valgrind counts of the cases alone)
  """

/// How much work each case does per repetition, and how many repetitions.
struct Plan {
  var name: String
  var repetitions: Int
  var warmups: Int
  var hotCalls: Int
  /// Calls of the family re-read loops, which make a spec on every call.
  var familyCalls: Int
  var cycles: Int
  var chainCycles: Int
  var notifyRounds: Int
  var setStateCalls: Int
  var scaleSizes: [Int]
  var scaleReads: Int
  var scaleRepetitions: Int
  /// Lengths of the chains built from their end, and how many links each repetition builds.
  var deepChainLengths: [Int]
  var deepChainLinks: Int
  /// Levels of the nested chain whose stack is measured.
  var nestedLevels: Int

  static let full = Plan(
    name: "full", repetitions: 9, warmups: 2, hotCalls: 1_000_000, familyCalls: 200_000,
    cycles: 100_000,
    chainCycles: 10_000, notifyRounds: 1_000_000, setStateCalls: 1_000_000,
    scaleSizes: [1_000, 10_000, 100_000], scaleReads: 1_000_000, scaleRepetitions: 5,
    deepChainLengths: [100, 10_000, 100_000], deepChainLinks: 100_000, nestedLevels: 500)

  static let quick = Plan(
    name: "quick", repetitions: 3, warmups: 1, hotCalls: 20_000, familyCalls: 4_000,
    cycles: 2_000,
    chainCycles: 200, notifyRounds: 20_000, setStateCalls: 20_000,
    scaleSizes: [1_000, 10_000], scaleReads: 20_000, scaleRepetitions: 3,
    deepChainLengths: [100, 10_000], deepChainLinks: 10_000, nestedLevels: 100)

  /// This plan with every re-read loop (`hot_*`, `family_hot_*`) making `calls` calls: what
  /// `check-allocations.sh` varies to show the loops allocate nothing.
  func with(rereadCalls calls: Int) -> Plan {
    var plan = self
    plan.hotCalls = calls
    plan.familyCalls = calls
    return plan
  }

  /// This plan with every build loop making `count` cycles (chain100 a tenth of them): what the
  /// valgrind counts vary to find the cost of one cycle.
  func with(cycles count: Int) -> Plan {
    var plan = self
    plan.cycles = count
    plan.chainCycles = count
    return plan
  }
}

struct Options {
  var quick = false
  var json = false
  var only: [String] = []
  var rereadCalls: Int?
  var cycles: Int?
  var levels: Int?
  var floors = true

  init(arguments: [String]) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--json": json = true
      case "--only":
        guard let names = remaining.popFirst() else { Options.fail("--only needs a name") }
        only += names.split(separator: ",").map(String.init)
      case "--calls":
        guard let text = remaining.popFirst(), let calls = Int(text), calls > 0 else {
          Options.fail("--calls needs a positive number")
        }
        rereadCalls = calls
      case "--cycles":
        guard let text = remaining.popFirst(), let count = Int(text), count >= 10 else {
          Options.fail("--cycles needs a number of at least 10")
        }
        cycles = count
      case "--levels":
        guard let text = remaining.popFirst(), let count = Int(text), count >= 10 else {
          Options.fail("--levels needs a number of at least 10")
        }
        levels = count
      case "--no-floor": floors = false
      case "-h", "--help":
        print(usage)
        exit(0)
      default: Options.fail("unknown argument \(argument)")
      }
    }
  }

  static func fail(_ message: String) -> Never {
    logProgress("\(message)\n\(usage)")
    exit(2)
  }

  func includes(_ name: String) -> Bool {
    only.isEmpty || only.contains { matches(name, $0) }
  }

  /// A case matches its own name and the families it starts: `hot` for `hot_read`, `chain` for
  /// `chain10` (a family ending in a letter followed by the case's number), never `scale_1000`
  /// for `scale_10000`.
  func matches(_ name: String, _ requested: String) -> Bool {
    if name == requested || name.hasPrefix(requested + "_") { return true }
    guard let last = requested.last, !last.isNumber, name.hasPrefix(requested) else { return false }
    let rest = name.dropFirst(requested.count)
    return !rest.isEmpty && rest.allSatisfy(\.isNumber)
  }
}

@MainActor
func scenarios(_ plan: Plan) -> [Scenario] {
  let reps = plan.repetitions
  let warm = plan.warmups
  func scenario(
    _ name: String, _ run: @escaping @MainActor () -> [Metric],
    floor: @escaping @MainActor () -> [Metric]
  ) -> Scenario {
    Scenario(name: name, repetitions: reps, warmups: warm, run: run, floor: floor)
  }
  var list = [
    scenario("hot_read", { hotResolve(calls: plan.hotCalls, watching: false) }) {
      hotFloor(calls: plan.hotCalls, name: "hot_read")
    },
    scenario("hot_watch", { hotResolve(calls: plan.hotCalls, watching: true) }) {
      hotFloor(calls: plan.hotCalls, name: "hot_watch")
    },
    scenario("wrapper_hot_read", { wrapperHotRead(calls: plan.hotCalls) }) {
      wrapperHotReadFloor(calls: plan.hotCalls)
    },
    scenario("share_cycle", { shareCycle(cycles: plan.cycles) }) {
      shareFloor(cycles: plan.cycles)
    },
    scenario("private_cycle", { privateCycle(cycles: plan.cycles) }) {
      privateFloor(cycles: plan.cycles)
    },
    scenario("binding_cycle", { bindingCycle(cycles: plan.cycles) }) {
      bindingFloor(cycles: plan.cycles)
    },
    scenario("private_unbind_cycle", { privateUnbindCycle(cycles: plan.cycles) }) {
      privateUnbindFloor(cycles: plan.cycles)
    },
    scenario("notify_1", { notify(listeners: 1, rounds: plan.notifyRounds) }) {
      notifyFloor(listeners: 1, rounds: plan.notifyRounds)
    },
    scenario("notify_100", { notify(listeners: 100, rounds: plan.notifyRounds / 100) }) {
      notifyFloor(listeners: 100, rounds: plan.notifyRounds / 100)
    },
    scenario("setstate_equal", { setState(changing: false, calls: plan.setStateCalls) }) {
      setStateFloor(changing: false, calls: plan.setStateCalls)
    },
    scenario("setstate_changed", { setState(changing: true, calls: plan.setStateCalls) }) {
      setStateFloor(changing: true, calls: plan.setStateCalls)
    },
    scenario("family_hot_read", { familyHotResolve(calls: plan.familyCalls, watching: false) }) {
      familyHotFloor(calls: plan.familyCalls, name: "family_hot_read")
    },
    scenario("family_hot_watch", { familyHotResolve(calls: plan.familyCalls, watching: true) }) {
      familyHotFloor(calls: plan.familyCalls, name: "family_hot_watch")
    },
    scenario("family_direct_hot_read", { familyDirectHotResolve(calls: plan.familyCalls) }) {
      familyHotFloor(calls: plan.familyCalls, name: "family_direct_hot_read")
    },
    scenario("family_pack_hot_read", { familyPackHotResolve(calls: plan.familyCalls) }) {
      familyHotFloor(calls: plan.familyCalls, name: "family_pack_hot_read")
    },
    scenario("arg_new_instance", { argNewInstance(cycles: plan.cycles) }) {
      argNewInstanceFloor(cycles: plan.cycles)
    },
    scenario("arg_unbind_cycle", { argUnbindCycle(cycles: plan.cycles) }) {
      argUnbindFloor(cycles: plan.cycles)
    },
    scenario("arg_direct_unbind_cycle", { argDirectUnbindCycle(cycles: plan.cycles) }) {
      argUnbindFloor(cycles: plan.cycles, name: "arg_direct_unbind_cycle")
    },
    scenario("chain10", { chain(chain10, cycles: plan.chainCycles) }) {
      chainFloor(chain10, cycles: plan.chainCycles)
    },
    // Services: each floor is the matching view-model (or service) case, so the ratio is what a
    // service, or an interface, costs over it.
    scenario("service_hot_read", { serviceHotRead(calls: plan.hotCalls) }) {
      serviceHotReadFloor(calls: plan.hotCalls)
    },
    scenario(
      "service_private_cycle",
      {
        servicePrivateCycle(
          cycles: plan.cycles, spec: privateServiceSpec, name: "service_private_cycle")
      }
    ) {
      servicePrivateCycleFloor(cycles: plan.cycles)
    },
    scenario("service_unbind_cycle", { serviceUnbindCycle(cycles: plan.cycles) }) {
      serviceUnbindCycleFloor(cycles: plan.cycles)
    },
    scenario(
      "interface_private_cycle",
      {
        servicePrivateCycle(
          cycles: plan.cycles, spec: privateInterfaceSpec, isInterface: true,
          name: "interface_private_cycle")
      }
    ) {
      interfacePrivateCycleFloor(cycles: plan.cycles)
    },
    // A tenth of the cycles: each builds ten times as many links.
    scenario("chain100", { chain(chain100, cycles: plan.chainCycles / 10) }) {
      chainFloor(chain100, cycles: plan.chainCycles / 10)
    },
  ]
  let fixtures = plan.scaleSizes.map { ScaleFixture(size: $0) }
  for fixture in fixtures {
    list.append(
      Scenario(
        name: "scale_\(fixture.size)", repetitions: plan.scaleRepetitions, warmups: 1,
        run: { scale(specs: fixture.specs, order: fixture.shuffledOrder, reads: plan.scaleReads) },
        floor: {
          scaleFloor(keys: fixture.keys, order: fixture.shuffledOrder, reads: plan.scaleReads)
        }))
  }
  for fixture in fixtures {
    list.append(
      Scenario(
        name: "scale_dispose_\(fixture.size)", repetitions: plan.scaleRepetitions, warmups: 1,
        run: { scaleDispose(specs: fixture.specs) },
        floor: { scaleDisposeFloor(keys: fixture.keys) }))
  }
  // Bulk disposals of owners whose dependencies are newer than them: the same instance count as
  // the middle scale size.
  let middle = plan.scaleSizes[plan.scaleSizes.count / 2]
  let pairs = Deferred { OwnerPairs(pairs: middle / 2) }
  for byTag in [false, true] {
    list.append(
      Scenario(
        name: byTag ? "reset_tag_\(middle)" : "dispose_all_\(middle)",
        repetitions: plan.scaleRepetitions, warmups: 1,
        run: { bulkDisposal(pairs.value, byTag: byTag) },
        floor: { bulkDisposalFloor(pairs.value, byTag: byTag) }))
  }
  for length in plan.deepChainLengths {
    let chains = Deferred { DeepChains(length: length, links: plan.deepChainLinks) }
    list.append(
      Scenario(
        name: "deep_chain_\(length)", repetitions: plan.scaleRepetitions, warmups: 1,
        run: { deepChain(chains.value) }, floor: { deepChainFloor(chains.value) }))
  }
  let nested = Deferred { NestedChainLinks(length: plan.nestedLevels) }
  list.append(
    Scenario(
      name: "nested_stack", repetitions: 1, warmups: 0, run: { nestedStack(nested.value) },
      floor: { [] }))
  return list
}

/// How the read cost grows from the smallest size to the largest; flat is 1.
func readGrowth(_ results: [BenchResult], sizes: [Int]) -> BenchResult? {
  guard let smallest = sizes.min(), let largest = sizes.max(), smallest < largest,
    let small = results.first(where: { $0.name == "scale_read_\(smallest)" }),
    let large = results.first(where: { $0.name == "scale_read_\(largest)" })
  else { return nil }
  return quotient(
    large, over: small, name: "scale_read_growth", unit: "x (\(largest) vs \(smallest))")
}

/// How the cost of one chain link grows from a 10-deep chain to a 100-deep one; flat is 1.
func perLinkGrowth(_ results: [BenchResult]) -> BenchResult? {
  guard let short = results.first(where: { $0.name == "chain10_per_link" }),
    let long = results.first(where: { $0.name == "chain100_per_link" })
  else { return nil }
  return quotient(long, over: short, name: "chain100_vs_chain10_per_link", unit: "x (per link)")
}

/// The processor's name where Linux tells it.
func cpuModel() -> String? {
  guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
    let name = line.split(separator: ":", maxSplits: 1).last
  else { return nil }
  return name.trimmingCharacters(in: .whitespaces)
}

@MainActor
func main() {
  let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
  let basePlan = options.quick ? Plan.quick : Plan.full
  var plan = options.rereadCalls.map { basePlan.with(rereadCalls: $0) } ?? basePlan
  if let cycles = options.cycles { plan = plan.with(cycles: cycles) }
  if let levels = options.levels { plan.nestedLevels = levels }
  runsFloors = options.floors
  #if DEBUG
    logProgress("warning: a debug build; run with -c release for meaningful timings")
  #endif
  let all = scenarios(plan)
  for name in options.only where !all.contains(where: { options.matches($0.name, name) }) {
    Options.fail("no case matches --only \(name)")
  }
  let selected = all.filter { options.includes($0.name) }
  var results: [BenchResult] = []
  for scenario in selected {
    logProgress("running \(scenario.name)...")
    results += run(scenario)
  }
  if let growth = readGrowth(results, sizes: plan.scaleSizes) { results.append(growth) }
  if let growth = perLinkGrowth(results) { results.append(growth) }
  if let growth = deepChainGrowth(results, lengths: plan.deepChainLengths) {
    results.append(growth)
  }

  let process = ProcessInfo.processInfo
  let cpu = cpuModel().map { "\($0), " } ?? ""
  let machine =
    "\(cpu)\(process.activeProcessorCount) cores, \(process.operatingSystemVersionString)"
  let stamp = ISO8601DateFormatter().string(from: Date())
  if options.json {
    print(
      json(
        Report(
          date: stamp, mode: plan.name, machine: machine, memoryMeasure: memoryMeasure,
          checksum: String(checksum), results: results)))
  } else {
    print("RegistryBenchmarks, \(plan.name) mode, \(stamp), \(machine)")
    print(
      "median of \(plan.repetitions) repetitions after \(plan.warmups) warm-ups "
        + "(scale: \(plan.scaleRepetitions) after 1), each case repetition followed by its "
        + "floor's; ratio min..max: each repetition over the floor's right after it; "
        + "memory: \(memoryMeasure)\n")
    print(table(results))
    print("\nchecksum \(checksum)")
  }
}

MainActor.assumeIsolated {
  main()
}
