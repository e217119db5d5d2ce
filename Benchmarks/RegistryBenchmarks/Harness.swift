import Foundation
import Registry

// MARK: Defeating the optimizer

/// Every measured loop folds its results in here, and the total is printed, so that the work
/// that produced them cannot be dropped.
@MainActor var checksum: UInt = 0

@MainActor @inline(never)
func consume(_ value: UInt) {
  checksum &+= value
}

/// The address of an object: a cheap value to fold into a checksum.
@inline(__always)
func bits(_ object: AnyObject) -> UInt {
  UInt(bitPattern: ObjectIdentifier(object))
}

// MARK: Timing

let benchClock = ContinuousClock()

/// Nanoseconds elapsed since `start`.
func nanoseconds(since start: ContinuousClock.Instant) -> Double {
  let components = (benchClock.now - start).components
  return Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
}

// MARK: Scenarios and results

/// One number a repetition produces, such as nanoseconds per call.
struct Metric {
  let name: String
  let unit: String
  let value: Double
}

/// A case and its plain-Swift floor. Each call of `run` or `floor` is one repetition on fresh
/// state: it sets up untimed, times only the loop, and returns its metrics.
struct Scenario {
  let name: String
  let repetitions: Int
  let warmups: Int
  let run: @MainActor () -> [Metric]
  let floor: @MainActor () -> [Metric]
}

/// What the table and the JSON show for one metric.
struct BenchResult: Codable {
  let name: String
  let unit: String
  let median: Double
  let min: Double
  let max: Double
  let floor: Double?
  /// The floor's spread over its repetitions.
  let floorMin: Double?
  let floorMax: Double?
  let ratio: Double?
  /// The spread of the ratio: each case repetition over the floor repetition that ran right
  /// after it (paired rounds), so one slow stretch shows up here rather than in the median.
  let ratioMin: Double?
  let ratioMax: Double?
  let target: String?
  let met: Bool?
  let repetitions: Int
  /// Every repetition's value, in the order they ran (and the floor's, paired with them).
  let samples: [Double]
  let floorSamples: [Double]?
}

/// A target: a ceiling on the ratio to the floor measured in the same run, or (for bytes and
/// for rows that are ratios already) on the value itself.
struct Target {
  let text: String
  var maxValue: Double? = nil
  var maxRatio: Double? = nil

  static func ratio(_ limit: Double) -> Target {
    let text = limit == limit.rounded() ? String(Int(limit)) : String(limit)
    return Target(text: "<= \(text)x floor", maxRatio: limit)
  }

  func isMet(value: Double, ratio: Double?) -> Bool {
    if let maxValue, value > maxValue { return false }
    if let maxRatio, (ratio ?? .infinity) > maxRatio { return false }
    return true
  }
}

