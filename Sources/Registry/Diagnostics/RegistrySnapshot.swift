/// What a registry holds at one moment: every live instance, who holds it, who depends on it.
///
/// Take one with ``ViewModelRegistry/snapshot()`` to answer "why is this still alive?".
///
/// An instance is in it once it is registered: once its `onCreate` has returned, when lookups
/// find it too. A snapshot taken during a build (in a lifecycle observer, or in a dependency's
/// hook) leaves out the instance still in its `onCreate`; what that instance already resolved
/// is in it, held by the instance's binding (`Feed(key: "feed").viewModelBinding`), where its
/// ownership paths end.
///
/// ```swift
/// print(registry.snapshot())
/// // UserViewModel(key: "u1")  holders: 2  [ProfileScreen#3,
/// //   FeedViewModel(key: "feed").viewModelBinding]
/// ```
public struct RegistrySnapshot: Sendable, Hashable, CustomStringConvertible {
  /// The registry's name.
  public let registryName: String
  /// The live instances, oldest first.
  public let instances: [InstanceSnapshot]

  /// Creates a snapshot value.
  ///
  /// - Parameters:
  ///   - registryName: The registry's name.
  ///   - instances: The live instances, oldest first.
  public init(registryName: String, instances: [InstanceSnapshot]) {
    self.registryName = registryName
    self.instances = instances
  }

  /// The instance with this id, if it is in the snapshot.
  ///
  /// ```swift
  /// let holders = snapshot.instance(id: 3)?.holders
  /// ```
  ///
  /// - Parameter id: An ``InstanceSnapshot/id``.
  /// - Returns: The instance, or `nil`.
  public func instance(id: UInt64) -> InstanceSnapshot? {
    instances.first { $0.id == id }
  }

  /// The instances that are neither `aliveForever` nor already released and waiting out a
  /// grace period (or kept by their family), nor held only by such instances (their
  /// dependencies, which go when they go): at the end of a scope, these are leaks.
  ///
  /// ```swift
  /// #expect(registry.snapshot().releasable.isEmpty)
  /// ```
  public var releasable: [InstanceSnapshot] {
    var kept = Set(instances.lazy.filter { $0.aliveForever || $0.isAwaitingDisposal }.map(\.id))
    // Down from those, until nothing changes: one pass for dependencies built after the
    // instances that hold them, the usual order (instances are oldest first).
    var grew = !kept.isEmpty
    while grew {
      grew = false
      for instance in instances where !kept.contains(instance.id) && !instance.holders.isEmpty {
        let heldOnlyByKept = instance.holders.allSatisfy { holder in
          holder.ownerInstanceID.map { kept.contains($0) } ?? false
        }
        if heldOnlyByKept {
          kept.insert(instance.id)
          grew = true
        }
      }
    }
    return instances.filter { !kept.contains($0.id) }
  }

  /// One line per instance: what it is, how many hold it and who.
  public var description: String {
    guard !instances.isEmpty else { return "Registry \"\(registryName)\": nothing alive." }
    let lines = instances.map(\.description)
    return (["Registry \"\(registryName)\": \(instances.count) alive."] + lines)
      .joined(separator: "\n")
  }
}

/// One live instance in a ``RegistrySnapshot``.
public struct InstanceSnapshot: Sendable, Hashable, Identifiable, CustomStringConvertible {
  /// The instance's build number in its registry: unique, increasing.
  public let id: UInt64
  /// The type name: a view model's class, or, for a service, the built value's type.
  public let typeName: String
  /// The key as it reads in messages, or `nil` for a private instance.
  public let key: String?
  /// The tag as it reads in messages, or `nil`.
  public let tag: String?
  /// Whether it stays alive without holders.
  public let aliveForever: Bool
  /// The bindings holding it, in the order they started.
  public let holders: [HolderSnapshot]
  /// Released by every holder, but kept alive by a grace period or its family's pool.
  public let isAwaitingDisposal: Bool
  /// Whether it is a service (built by a ``ServiceSpec``) rather than a view model.
  public let isService: Bool
  /// The ids of the instances whose ``ViewModel/viewModelBinding`` holds it.
  public var dependents: [UInt64] { holders.compactMap(\.ownerInstanceID) }

