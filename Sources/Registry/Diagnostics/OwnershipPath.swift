/// Why an instance is alive: the chains from it up to the roots that keep it — a host's binding
/// or `aliveForever`. In a snapshot taken while an instance that holds it is still in its
/// `onCreate` (not registered yet), a chain ends at that instance's binding.
///
/// ```swift
/// for path in registry.ownershipPaths(of: user) { print(path) }
/// // UserViewModel(key: "u1")
/// //   ← FeedViewModel(key: "feed").viewModelBinding
/// //   ← FeedViewModel(key: "feed")
/// //   ← Screen#3 (created at App/FeedView.swift:12)
/// ```
public struct OwnershipPath: Sendable, Hashable, CustomStringConvertible {
  /// Each step from the instance (first) to the root (last), as readable names.
  public let steps: [String]

  /// Creates a path from its steps.
  ///
  /// - Parameter steps: From the instance to the root.
  public init(steps: [String]) {
    self.steps = steps
  }

  /// The steps joined by ` ← `.
  public var description: String { steps.joined(separator: " ← ") }
}

extension RegistrySnapshot {
  /// The chains from the instance with `id` up to each root that keeps it alive.
  ///
  /// ```swift
  /// let paths = snapshot.ownershipPaths(of: 3)
  /// ```
  ///
  /// - Parameter id: An ``InstanceSnapshot/id``.
  /// - Returns: One path per root, or none when the instance is not in the snapshot.
  public func ownershipPaths(of id: UInt64) -> [OwnershipPath] {
    guard let instance = instance(id: id) else { return [] }
    return paths(from: instance, visited: [id]).map { OwnershipPath(steps: [instance.name] + $0) }
  }

  /// The steps above `instance`, one array per root.
  private func paths(from instance: InstanceSnapshot, visited: Set<UInt64>) -> [[String]] {
    var result: [[String]] = []
    if instance.aliveForever { result.append(["aliveForever"]) }
    if instance.isAwaitingDisposal && instance.holders.isEmpty {
      result.append(["released, awaiting disposal"])
    }
    for holder in instance.holders {
      guard let ownerID = holder.ownerInstanceID, let owner = self.instance(id: ownerID) else {
        result.append([holder.label])
        continue
      }
      guard !visited.contains(ownerID) else {
        result.append([holder.label, "\(owner.name) (cycle)"])
        continue
      }
      for above in paths(from: owner, visited: visited.union([ownerID])) {
        result.append([holder.label, owner.name] + above)
      }
    }
    return result
  }
}

extension ViewModelRegistry {
  /// The chains from `viewModel` up to each root that keeps it alive.
  ///
  /// ```swift
  /// for path in registry.ownershipPaths(of: user) { print(path) }
  /// ```
  ///
  /// - Parameter viewModel: A live instance of this registry.
  /// - Returns: One path per root; empty for an instance this registry does not hold.
  public func ownershipPaths(of viewModel: ViewModel) -> [OwnershipPath] {
    // The build number is only unique within the instance's own registry.
    guard viewModel.registry === self, let id = viewModel.lifetime.record?.sequence,
      viewModel.lifetime.phase < .disposing
    else { return [] }
    return snapshot().ownershipPaths(of: id)
  }
}
