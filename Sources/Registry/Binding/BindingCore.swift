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
  /// The binding whose `onUpdate` a refresh calls; set only when that does something (a
  /// subclass, or an `onUpdate` closure), so that other bindings need no weak reference.
  weak var binding: ViewModelBinding?
  /// What few bindings use — a host's refresh, pause providers, dispose hooks — out of line,
  /// made on first use: a binding that uses none of it is 32 bytes smaller and has two
  /// references fewer to release.
  private var extrasStorage: BindingExtras?
  /// Whether the out-of-line state was made: without it, the binding has no pause providers,
  /// dispose hooks, host refresh or owner made by hand.
  var hasExtras: Bool { extrasStorage != nil }
  /// The out-of-line state, made now if it was not yet.
  var extras: BindingExtras {
    if let extrasStorage { return extrasStorage }
    let extras = BindingExtras()
    extrasStorage = extras
    return extras
  }
  /// Set by a ``ViewModelHost``: refreshes the host instead of the binding's `onUpdate`.
  var hostRefresh: (() -> Void)? {
    get { extrasStorage?.hostRefresh }
    set { extras.hostRefresh = newValue }
  }
  /// The view model that owns this binding, when it was registered: a registered instance
  /// disposes this binding during its disposal, before it can be deallocated (its registry keeps
  /// it alive until then), and its disposal clears this (``forgetOwner()``) before it returns,
  /// so the reference needs neither a count nor a side table. Cleared, not only unread: the
  /// binding can outlive its owner, queued for a refresh in the change that disposed both.
  private unowned(unsafe) var registeredOwner: ViewModel? = nil

  /// The view model that owns this binding, if any.
  var ownerViewModel: ViewModel? {
    guard isModelOwned else { return nil }
    return registeredOwner ?? extrasStorage?.unregisteredOwner
  }

  /// Stops naming the owner: its disposal has disposed this binding, and it may be freed once
  /// that disposal returns.
  func forgetOwner() {
    registeredOwner = nil
  }

  /// Makes `owner` this binding's owner.
  func setOwner(_ owner: ViewModel) {
    if owner.lifetime.record != nil {
      registeredOwner = owner
    } else {
      extras.unregisteredOwner = owner
    }
  }
  /// What this binding holds and follows. Unchecked: only the store writes it, and its
  /// mutations never call out, so no access can overlap another.
  @exclusivity(unchecked) var table = HolderTable()
  var isDirty = false
  /// Belongs to an object that drops it by design when it goes — a host, a controller's
  /// `viewModelBinding` — so a test does not report it as a dropped binding.
  var dropsWithOwner = false
  /// How deep in nested changes `changedDependency` was recorded (in the padding after the
  /// flags): a change recorded later from a shallower one began first, and replaces it.
  var changedDependencyDepth: UInt16 = 0
  /// The dependency whose change made a view model's binding dirty, for `onDependencyNotify`:
  /// the first to change, of those whose change made it dirty; while paused, the first since
  /// the pause began, kept until the refresh owed on resume.
  var changedDependency: ViewModel?
  var isPaused = false
  /// A refresh came while paused; one is owed on resume.
  var missedRefresh = false
  /// The pause providers this binding follows (changed through ``extras``).
  var pauseSubscriptions: [PauseSubscription] { extrasStorage?.pauseSubscriptions ?? [] }

  /// Adds cleanup to run when the binding is disposed; the returned id removes it earlier.
  @discardableResult
  func addDisposeHook(_ hook: @escaping () -> Void) -> UInt64 {
    let extras = self.extras
    extras.lastHookID += 1
    extras.disposeHooks[extras.lastHookID] = hook
    return extras.lastHookID
  }

  /// Removes cleanup that is no longer needed (a subscription that ended on its own).
  func removeDisposeHook(_ id: UInt64) {
    extrasStorage?.disposeHooks[id] = nil
  }

  /// Takes every cleanup, in the order it was added, for the binding's disposal to run.
  func takeDisposeHooks() -> [() -> Void] {
    // Most bindings never add one: a nil test, no access to the dictionary.
    guard let extras = extrasStorage, !extras.disposeHooks.isEmpty else { return [] }
    let hooks = extras.disposeHooks.sorted { $0.key < $1.key }.map(\.value)
    extras.disposeHooks.removeAll()
    return hooks
  }

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

  /// `label#serial`, or `binding#serial` without a label. Every binding that holds anything
  /// needs it for `onBind`, so it is made once, on first use, and cheaply.
  var id: String {
    if let idStorage { return idStorage }
    let id = BindingCore.makeID(label: label ?? "binding", serial: serial)
    idStorage = id
    return id
  }

  /// `id`, made on first use.
  private var idStorage: String?

  /// Writes `label#serial` straight into a string's storage: no interpolation, no integer
  /// description, and for the usual lengths (up to 15 bytes) a small string that allocates
  /// nothing.
  nonisolated static func makeID(label: String, serial: UInt64) -> String {
    var digitCount = 1
    var rest = serial
    while rest >= 10 {
      rest /= 10
      digitCount += 1
    }
    var label = label
    return label.withUTF8 { text in
      String(unsafeUninitializedCapacity: text.count + 1 + digitCount) { buffer in
        guard let start = buffer.baseAddress, let textStart = text.baseAddress else { return 0 }
        start.initialize(from: textStart, count: text.count)
        start[text.count] = UInt8(ascii: "#")
        var digit = start + text.count + digitCount
        var value = serial
        repeat {
          digit.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
          value /= 10
          digit -= 1
        } while value > 0
        return text.count + 1 + digitCount
      }
    }
  }

  var isDisposed: Bool { table.isDisposed }

  /// Refreshes whoever this binding serves: its owner view model (notifying that one's own
  /// watchers), its host, or the binding's `onUpdate`. A paused binding only remembers it.
  func refresh() {
    if isDisposed { return }
    if isPaused {
      // A view model's binding keeps the first dependency that changed while it was paused,
      // for the `onDependencyNotify` of the refresh it is owed on resume.
      missedRefresh = true
      return
    }
    if let ownerViewModel {
      let dependency = changedDependency
      // The owner may be mid-disposal: its binding is disposed only after its hooks ran.
      guard !ownerViewModel.isDisposed else {
        changedDependency = nil  // told nothing now: not kept either
        return
      }
      if let dependency {
        // Dirty while the hook runs: a dependency it changes or disposes is part of this change,
        // which the notification below tells; it queues no second refresh.
        isDirty = true
        ownerViewModel.onDependencyNotify(dependency)
        isDirty = false
      }
      // Cleared after the hook: what its changes recorded belongs to this change too.
      changedDependency = nil
      ownerViewModel.notifyListeners()
    } else if let hostRefresh {
      hostRefresh()
    } else {
      binding?.onUpdate()
    }
  }
}

/// The parts of a binding that few use, made on first use (``BindingCore/extras``).
@MainActor
final class BindingExtras {
  /// Set by a ``ViewModelHost``: refreshes the host instead of the binding's `onUpdate`.
  var hostRefresh: (() -> Void)?
  /// A paused view model's binding that missed a refresh: the dependencies that changed (or
  /// were disposed) after the one it keeps (``BindingCore/changedDependency``), in order, each
  /// once; the next is told on resume when the binding lets go of the one it keeps.
  var laterMissedDependencies: [ViewModel] = []
  /// The pause providers the binding follows, each with how to stop following it.
  var pauseSubscriptions: [BindingCore.PauseSubscription] = []
  /// Cleanup run when the binding is disposed, however that happens: subscriptions the binding
  /// owns (`listen(_:onChanged:)`) and its pause controller.
  var disposeHooks = [UInt64: () -> Void]()
  var lastHookID: UInt64 = 0
  /// The owner of a view model's binding when the view model was made by hand: it can go away
  /// without being disposed, so the reference is weak (a registered owner's is not; see
  /// `BindingCore.registeredOwner`). Out of line: a weak reference costs a call to set up and
  /// one to destroy in every binding, and few have such an owner.
  weak var unregisteredOwner: ViewModel?
}
