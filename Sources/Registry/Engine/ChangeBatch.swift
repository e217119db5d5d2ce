/// Collects the bindings a change made dirty and refreshes each once, after every value
/// involved has been updated.
///
/// A change starts with `begin` and ends with `end`; changes made while another is running
/// (listeners that set state, view models whose dependencies changed) join it. When the outermost
/// change ends, bindings owned by view models are refreshed first, which notifies their own
/// watchers and so carries the change up the graph; hosts are refreshed last, each once.
///
/// View models' bindings are refreshed lowest first (a view model is higher than everything it
/// watches), then in the order they became dirty: in a diamond (A watches B and D, B watches D)
/// a change of D refreshes B, then A, each once, and A sees B already updated.
struct ChangeBatch {
  var depth = 0
  var models = RefreshQueue()
  var hosts: [BindingCore] = []
  /// The next host a flush refreshes; back to 0 whenever `hosts` is emptied.
  var nextHost = 0
  /// `isFlushing` and `carriesReset` in one byte, so that the end of a change tests both at once
  /// (every `setState` and notification ends one).
  private(set) var flags: UInt8 = 0

  var isFlushing: Bool {
    get { flags & 1 != 0 }
    set { if newValue { flags |= 1 } else { flags &= ~1 } }
  }

  /// Set by ``ViewModelRegistry/disposeAll()`` until the outermost change it ran in has ended,
  /// its refreshes included. While a build runs, that change does not end: the refreshes wait
  /// for the build (a re-render would meet it as a cycle).
  var carriesReset: Bool {
    get { flags & 2 != 0 }
    set { if newValue { flags |= 2 } else { flags &= ~2 } }
  }
}

/// The view models' bindings a change made dirty, lowest height first, then oldest first.
struct RefreshQueue {
  private struct Item {
    let height: Int
    let order: UInt64
    let core: BindingCore

    func comes(before other: Item) -> Bool {
      height != other.height ? height < other.height : order < other.order
    }
  }

  /// A binary heap.
  private var items: [Item] = []
  /// The order the next binding gets.
  private var nextOrder: UInt64 = 0

  var isEmpty: Bool { items.isEmpty }

  /// Queues `core`, whose owner has `height`.
  mutating func push(_ core: BindingCore, height: Int) {
    insert(Item(height: height, order: nextOrder, core: core))
    nextOrder += 1
  }

  /// The first binding, and the height it was queued at.
  mutating func pop() -> (core: BindingCore, height: Int)? {
    guard !items.isEmpty else { return nil }
    let first = (items[0].core, items[0].height)
    let last = items.removeLast()
    guard !items.isEmpty else { return first }
    items[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < items.count, items[left].comes(before: items[smallest]) { smallest = left }
      if right < items.count, items[right].comes(before: items[smallest]) { smallest = right }
      guard smallest != parent else { break }
      items.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }

  /// Empties the queue and returns what it held.
  mutating func removeAll() -> [BindingCore] {
    let removed = items.map(\.core)
    items.removeAll(keepingCapacity: true)
    return removed
  }

  private mutating func insert(_ item: Item) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].comes(before: items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }
}

extension ViewModelRegistry {
  func beginChange() {
    changes.depth += 1
  }

  func endChange() {
    changes.depth -= 1
    guard changes.depth == 0 else { return }
    // Flushing already, or carrying a reset: the rare cases, one test.
    if changes.flags != 0 { return finishChangeCarryingReset() }
    if !changes.models.isEmpty || !changes.hosts.isEmpty {
      flushChanges()
      // A refresh reset the registry: this change carried it.
      if changes.carriesReset { finishChangeCarryingReset() }
    }
  }

  /// Ends, once no change is running, the change a reset ran in: its refreshes also wait for
  /// the build the reset was made from (in a builder or `onCreate`), and
  /// `build(_:identity:…)` calls this again when that build's frame goes.
  @inline(never)
  func finishChangeCarryingReset() {
    guard changes.depth == 0, !changes.isFlushing, buildStack.isEmpty else { return }
    // A flush of nothing does nothing: the rare path need not test for it.
    flushChanges()
    changes.carriesReset = false
  }

