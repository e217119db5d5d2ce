import Registry

// MARK: deep_chain_N, deep_chain_growth

/// One link of a chain built from its end: link `depth` reads the link below it, built before
/// it, in `onCreate`.
final class DeepLink: ViewModel {
  let depth: Int
  let below: ViewModelSpec<DeepLink>?
  private(set) var next: DeepLink?

  init(depth: Int, below: ViewModelSpec<DeepLink>?) {
    self.depth = depth
    self.below = below
    super.init()
  }

  override func onCreate(_ arg: InstanceArg) {
    if let below { next = viewModelBinding.read(below) }
  }
}

/// The specs of `count` chains built from their end, each `length` links long, keyed apart:
/// declarations, made once outside the measurement.
final class DeepChains: @unchecked Sendable {
  // @unchecked: `specs` is set once in `init` and only read afterwards, on the main actor.
  let length: Int
  /// Per chain, its links, bottom first.
  private(set) var specs: [[ViewModelSpec<DeepLink>]] = []

  init(length: Int, links: Int) {
    self.length = length
    // Each builder finds the spec below it here when it runs: a spec capturing the one below
    // would make a chain of references as deep as the chain.
    specs = (0..<max(1, links / length)).map { chain in
      (0..<length).map { depth in
        ViewModelSpec(key: chain * length + depth) { [unowned self] in
          DeepLink(depth: depth, below: depth == 0 ? nil : self.specs[chain][depth - 1])
        }
      }
    }
  }

  var linkCount: Int { specs.count * length }
}

/// Something made on first use: a case's declarations that only that case needs, so that
/// `--only` runs of other cases do not make them.
@MainActor
final class Deferred<Value> {
  private let make: () -> Value
  private(set) lazy var value = make()

  init(_ make: @escaping () -> Value) {
    self.make = make
  }
}

/// A binding resolves the links of chains one after another, each reading the one below it in
/// `onCreate`: each chain is built from its end, and every hold of a lower link is checked for
/// an ownership cycle. Every length builds the same number of links per repetition and keeps
/// them all until its end, so the lengths differ in depth only, not in how many instances are
/// alive (what `scale_N` measures); only the builds are timed.
@MainActor
func deepChain(_ chains: DeepChains) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  var elapsed = 0.0
  var sum: UInt = 0
  for chain in chains.specs {
    let start = benchClock.now
    for spec in chain { sum &+= bits(binding.read(spec)) }
    elapsed += nanoseconds(since: start)
  }
  precondition(registry.liveInstanceCount == chains.linkCount)
  binding.dispose()
  consume(sum)
  expectEmpty(registry)
  let perLink = elapsed / Double(chains.linkCount)
  return [Metric(name: "deep_chain_\(chains.length)", unit: "ns/link", value: perLink)]
}

/// An object of a chain built from its end: it holds the one below it, and counts its holders.
final class FloorLink {
  var below: FloorLink?
  var holders = 0
}

@inline(never)
func makeFloorLink() -> FloorLink {
  FloorLink()
}

/// The least a chain built from its end needs: per link, an object that holds the one below it
/// (found by key), entered by key and into the holder's table; the same links as the case.
@MainActor
func deepChainFloor(_ chains: DeepChains) -> [Metric] {
  var shared: [Int: FloorLink] = [:]
  var held: [Int: FloorLink] = [:]
  var elapsed = 0.0
  var sum: UInt = 0
  for chain in chains.specs.indices {
    let first = chain * chains.length
    let start = benchClock.now
    for key in first..<first + chains.length {
      sum &+= floorLink(key, below: key == first ? nil : key - 1, shared: &shared, held: &held)
    }
    elapsed += nanoseconds(since: start)
  }
  precondition(shared.count == chains.linkCount)
  consume(sum)
  let perLink = elapsed / Double(chains.linkCount)
  return [Metric(name: "deep_chain_\(chains.length)", unit: "ns/link", value: perLink)]
}

