/// Finds whether a view model already holds, through view models' own bindings, the view model
/// that is about to hold it: the hold would close an ownership cycle.
///
/// Most holds are decided without a walk: one of a view model that holds nothing, and one by a
/// view model that no view model holds (a chain built from its end: each link, in `onCreate`,
/// holds the one built before it, and nothing holds the new link yet). Otherwise the walk is a
/// plain loop over an explicit stack, depth first in the order each binding lists what it
/// holds, so the chain it finds is the one a recursive walk would find; its storage is kept for
/// the next search, so no depth recurses or allocates per view model visited.
@MainActor
struct OwnershipCycleSearch {
  /// One view model on the path being walked, and how far the walk is through what it holds:
  /// the binding's inline first entry, then the rest in the order of their dictionary.
  @MainActor
  private struct Step {
    let viewModel: ViewModel
    let core: BindingCore
    let others: [InstanceIdentity: HolderTable.Entry]
    var index: [InstanceIdentity: HolderTable.Entry].Index?
    var isPastFirst = false

    init(_ viewModel: ViewModel, core: BindingCore) {
      self.viewModel = viewModel
      self.core = core
      others = core.table.others
    }

    /// The next view model this step's binding holds, or `nil` when it has no more.
    mutating func next() -> ViewModel? {
      if !isPastFirst {
        isPastFirst = true
        if let first = core.table.first { return first.entry.viewModel }
      }
      let current = index ?? others.startIndex
      guard current != others.endIndex else { return nil }
      index = others.index(after: current)
      return others[current].value.viewModel
    }
  }

  private var steps: [Step] = []
  private var visited: Set<ObjectIdentifier> = []
  /// Above this many, the storage of a search is let go of rather than kept for the next.
  private static var keptCapacity: Int { 4_096 }

  nonisolated init() {}

  /// The view models from `owner` through `target` back to `owner`, when `target` already
  /// holds `owner`, directly or through others; `nil` when it does not.
  mutating func chain(from owner: ViewModel, through target: ViewModel) -> [ViewModel]? {
    if target === owner { return [owner, owner] }
    // A view model that holds nothing reaches nobody.
    guard let core = target.ownBindingCore, core.table.count > 0 else { return nil }
    // Only a view model's own binding can hold `owner` on a path from `target`: when none holds
    // it, nothing reaches it. A plain loop: a closure here would be main-actor isolated.
    var isHeldByAViewModel = false
    for holder in owner.lifetime.holders where holder.isModelOwned {
      isHeldByAViewModel = true
      break
    }
    guard isHeldByAViewModel else { return nil }
    defer { reset() }
    visited.insert(ObjectIdentifier(target))
    steps.append(Step(target, core: core))
    while !steps.isEmpty {
      guard let next = steps[steps.count - 1].next() else {
        steps.removeLast()
        continue
      }
      if next === owner { return [owner] + steps.map(\.viewModel) + [owner] }
      guard visited.insert(ObjectIdentifier(next)).inserted,
        let nextCore = next.ownBindingCore, nextCore.table.count > 0
      else { continue }
      steps.append(Step(next, core: nextCore))
    }
    return nil
  }

  /// Empties the storage for the next search, keeping it unless this one was a big one.
  private mutating func reset() {
    if steps.capacity > Self.keptCapacity {
      steps = []
    } else {
      steps.removeAll(keepingCapacity: true)
    }
    if visited.capacity > Self.keptCapacity {
      visited = []
    } else {
      visited.removeAll(keepingCapacity: true)
    }
  }
}
