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
  private(set) var next: ChainNode?

  init(depth: Int) {
    self.depth = depth
    super.init()
  }

  override func onCreate(_ arg: InstanceArg) {
    if depth + 1 < chainSpecs.count {
      next = viewModelBinding.watch(chainSpecs[depth + 1])
    }
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

let chainDepth = 10
let chainKeys = (0..<chainDepth).map { "chain-\($0)" }
let chainSpecs = chainKeys.indices.map { depth in
  ViewModelSpec(key: chainKeys[depth]) { ChainNode(depth: depth) }
}

/// The keys and specs of one scale size. Specs are declarations: made once, outside the
/// measurement like a module's globals, and only for the sizes that run.
@MainActor
final class ScaleFixture {
  let size: Int
  /// Short keys stay inline in `String`, so neither side pays for a key allocation.
  lazy var keys = (0..<size).map { "item-\($0)" }
  lazy var specs = keys.map { key in ViewModelSpec(key: key) { PlainViewModel() } }

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
func floorLookup(_ table: [String: FloorNode], _ key: String) -> FloorNode? {
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
