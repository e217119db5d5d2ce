/// Collects the bindings a change made dirty and refreshes each once, after every value
/// involved has been updated.
///
/// A change starts with `begin` and ends with `end`; changes made while another is running
/// (listeners that set state, view models whose dependencies changed) join it. When the outermost
/// change ends, bindings owned by view models are refreshed first, which notifies their own
/// watchers and so carries the change up the graph; hosts are refreshed last, each once.
///
/// A view model's binding is refreshed in the order it became dirty, except that it waits while
/// a view model it watches, directly or through others, still waits for its own refresh: in a
/// diamond (A watches B and D, B watches D) a change of D refreshes B, then A, each once, and A
/// sees B already updated. The watch graph has no cycles (a hold that would close one is
/// refused), so every wait ends.
struct ChangeBatch {
  var depth = 0
  var isFlushing = false
  var models: [BindingCore] = []
  var hosts: [BindingCore] = []
}

extension ViewModelRegistry {
  func beginChange() {
    changes.depth += 1
  }

  func endChange() {
    changes.depth -= 1
    if changes.depth == 0, !changes.isFlushing, !changes.models.isEmpty || !changes.hosts.isEmpty {
      flushChanges()
    }
  }

  /// Runs `body` as part of a change, then drops the refreshes it queued, so no binding hears
  /// of what it did: AppleViewModel's reset tears everything down without calling a binding's
  /// `onUpdate`, which would build again what it just disposed.
  func withoutRefreshes(_ body: () -> Void) {
    beginChange()
    let models = changes.models.count
    let hosts = changes.hosts.count
    body()
    for core in changes.models[models...] + changes.hosts[hosts...] {
      core.isDirty = false
      core.changedDependency = nil
    }
    changes.models.removeSubrange(models...)
    changes.hosts.removeSubrange(hosts...)
    endChange()
  }

  /// Marks `core` to be refreshed when the change ends; `dependency` is the instance whose
  /// change (or disposal) caused it, told to a view model's ``ViewModel/onDependencyNotify(_:)``.
  func markDirty(_ core: BindingCore, dependency: ViewModel? = nil) {
    guard !core.isDirty, !core.isDisposed else { return }
    core.isDirty = true
    core.changedDependency = dependency
    if core.isModelOwned {
      changes.models.append(core)
    } else {
      changes.hosts.append(core)
    }
  }

  private func flushChanges() {
    changes.isFlushing = true
    defer { changes.isFlushing = false }
    var nextModel = 0
    var nextHost = 0
    // How many bindings in a row were put back to wait: more than are queued means no progress,
    // which only a cycle could cause; then they are refreshed in order rather than never.
    var waitsInARow = 0
    while true {
      if nextModel < changes.models.count {
        let core = changes.models[nextModel]
        nextModel += 1
        // Only a binding still queued can be waited for: the last one never waits.
        let queued = changes.models.count - nextModel
        if queued > 0, waitsInARow <= queued, waitsForUpstream(core) {
          changes.models.append(core)
          waitsInARow += 1
          continue
        }
        waitsInARow = 0
        core.isDirty = false
        core.refresh()
      } else if nextHost < changes.hosts.count {
        let core = changes.hosts[nextHost]
        nextHost += 1
        core.isDirty = false
        core.refresh()
      } else {
        break
      }
    }
    changes.models.removeAll(keepingCapacity: true)
    changes.hosts.removeAll(keepingCapacity: true)
  }

  /// Whether a view model that `core` watches, directly or through the view models it watches,
  /// is still to be refreshed in this flush: its refresh may change what `core`'s owner reads,
  /// so `core` is refreshed after it, once.
  private func waitsForUpstream(_ core: BindingCore) -> Bool {
    var pending = [core]
    var visited: Set<ObjectIdentifier> = []
    while let next = pending.popLast() {
      for entry in next.table.allEntries where entry.isWatching {
        guard let upstream = entry.viewModel.ownBindingCore else { continue }
        if upstream.isDirty, !upstream.isDisposed { return true }
        if visited.insert(ObjectIdentifier(upstream)).inserted { pending.append(upstream) }
      }
    }
    return false
  }
}
