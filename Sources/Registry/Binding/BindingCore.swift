/// One holder: what a ``ViewModelBinding`` is to the registry.
///
/// Kept apart from the public ``ViewModelBinding`` so that view models can reference the holders
/// that watch them without keeping the user's binding object alive: when the user drops the
/// binding, its `deinit` disposes the core, which lets go of everything. What it holds is its
/// ``HolderTable``, which only the registry's ``InstanceStore`` changes.
@MainActor
final class BindingCore {
  let registry: ViewModelRegistry
  let serial: UInt64
  let label: String?
  /// Owned by a view model: its refresh notifies that view model's own watchers.
  let isModelOwned: Bool
  weak var binding: ViewModelBinding?
  /// Set by a ``ViewModelHost``: refreshes the host instead of the binding's `onUpdate`.
  var hostRefresh: (() -> Void)?
  weak var ownerViewModel: ViewModel?
  /// What this binding holds and follows. Unchecked: only the store writes it, and its
  /// mutations never call out, so no access can overlap another.
  @exclusivity(unchecked) var table = HolderTable()
  var isDirty = false
  /// The dependency whose change made a view model's binding dirty, for `onDependencyNotify`.
  var changedDependency: ViewModel?
  var isPaused = false
  /// A refresh came while paused; one is owed on resume.
  var missedRefresh = false
  var pauseSubscriptions: [PauseSubscription] = []
  /// Cleanup run when the binding is disposed, however that happens: subscriptions the binding
  /// owns (`listen(_:onChanged:)`) and its pause controller.
  var disposeHooks: [() -> Void] = []

  /// Where a host binding was created, for diagnostics; formatted only when asked for.
  let createdAtSite: (fileID: StaticString, line: UInt)?

  /// `File.swift:12` where a host binding was created, for diagnostics.
  var createdAt: String? { createdAtSite.map { "\($0.fileID):\($0.line)" } }

  init(
    registry: ViewModelRegistry, label: String?, isModelOwned: Bool,
    createdAt: (fileID: StaticString, line: UInt)?
  ) {
    self.registry = registry
    self.label = label
    self.isModelOwned = isModelOwned
    self.createdAtSite = createdAt
    registry.nextBindingSerial += 1
    serial = registry.nextBindingSerial
    prepareMainActorCheck()
  }

  // Concatenation rather than interpolation: every binding that holds anything needs its id
  // for onBind, and this is the cheaper way to make it.
  private(set) lazy var id: String = (label ?? "binding") + "#" + String(serial)

  var isDisposed: Bool { table.isDisposed }

  /// Refreshes whoever this binding serves: its owner view model (notifying that one's own
  /// watchers), its host, or the binding's `onUpdate`. A paused binding only remembers it.
  func refresh() {
    if isDisposed { return }
    if isPaused {
      missedRefresh = true
      changedDependency = nil
      return
    }
    if let ownerViewModel {
      let dependency = changedDependency
      changedDependency = nil
      // The owner may be mid-disposal: its binding is disposed only after its hooks ran.
      guard !ownerViewModel.isDisposed else { return }
      if let dependency { ownerViewModel.onDependencyNotify(dependency) }
      ownerViewModel.notifyListeners()
    } else if let hostRefresh {
      hostRefresh()
    } else {
      binding?.onUpdate()
    }
  }
}