  /// Whether a ``disposeAll()`` is disposing, or the refreshes it caused are running: a full
  /// reset started then does nothing.
  var isResettingOrRefreshingAfterIt: Bool {
    isResetting || (changes.carriesReset && changes.isFlushing)
  }

  /// Runs `body` as part of a change, then drops every refresh still queued — those it caused,
  /// and those due when it began if it runs inside a change — so no binding hears of what it
  /// did: AppleViewModel's reset tears everything down without calling a binding's `onUpdate`,
  /// which would build again what it just disposed.
  package func withoutRefreshes(_ body: () -> Void) {
    beginChange()
    body()
    for core in changes.models.removeAll() + changes.hosts {
      core.isDirty = false
      core.changedDependency = nil
    }
    // A flush in progress reads hosts by index: it starts again with those queued from now on.
    changes.hosts.removeAll(keepingCapacity: true)
    changes.nextHost = 0
    endChange()
  }

  /// Marks `core` to be refreshed when the change ends; `dependency` is the instance whose
  /// change (or disposal) caused it, told to a view model's ``ViewModel/onDependencyNotify(_:)``.
  /// A host's binding is not told, so it does not keep it: a host refreshed after a disposal
  /// kept the disposed instance alive until its next change.
  func markDirty(_ core: BindingCore, dependency: ViewModel? = nil) {
    guard !core.isDirty, !core.isDisposed else {
      if core.isDirty, dependency != nil { keepFirstChangedDependency(core, dependency) }
      return
    }
    core.isDirty = true
    if core.isModelOwned {
      // A binding that is not dirty has no dependency recorded, but one paused that missed a
      // refresh: it keeps the one that changed first, and notes the later ones.
      if core.changedDependency == nil {
        core.changedDependency = dependency
        core.changedDependencyDepth = UInt16(clamping: changes.depth)
      } else if let dependency {
        core.noteMissedDependency(dependency)
      }
      changes.models.push(core, height: core.ownerViewModel?.lifetime.height ?? 0)
    } else {
      changes.hosts.append(core)
    }
  }

  /// `core` was made dirty by a dependency's change; `dependency` changed too, and marks it
  /// only now, after its listeners ran. When its change is shallower than the one recorded, the
  /// recorded one was made inside it (by one of its listeners): `dependency` changed first.
  @inline(never)
  private func keepFirstChangedDependency(_ core: BindingCore, _ dependency: ViewModel?) {
    guard core.isModelOwned else { return }
    // Paused past a missed refresh, the recorded one changed in an earlier change: it stays
    // first, however deep it was.
    if core.missedRefresh, let dependency {
      core.noteMissedDependency(dependency)
      return
    }
    guard changes.depth < Int(core.changedDependencyDepth) else { return }
    core.changedDependency = dependency
    core.changedDependencyDepth = UInt16(clamping: changes.depth)
  }

  private func flushChanges() {
    changes.isFlushing = true
    defer { changes.isFlushing = false }
    changes.nextHost = 0
    while true {
      // A refresh reset the registry while a build is running (a change made in `onCreate`):
      // what is left waits for that build, whose end flushes it.
      if changes.carriesReset, !buildStack.isEmpty {
        changes.hosts.removeFirst(changes.nextHost)
        changes.nextHost = 0
        return
      }
      if let (core, queuedHeight) = changes.models.pop() {
        // Its owner came to watch something higher while it waited (a refresh made it watch
        // more): it goes back, at its height now. Heights only rise, so this ends.
        let height = core.ownerViewModel?.lifetime.height ?? 0
        if height > queuedHeight {
          changes.models.push(core, height: height)
          continue
        }
        core.isDirty = false
        core.refresh()
      } else if changes.nextHost < changes.hosts.count {
        let core = changes.hosts[changes.nextHost]
        changes.nextHost += 1
        core.isDirty = false
        core.refresh()
      } else {
        break
      }
    }
    changes.hosts.removeAll(keepingCapacity: true)
    changes.nextHost = 0
  }
}
