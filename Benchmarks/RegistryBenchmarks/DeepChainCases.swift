import Registry

// MARK: deep_chain_N, deep_chain_growth

/// One link of a chain built from its end: link `depth` reads link `depth - 1`, built before
/// it, in `onCreate`.
final class DeepLink: ViewModel {
  let depth: Int
  unowned let links: DeepChainLinks
  private(set) var below: DeepLink?

  init(depth: Int, links: DeepChainLinks) {
    self.depth = depth
    self.links = links
    super.init()
  }

  override func onCreate(_ arg: InstanceArg) {
    if depth > 0 { below = viewModelBinding.read(links.specs[depth - 1]) }
  }
}

/// The specs of one chain built from its end, `length` links long: declarations, made once
/// outside the measurement.
final class DeepChainLinks: @unchecked Sendable {
  // @unchecked: `specs` is set once in `init` and only read afterwards, on the main actor.
  let length: Int
  private(set) var specs: [ViewModelSpec<DeepLink>] = []

  init(length: Int) {
    self.length = length
    specs = (0..<length).map { depth in
      ViewModelSpec(key: depth) { [unowned self] in DeepLink(depth: depth, links: self) }
    }
  }
}

/// A binding resolves the links of a chain one after another, each reading the one before it
/// in `onCreate`: the chain is built from its end, and every hold of a lower link is checked
/// for an ownership cycle. Each repetition builds about `links` links in all, as chains of
/// `length`; only the builds are timed.
@MainActor
func deepChain(_ chain: DeepChainLinks, links: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let rounds = max(1, links / chain.length)
  var elapsed = 0.0
  var sum: UInt = 0
  for _ in 0..<rounds {
    let binding = ViewModelBinding(registry: registry)
    let start = benchClock.now
    for spec in chain.specs { sum &+= bits(binding.read(spec)) }
    elapsed += nanoseconds(since: start)
    precondition(registry.liveInstanceCount == chain.length)
    binding.dispose()
  }
  consume(sum)
  expectEmpty(registry)
  let perLink = elapsed / Double(rounds * chain.length)
  return [Metric(name: "deep_chain_\(chain.length)", unit: "ns/link", value: perLink)]
}

/// How the cost of a link grows from the shortest chain built from its end to the longest;
/// flat is 1.
func deepChainGrowth(_ results: [BenchResult], lengths: [Int]) -> BenchResult? {
  guard let shortest = lengths.min(), let longest = lengths.max(), shortest < longest,
    let short = results.first(where: { $0.name == "deep_chain_\(shortest)" }),
    let long = results.first(where: { $0.name == "deep_chain_\(longest)" })
  else { return nil }
  return result(
    name: "deep_chain_growth", unit: "x (\(longest) vs \(shortest))",
    samples: [long.median / short.median], floor: nil, repetitions: long.repetitions)
}

// MARK: nested_stack

/// Where each level of a nested build has its frame: link `depth` notes the address of a local
/// in `onCreate`, then builds link `depth + 1` there.
@MainActor var nestedStackAddresses: [UInt] = []

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
    nestedStackAddresses.append(withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) })
    if depth + 1 < links.length { next = viewModelBinding.watch(links.specs[depth + 1]) }
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
/// successive levels' `onCreate`, averaged over the chain. Not a time: the same in every
/// repetition.
@MainActor
func nestedStack(_ chain: NestedChainLinks) -> [Metric] {
  let registry = ViewModelRegistry.current
  nestedStackAddresses.removeAll(keepingCapacity: true)
  let binding = ViewModelBinding(registry: registry)
  consume(bits(binding.watch(chain.specs[0])))
  precondition(registry.liveInstanceCount == chain.length)
  binding.dispose()
  expectEmpty(registry)
  let addresses = nestedStackAddresses
  precondition(addresses.count == chain.length)
  let perLevel = Double(addresses[0] - addresses[addresses.count - 1]) / Double(chain.length - 1)
  return [Metric(name: "nested_stack_per_level", unit: "B/level", value: perLevel)]
}
