import Registry
import RegistryTesting
import Testing

/// The specs of a chain built from its end: link `i` reads link `i - 1` in `onCreate`.
@MainActor
private final class LinkTable {
  var specs: [ViewModelSpec<Link>] = []

  init(length: Int) {
    specs = (0..<length).map { index in
      ViewModelSpec(key: "link\(index)") { [unowned self] in Link(index: index, table: self) }
    }
  }

  /// Resolves every link through `binding`, bottom first: each link's `onCreate` holds the one
  /// below it, built already, so no build is nested in another.
  func buildAll(with binding: ViewModelBinding) throws -> [Link] {
    try specs.map { try binding.readThrowing($0) }
  }
}

@MainActor
private final class Link: ViewModel {
  let index: Int
  unowned let table: LinkTable
  private(set) var below: Link?

  init(index: Int, table: LinkTable) {
    self.index = index
    self.table = table
    super.init()
  }

  override func onCreate(_ arg: InstanceArg) {
    if index > 0 { below = viewModelBinding.read(table.specs[index - 1]) }
  }

  /// Called from `dispose()`, the last step of this link's disposal.
  var onFinalDispose: (() -> Void)?

  override func dispose() {
    super.dispose()
    onFinalDispose?()
  }

  /// Holds `spec`'s instance through this link's own binding.
  func hold(_ spec: ViewModelSpec<Link>) throws -> Link {
    try viewModelBinding.readThrowing(spec)
  }
}

/// Chains of view models built from their end — each holds, in `onCreate`, the one built before
/// it — at any length: "no depth makes the cycle check recurse".
@MainActor
@Suite struct DeepChainTests {
  @Test func aCycleThroughAChainBuiltFromItsEndIsRefusedWithTheWholeChain() throws {
    try withTestRegistry { registry, _ in
      let table = LinkTable(length: 40)
      let binding = ViewModelBinding()
      let links = try table.buildAll(with: binding)
      // The bottom link holding the top one would close the chain into a cycle.
      let expected = RegistryError.ownershipCycle(
        chain: ["Link(key: \"link0\")"] + (0..<40).reversed().map { "Link(key: \"link\($0)\")" })
      #expect(throws: expected) { try links[0].hold(table.specs[39]) }
      // A hold that closes nothing is made: the top link holding one below it.
      #expect(try links[39].hold(table.specs[10]) === links[10])
      // Nothing else changed: each link is held by the binding and the link above it, link10
      // by the top link as well.
      var holders = Array(repeating: 2, count: 39) + [1]
      holders[10] = 3
      #expect(registry.snapshot().instances.map(\.holders.count) == holders)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aLinkHoldingPartOfTheChainBelowItAgainIsNoCycle() throws {
    try withTestRegistry { registry, _ in
      let table = LinkTable(length: 20)
      let binding = ViewModelBinding()
      let links = try table.buildAll(with: binding)
      // link10 is held by a view model (link11) and link5 holds the chain below it: the walk
      // runs down to link0 and finds link10 nowhere.
      #expect(try links[10].hold(table.specs[5]) === links[5])
      // link0 holding link10 would close a cycle, through the chain between them.
      let expected = RegistryError.ownershipCycle(
        chain: ["Link(key: \"link0\")"] + (0...10).reversed().map { "Link(key: \"link\($0)\")" })
      #expect(throws: expected) { try links[0].hold(table.specs[10]) }
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// 100,000 links, in a child process so that a trap fails only this test: each link's hold
  /// is checked, and the check that closes the chain into a cycle walks all of it.
  @Test(.timeLimit(.minutes(5)))
  func aChainOfAHundredThousandLinksBuildsAndTheCycleThroughItIsRefused() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let registry = ViewModelRegistry(name: "deep")
        registry.issueReporter = RecordingIssueReporter()
        registry.withCurrent {
          let length = 100_000
          let table = LinkTable(length: length)
          let binding = ViewModelBinding()
          guard let links = try? table.buildAll(with: binding),
            registry.liveInstanceCount == length
          else { preconditionFailure("the chain was not built") }
          // Twice: the second search starts afresh, though the first visited every link.
          for _ in 0..<2 {
            do {
              _ = try links[0].hold(table.specs[length - 1])
              preconditionFailure("the cycle was not refused")
            } catch RegistryError.ownershipCycle(let chain) {
              precondition(chain.count == length + 1)
              precondition(chain.first == "Link(key: \"link0\")" && chain.last == chain.first)
              precondition(chain[1] == "Link(key: \"link\(length - 1)\")")
            } catch {
              preconditionFailure("unexpected \(error)")
            }
          }
          binding.dispose()
          precondition(registry.liveInstanceCount == 0)
        }
      }
    }
  }