func target(for name: String) -> Target? {
  switch name {
  // Re-read paths: what every render pays.
  case "hot_read", "hot_watch", "family_hot_read", "family_hot_watch", "family_direct_hot_read":
    return .ratio(2)
  // Two arguments hashed and compared as one key (with a `Hasher`), against the floor's one
  // `Int`: a regression guard, see Benchmarks/README.md.
  case "family_pack_hot_read": return .ratio(5)
  // A `@Read` property against the line it stands for, `viewModelBinding.read(spec)` of a held
  // instance (its floor): two reference counts more, see Benchmarks/README.md.
  case "wrapper_hot_read": return .ratio(1.6)
  // No target (Benchmarks/README.md, "Targets"); before the `scale_read_` rows, whose prefix
  // it shares.
  case "scale_read_growth": return nil
  case "deep_chain_growth": return Target(text: "<= 1.5x", maxValue: 1.5)
  case _ where name.hasPrefix("scale_read_"): return .ratio(2)
  // Reads far apart in memory: the "at or below the floor's cost" at every size.
  case _ where name.hasPrefix("scale_shuffled_read_"): return .ratio(1)
  case "share_cycle", "private_cycle", "private_unbind_cycle": return .ratio(2.5)
  case "arg_new_instance", "arg_unbind_cycle", "arg_direct_unbind_cycle", "chain10",
    "setstate_changed":
    return .ratio(3)
  case _ where name.hasPrefix("scale_dispose_"): return .ratio(3)
  case "chain100_vs_chain10_per_link": return Target(text: "<= 1.2x", maxValue: 1.2)
  case "notify_100_per_listener": return .ratio(1.3)
  // Services against view models, an interface against a spec with a builder (their floors).
  case "service_hot_read", "service_private_cycle", "interface_private_cycle": return .ratio(1.15)
  case _ where name.hasPrefix("scale_bytes_"): return Target(text: "<= 300 B", maxValue: 300)
  default: return nil
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Whether floors run: `--no-floor` leaves them out, so that a valgrind count of the whole
/// process is the case's own.
@MainActor var runsFloors = true

/// Runs the warm-ups, then alternates case and floor repetitions so that drift in the machine
/// (frequency, other load) hits both alike. Returns one result per metric, in the order the
/// case reports them.
@MainActor
func run(_ scenario: Scenario) -> [BenchResult] {
  for _ in 0..<scenario.warmups {
    _ = inFreshRegistry(scenario)
    if runsFloors { _ = scenario.floor() }
  }
  var order: [String] = []
  var units: [String: String] = [:]
  var values: [String: [Double]] = [:]
  var floors: [String: [Double]] = [:]
  for _ in 0..<scenario.repetitions {
    for metric in inFreshRegistry(scenario) {
      if values[metric.name] == nil { order.append(metric.name) }
      units[metric.name] = metric.unit
      values[metric.name, default: []].append(metric.value)
    }
    guard runsFloors else { continue }
    for metric in scenario.floor() {
      floors[metric.name, default: []].append(metric.value)
    }
  }
  return order.map { name in
    result(
      name: name, unit: units[name]!, samples: values[name]!, floorSamples: floors[name],
      repetitions: scenario.repetitions)
  }
}

/// The result of `samples` against `floorSamples`, round `i` of one paired with round `i` of
/// the other; the ratio is the case's median over the floor's.
func result(
  name: String, unit: String, samples: [Double], floorSamples: [Double]?, repetitions: Int
) -> BenchResult {
  let value = median(samples)
  let floor = floorSamples.map(median)
  let ratio = floor.flatMap { $0 > 0 ? value / $0 : nil }
  let paired = floorSamples.map { floors in
    zip(samples, floors).compactMap { $1 > 0 ? $0 / $1 : nil }
  }
  let goal = target(for: name)
  return BenchResult(
    name: name, unit: unit, median: value, min: samples.min()!, max: samples.max()!,
    floor: floor, floorMin: floorSamples?.min(), floorMax: floorSamples?.max(), ratio: ratio,
    ratioMin: paired?.min(), ratioMax: paired?.max(), target: goal?.text,
    met: goal?.isMet(value: value, ratio: ratio), repetitions: repetitions, samples: samples,
    floorSamples: floorSamples)
}

/// A row derived from two others, round by round: `top`'s round `i` over `bottom`'s (and the
/// same for their floors), so that it has a median and a spread like any row.
func quotient(_ top: BenchResult, over bottom: BenchResult, name: String, unit: String)
  -> BenchResult
{
  func divide(_ a: [Double], _ b: [Double]) -> [Double] {
    zip(a, b).compactMap { $1 > 0 ? $0 / $1 : nil }
  }
  let floors = top.floorSamples.flatMap { a in bottom.floorSamples.map { divide(a, $0) } }
  return result(
    name: name, unit: unit, samples: divide(top.samples, bottom.samples),
    floorSamples: floors.flatMap { $0.isEmpty ? nil : $0 },
    repetitions: min(top.repetitions, bottom.repetitions))
}

// MARK: Output

func logProgress(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// A number with as many decimals as its size deserves.
func format(_ value: Double) -> String {
  let magnitude = abs(value)
  let decimals = magnitude >= 1_000 ? 0 : magnitude >= 100 ? 1 : 2
  return String(format: "%.\(decimals)f", value)
}

func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
  let gap = String(repeating: " ", count: max(0, width - text.count))
  return left ? text + gap : gap + text
}

/// `min..max`, or `-` when there is none.
func spread(_ low: Double?, _ high: Double?) -> String {
  guard let low, let high else { return "-" }
  return "\(format(low))..\(format(high))"
}

func table(_ results: [BenchResult]) -> String {
  let header = [
    pad("case", 26, left: true), pad("median", 10), pad("unit", 15, left: true),
    pad("min..max", 19), pad("floor", 9), pad("floor min..max", 19), pad("ratio", 7),
    pad("ratio min..max", 15), "  target",
  ]
  var lines = [header.joined(separator: " ")]
  for result in results {
    let status: String
    switch result.met {
    case .some(true): status = "met"
    case .some(false): status = "MISSED"
    case .none: status = ""
    }
    let targetText = result.target.map { "\($0) \(status)" } ?? ""
    let columns = [
      pad(result.name, 26, left: true), pad(format(result.median), 10),
      pad(result.unit, 15, left: true),
      pad("\(format(result.min))..\(format(result.max))", 19),
      pad(result.floor.map(format) ?? "-", 9),
      pad(spread(result.floorMin, result.floorMax), 19),
      pad(result.ratio.map { format($0) + "x" } ?? "-", 7),
      pad(spread(result.ratioMin, result.ratioMax), 15), "  " + targetText,
    ]
    lines.append(columns.joined(separator: " "))
  }
  return lines.joined(separator: "\n")
}

struct Report: Codable {
  let date: String
  let mode: String
  let machine: String
  let memoryMeasure: String
  let checksum: String
  let results: [BenchResult]
}

func json(_ report: Report) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  let data = try! encoder.encode(report)
  return String(decoding: data, as: UTF8.self)
}

/// Runs one repetition of `scenario` in a registry of its own, made current as an app's default
/// registry or a test's registry is: what the cases build lands there without a task-local
/// push per build.
@MainActor
func inFreshRegistry(_ scenario: Scenario) -> [Metric] {
  inFreshRegistry(named: scenario.name, scenario.run)
}

/// Runs `body` with a fresh registry current, as ``inFreshRegistry(_:)`` runs a case: for floors
/// that are registry cases themselves.
@MainActor
func inFreshRegistry(named name: String, _ body: () -> [Metric]) -> [Metric] {
  ViewModelRegistry(name: name).withCurrent(body)
}