@inline(never)
func floorLink(
  _ key: Int, below: Int?, shared: inout [Int: FloorLink], held: inout [Int: FloorLink]
) -> UInt {
  let link = makeFloorLink()
  if let below, let lower = shared[below] {
    link.below = lower
    lower.holders += 1
  }
  shared[key] = link
  held[key] = link
  link.holders += 1
  return bits(link)
}

/// How the cost of a link grows from the shortest chain built from its end to the longest;
/// flat is 1.
func deepChainGrowth(_ results: [BenchResult], lengths: [Int]) -> BenchResult? {
  guard let shortest = lengths.min(), let longest = lengths.max(), shortest < longest,
    let short = results.first(where: { $0.name == "deep_chain_\(shortest)" }),
    let long = results.first(where: { $0.name == "deep_chain_\(longest)" })
  else { return nil }
  return quotient(
    long, over: short, name: "deep_chain_growth", unit: "x (\(longest) vs \(shortest))")
}

// MARK: nested_stack

/// Where each level of a nested build has its frame: link `depth` notes the address of a local
/// in `onCreate`, then builds link `depth + 1` there; and where each level of the nested
/// disposal that follows has it, noted in `onDispose`.
@MainActor var nestedStackAddresses: [UInt] = []
@MainActor var nestedDisposalAddresses: [UInt] = []

/// The address of `value`, a local of the caller's frame.
@inline(__always)
func address(of value: inout Int) -> UInt {
  withUnsafeMutablePointer(to: &value) { UInt(bitPattern: $0) }
}

/// One level of a chain built from its head, nested: link `depth` builds link `depth + 1` in
/// `onCreate`.
final class NestedLink: ViewModel {
  let depth: Int
  unowned let links: NestedChainLinks
  private(set) var next: NestedLink?

  init(depth: Int, links: NestedChainLinks) {
    self.depth = depth
    self.links = links
    super.init()
  }

  override func onCreate(_ arg: InstanceArg) {
    var marker = depth
    nestedStackAddresses.append(address(of: &marker))
    if depth + 1 < links.length { next = viewModelBinding.watch(links.specs[depth + 1]) }
  }

  override func onDispose(_ arg: InstanceArg) {
    var marker = depth
    nestedDisposalAddresses.append(address(of: &marker))
  }
}

final class NestedChainLinks: @unchecked Sendable {
  // @unchecked: `specs` is set once in `init` and only read afterwards, on the main actor.
  let length: Int
  private(set) var specs: [ViewModelSpec<NestedLink>] = []

  init(length: Int) {
    self.length = length
    specs = (0..<length).map { depth in
      ViewModelSpec(key: depth) { [unowned self] in NestedLink(depth: depth, links: self) }
    }
  }
}

/// The stack one level of a nested build takes: the distance between the frames of two
/// successive levels' `onCreate`, averaged over the chain; and one level of its disposal, when
/// the binding that holds its head lets go (each link's disposal disposes the next). Not a
/// time: the same in every repetition.
@MainActor
func nestedStack(_ chain: NestedChainLinks) -> [Metric] {
  let registry = ViewModelRegistry.current
  nestedStackAddresses.removeAll(keepingCapacity: true)
  nestedDisposalAddresses.removeAll(keepingCapacity: true)
  let binding = ViewModelBinding(registry: registry)
  consume(bits(binding.watch(chain.specs[0])))
  precondition(registry.liveInstanceCount == chain.length)
  binding.dispose()
  expectEmpty(registry)
  func perLevel(_ addresses: [UInt], levels: Int) -> Double {
    precondition(addresses.count == chain.length && levels <= chain.length)
    return Double(addresses[0] - addresses[levels - 1]) / Double(levels - 1)
  }
  // Disposals nest 256 levels deep at most (deeper ones are finished after the outermost's own
  // work, from near its frame): the disposal's figure is taken over the first 200 levels.
  return [
    Metric(
      name: "nested_stack_per_level", unit: "B/level",
      value: perLevel(nestedStackAddresses, levels: chain.length)),
    Metric(
      name: "nested_dispose_stack_per_level", unit: "B/level",
      value: perLevel(nestedDisposalAddresses, levels: min(chain.length, 200))),
  ]
}
