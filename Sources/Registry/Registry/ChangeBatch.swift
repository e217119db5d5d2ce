/// Collects the bindings a change made dirty and refreshes each once, after every value
/// involved has been updated.
///
/// A change starts with `begin` and ends with `end`; changes made while another is running
/// (listeners that set state, view models whose dependencies changed) join it. When the outermost
/// change ends, bindings owned by view models are refreshed first, in the order they became
/// dirty, which notifies their own watchers and so carries the change up the graph; hosts are
/// refreshed last, each once.
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
    while true {
      if nextModel < changes.models.count {
        let core = changes.models[nextModel]
        nextModel += 1
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
}
