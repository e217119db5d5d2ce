import Registry

// MARK: View models and specs

/// A view model with nothing of its own, so that measurements show the registry's cost.
final class PlainViewModel: ViewModel {}

struct BenchState: Equatable {
  var count: Int
  var title: String
}

final class StateBenchViewModel: StateViewModel<BenchState> {
  init() {
    super.init(state: BenchState(count: 0, title: "bench"))
  }
}

/// One link of a dependency chain: each resolves the next through its own binding.
final class ChainNode: ViewModel {
  let depth: Int
  /// Strong, as an app's view model names its specs: the chains are constants that live as long
  /// as the process. An unowned reference here, and in the specs' builders, cost each link about
  /// 230 instructions of reference counting that no code of the package does.
  let links: ChainLinks
  private(set) var next: ChainNode?

  init(depth: Int, links: ChainLinks) {
    self.depth = depth
    self.links = links
    super.init()
  }

  override func onCreate(_ arg: InstanceArg) {
    if depth + 1 < links.length {
      next = viewModelBinding.watch(links.specs[depth + 1])
    }
  }
}

/// The keys and specs of one dependency chain, `length` links deep; link `depth` builds a
/// `ChainNode` that resolves link `depth + 1` in `onCreate`.
final class ChainLinks: @unchecked Sendable {
  // @unchecked: `specs` is set once in `init` and only read afterwards, on the main actor.
  let length: Int
  let keys: [String]
  private(set) var specs: [ViewModelSpec<ChainNode>] = []

  init(length: Int) {
    self.length = length
    keys = (0..<length).map { "chain-\($0)" }
    specs = keys.indices.map { depth in
      ViewModelSpec(key: keys[depth]) { ChainNode(depth: depth, links: self) }
    }
  }
}

/// A view model built from a family's argument.
final class ArgViewModel: ViewModel {
  let id: Int

  init(id: Int) {
    self.id = id
    super.init()
  }
}

/// The hot path cycles over a few held instances, as a screen resolving several does; varying
/// the key also keeps the floor's lookup from being hoisted out of its loop.
let hotWidth = 8
let hotMask = hotWidth - 1
let hotKeys = (0..<hotWidth).map { "hot-\($0)" }
let hotSpecs = hotKeys.map { key in ViewModelSpec(key: key) { PlainViewModel() } }

let sharedKey = "shared"
let sharedSpec = ViewModelSpec(key: sharedKey) { PlainViewModel() }
let privateSpec = ViewModelSpec { PlainViewModel() }
let notifySpec = ViewModelSpec(key: "notify") { PlainViewModel() }
let stateSpec = ViewModelSpec(key: "state") { StateBenchViewModel() }

/// A family whose `Int` argument is the key: `hotFamily(id)` makes a new spec on every call, as
/// a SwiftUI body does on every render.
let hotFamily = ViewModelSpecWithArg<PlainViewModel, Int>(builder: { _ in PlainViewModel() })
/// A family of two arguments, keyed by both: its spec cache is its own, keyed by the arguments
/// together.
let hotPackFamily = ViewModelSpecWithArg2<PlainViewModel, Int, Int>(builder: { _, _ in
  PlainViewModel()
})
let argFamily = ViewModelSpecWithArg<ArgViewModel, Int>(builder: { ArgViewModel(id: $0) })

let chain10 = ChainLinks(length: 10)
let chain100 = ChainLinks(length: 100)

/// The keys and specs of one scale size. Specs are declarations: made once, outside the
/// measurement like a module's globals, and only for the sizes that run.
@MainActor
final class ScaleFixture {
  let size: Int
  /// Short keys stay inline in `String`, so neither side pays for a key allocation.
  lazy var keys = (0..<size).map { "item-\($0)" }
  lazy var specs = keys.map { key in ViewModelSpec(key: key) { PlainViewModel() } }
  /// Every index once, in an order fixed by a seed: both sides read in it.
  lazy var shuffledOrder: [Int] = {
    var generator = SplitMix64(seed: UInt64(size))
    return Array(0..<size).shuffled(using: &generator)
  }()

  init(size: Int) {
    self.size = size
  }
}

// MARK: Plain-Swift floors

/// The least an instance and its holder need: an object and a table of what it holds.
final class FloorNode {
  var held: [String: FloorNode] = [:]
  var holders = 0
}

/// The least a registry needs: shared instances by key, live instances by object.
final class FloorRegistry {
  var shared: [String: FloorNode] = [:]
  var live: [ObjectIdentifier: FloorNode] = [:]
}

/// An object made from an `Int` argument, and what it holds by `Int` key.
final class FloorArgNode {
  let id: Int
  var held: [Int: FloorArgNode] = [:]

  init(id: Int) {
    self.id = id
  }
}