  /// The top of a chain of 100,000 links is the only one a binding holds, so that its disposal
  /// disposes the next link, whose disposal disposes the next, and so on: "no depth makes a
  /// disposal recurse past the stack". In a child process, so that a trap fails only this test.
  @Test(.timeLimit(.minutes(5)))
  func aChainOfAHundredThousandLinksHeldAtItsTopIsDisposedWhole() async {
    await #expect(processExitsWith: .success) {
      await MainActor.run {
        let registry = ViewModelRegistry(name: "deep-disposal")
        registry.issueReporter = RecordingIssueReporter()
        registry.withCurrent {
          let length = 100_000
          let table = LinkTable(length: length)
          let binding = ViewModelBinding()
          guard let links = try? table.buildAll(with: binding) else {
            preconditionFailure("the chain was not built")
          }
          var disposed = 0
          for link in links { link.addDispose { disposed += 1 } }
          // The binding lets go of every link but the top: each is still held by the one above.
          for link in links.dropLast() { binding.unbind(link) }
          precondition(registry.liveInstanceCount == length)
          binding.dispose()
          precondition(registry.liveInstanceCount == 0)
          precondition(disposed == length, "\(disposed) of \(length) links were disposed")
        }
      }
    }
  }

  /// Below the depth where disposals are deferred, a link is disposed inside the disposal of the
  /// one above it, before that one's `dispose()`: "the disposal of its own binding (releasing its
  /// dependencies, newest first), and `dispose()`". Beyond it, each link is still disposed once,
  /// after the one above.
  @Test func aChainHeldAtItsTopIsDisposedDependencyFirstUpToTheDeferralDepth() throws {
    try withTestRegistry { registry, _ in
      // Twice in one registry: what the first disposal deferred leaves nothing behind for the
      // second.
      for _ in 0..<2 { try disposeChainHeldAtItsTop(in: registry) }
    }
  }

  /// A chain one link deeper than the nesting: its bottom link is the one deferred disposal, and
  /// once disposed nothing keeps it alive ("no leaks").
  @Test func aDeferredDisposalKeepsNothingAlive() throws {
    try withTestRegistry { registry, _ in
      weak var bottom: Link?
      try {
        let table = LinkTable(length: 257)
        let binding = ViewModelBinding()
        let links = try table.buildAll(with: binding)
        bottom = links[0]
        for link in links.dropLast() { binding.unbind(link) }
        binding.dispose()
      }()
      #expect(registry.liveInstanceCount == 0)
      #expect(bottom == nil)
    }
  }

  private func disposeChainHeldAtItsTop(in registry: ViewModelRegistry) throws {
    let length = 600
    let table = LinkTable(length: length)
    let binding = ViewModelBinding()
    let links = try table.buildAll(with: binding)
    var order: [Int] = []
    for link in links {
      let index = link.index
      link.addDispose { order.append(index) }
    }
    var finished: [Int] = []
    // The closure is kept by the link, so it captures the index, not the link.
    for link in links {
      let index = link.index
      link.onFinalDispose = { finished.append(index) }
    }
    for link in links.dropLast() { binding.unbind(link) }
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
    // Every link is disposed once: its `addDispose` block runs once.
    #expect(order.sorted() == Array(0..<length))
    #expect(finished.sorted() == Array(0..<length))
    // The top links' disposals nest, so the `dispose()` of each of those runs after the one
    // of the link below it.
    let nested = 200
    let topFinished = finished.filter { $0 >= length - nested }
    #expect(topFinished == Array((length - nested)..<length))
    // The 256 top links nest; the link below them is deferred, so its `dispose()` runs after
    // the top link's (nested, it would run before).
    let deferralDepth = 256
    let firstDeferred = length - deferralDepth - 1
    let position = Dictionary(uniqueKeysWithValues: finished.enumerated().map { ($1, $0) })
    #expect(position[firstDeferred]! > position[length - 1]!)
    #expect(position[firstDeferred + 1]! < position[length - 1]!)
  }
}