  /// Creates an instance snapshot.
  ///
  /// - Parameters:
  ///   - id: The build number.
  ///   - typeName: The type name.
  ///   - key: The key as text.
  ///   - tag: The tag as text.
  ///   - aliveForever: Whether it outlives its holders.
  ///   - holders: Who holds it.
  ///   - isAwaitingDisposal: Whether it is released and waiting to be disposed.
  ///   - isService: Whether it is a service rather than a view model.
  public init(
    id: UInt64, typeName: String, key: String?, tag: String?, aliveForever: Bool,
    holders: [HolderSnapshot], isAwaitingDisposal: Bool = false, isService: Bool = false
  ) {
    self.isAwaitingDisposal = isAwaitingDisposal
    self.isService = isService
    self.id = id
    self.typeName = typeName
    self.key = key
    self.tag = tag
    self.aliveForever = aliveForever
    self.holders = holders
  }

  /// `Type(key: …)` or `Type(private)`.
  public var name: String {
    key.map { "\(typeName)(key: \($0))" } ?? "\(typeName)(private)"
  }

  /// The name, the holder count and the holders; a service says so after its name.
  public var description: String {
    let kind = isService ? "  service" : ""
    let forever =
      aliveForever ? "  aliveForever" : isAwaitingDisposal ? "  awaiting disposal" : ""
    let held = holders.map(\.label).joined(separator: ", ")
    return "  \(name)\(kind)\(forever)  holders: \(holders.count)  [\(held)]"
  }
}

/// One binding holding an instance in a ``RegistrySnapshot``.
public struct HolderSnapshot: Sendable, Hashable, CustomStringConvertible {
  /// The binding's ``ViewModelBinding/id``.
  public let bindingId: String
  /// Who it is, readably: the binding's id and where it was created, or the view model that owns
  /// it (`FeedViewModel(key: "feed").viewModelBinding`), or the service whose builder resolved
  /// through it (`ProfileCache(key: "cache").dependencies`).
  public let label: String
  /// When the binding is a view model's own, that instance's id.
  public let ownerInstanceID: UInt64?
  /// Whether the binding watches (refreshes on change) rather than only reads.
  public let isWatching: Bool
  /// Whether the binding is paused.
  public let isPaused: Bool

  /// Creates a holder snapshot.
  ///
  /// - Parameters:
  ///   - bindingId: The binding's id.
  ///   - label: A readable description.
  ///   - ownerInstanceID: The owning instance, for a view model's binding.
  ///   - isWatching: Whether it watches.
  ///   - isPaused: Whether it is paused.
  public init(
    bindingId: String, label: String, ownerInstanceID: UInt64?, isWatching: Bool,
    isPaused: Bool
  ) {
    self.bindingId = bindingId
    self.label = label
    self.ownerInstanceID = ownerInstanceID
    self.isWatching = isWatching
    self.isPaused = isPaused
  }

  /// The label.
  public var description: String { label }
}

extension ViewModelRegistry {
  /// What this registry holds now: every live instance, its holders and dependents. An
  /// instance still in its `onCreate` is not registered yet, and not in it (see
  /// ``RegistrySnapshot``).
  ///
  /// ```swift
  /// print(registry.snapshot())
  /// ```
  ///
  /// - Returns: A value that does not change as the registry does.
  public func snapshot() -> RegistrySnapshot {
    let instances = store.live.map { viewModel in
      let registration = viewModel.lifetime.record
      let holders = viewModel.lifetime.holders.map { core in core.snapshot(holding: viewModel) }
      return InstanceSnapshot(
        id: registration?.sequence ?? 0, typeName: Describe.type(viewModel.describedType),
        key: Describe.key(registration?.values.key), tag: Describe.key(registration?.values.tag),
        aliveForever: registration?.values.aliveForever ?? false, holders: holders,
        isAwaitingDisposal: viewModel.lifetime.isAwaitingDisposal,
        isService: viewModel is any ServiceBoxType)
    }
    return RegistrySnapshot(registryName: name, instances: instances)
  }
}

extension BindingCore {
  func snapshot(holding viewModel: ViewModel) -> HolderSnapshot {
    let owner = ownerViewModel
    let description: String
    if let owner {
      // A service's binding holds what its builder resolved: its dependencies.
      let binding = owner is any ServiceBoxType ? "dependencies" : "viewModelBinding"
      description = "\(owner.instanceName).\(binding)"
    } else if let createdAt {
      description = "\(id) (created at \(createdAt))"
    } else {
      description = id
    }
    return HolderSnapshot(
      bindingId: id, label: description, ownerInstanceID: owner?.lifetime.record?.sequence,
      isWatching: heldEntry(of: viewModel)?.1.isWatching ?? false, isPaused: isPaused)
  }
}

extension ViewModel {
  /// `Type(key: …)` or `Type(private)`, as messages name instances.
  var instanceName: String {
    Describe.instance(describedType, key: lifetime.record?.values.key)
  }
}