/// The least a registry of `Int`-keyed instances needs, and the closure that builds one from its
/// argument (as a family's builder does).
final class FloorArgRegistry {
  let builder: (Int) -> FloorArgNode
  var shared: [Int: FloorArgNode] = [:]
  var live: [ObjectIdentifier: FloorArgNode] = [:]

  init(builder: @escaping (Int) -> FloorArgNode) {
    self.builder = builder
  }
}

final class FloorState {
  var state = BenchState(count: 0, title: "bench")
  var listeners: [() -> Void] = []
}

final class Tally {
  var count: UInt = 0
}

/// Returned from a call the optimizer cannot see into, so the object is heap-allocated like a
/// view model, not promoted to the stack.
@inline(never)
func makeNode() -> FloorNode {
  FloorNode()
}

@inline(never)
func makeArgNode(_ id: Int) -> FloorArgNode {
  FloorArgNode(id: id)
}

@inline(never)
func floorLookup(_ table: [String: FloorNode], _ key: String) -> FloorNode? {
  table[key]
}

@inline(never)
func floorLookup(_ table: [Int: FloorNode], _ key: Int) -> FloorNode? {
  table[key]
}

@inline(never)
func floorInsert(_ table: inout [String: FloorNode], _ key: String) -> UInt {
  let node = makeNode()
  table[key] = node
  return bits(node)
}

/// A holder acquires a shared object and lets go of it.
@inline(never)
func floorShareCycle(_ registry: FloorRegistry, _ key: String) -> UInt {
  let holder = makeNode()
  guard let node = registry.shared[key] else { return 0 }
  holder.held[key] = node
  node.holders += 1
  holder.held[key] = nil
  node.holders -= 1
  return bits(node)
}

/// A holder creates its own object, tracked as live, and lets go of it.
@inline(never)
func floorPrivateCycle(_ registry: FloorRegistry, _ key: String) -> UInt {
  let holder = makeNode()
  let node = makeNode()
  holder.held[key] = node
  registry.live[ObjectIdentifier(node)] = node
  registry.live[ObjectIdentifier(node)] = nil
  holder.held[key] = nil
  return bits(node)
}

/// A holder that already exists creates its own object, tracked as live, and lets go of it.
@inline(never)
func floorUnbindCycle(_ registry: FloorRegistry, _ holder: FloorNode, _ key: String) -> UInt {
  let node = makeNode()
  holder.held[key] = node
  registry.live[ObjectIdentifier(node)] = node
  registry.live[ObjectIdentifier(node)] = nil
  holder.held[key] = nil
  return bits(node)
}

/// `floorArgCycle` with a holder that already exists.
@inline(never)
func floorArgUnbindCycle(_ registry: FloorArgRegistry, _ holder: FloorArgNode, _ id: Int) -> UInt {
  let node = registry.builder(id)
  registry.shared[id] = node
  registry.live[ObjectIdentifier(node)] = node
  holder.held[id] = node
  holder.held[id] = nil
  registry.live[ObjectIdentifier(node)] = nil
  registry.shared[id] = nil
  return bits(node) &+ UInt(bitPattern: node.id)
}

/// A holder builds an object from an argument through a closure, tracks it by key and by object,
/// and lets go of it.
@inline(never)
func floorArgCycle(_ registry: FloorArgRegistry, _ id: Int) -> UInt {
  let holder = makeArgNode(-1)
  let node = registry.builder(id)
  registry.shared[id] = node
  registry.live[ObjectIdentifier(node)] = node
  holder.held[id] = node
  holder.held[id] = nil
  registry.live[ObjectIdentifier(node)] = nil
  registry.shared[id] = nil
  return bits(node) &+ UInt(bitPattern: node.id)
}

/// A holder lets go of every object it holds; each is forgotten by key and by object.
@inline(never)
func floorTeardown(_ registry: FloorRegistry, _ holder: FloorNode) -> UInt {
  var sum: UInt = 0
  for (key, node) in holder.held {
    registry.shared[key] = nil
    registry.live[ObjectIdentifier(node)] = nil
    sum &+= bits(node)
  }
  holder.held.removeAll()
  return sum
}

/// A holder creates a chain of shared objects, each holding the next, and lets go of it.
@inline(never)
func floorChain(_ registry: FloorRegistry, _ keys: [String]) -> UInt {
  let root = makeNode()
  var parent = root
  for key in keys {
    let node = makeNode()
    registry.shared[key] = node
    parent.held[key] = node
    parent = node
  }
  let sum = bits(parent)
  for key in keys { registry.shared[key] = nil }
  root.held.removeAll()
  return sum
}

@inline(never)
func floorNotify(_ listeners: [() -> Void]) {
  for listener in listeners { listener() }
}

@inline(never)
func floorSetState(_ holder: FloorState, _ new: BenchState) {
  if holder.state == new { return }
  holder.state = new
  for listener in holder.listeners { listener() }
}

/// A small seeded generator, so that a shuffle is the same in every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var bits = state
    bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
    return bits ^ (bits >> 31)
  }
}
