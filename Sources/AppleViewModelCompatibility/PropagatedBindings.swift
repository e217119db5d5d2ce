import AppleViewModelCompatibilityHooks
import Registry

/// AppleViewModel's rule for what `onBind` and `onUnbind` hear: an instance that a view model
/// depends on hears not only that view model's own binding, but also every binding that holds
/// the view model (a host's or a test's), transitively. Registry tells an instance only about its
/// direct holders; this tap adds the rest, for the default registry of a process that links this
/// module.
///
/// A binding that holds a view model *reaches* each instance that the view model's own binding
/// holds, and what those hold in turn. An instance hears `onBind(_:bindingId:)` with that
/// binding's id when the binding first reaches it through a view model, and `onUnbind` when the
/// binding reaches it through none any more (or the instance is disposed). A binding that also
/// holds the instance directly is told of that hold by Registry itself. Lifecycle observers are
/// not told of reached bindings: they hear each hold once.
///
/// Every call may re-enter the registry (a hook may dispose a binding, or the instance): after
/// each one, what it changed is checked again before anything goes further, and the tap keeps
/// no binding or instance alive.
@MainActor
package final class PropagatedBindings: LifetimeTap {
  /// How a binding reaches one instance: by holding it, and through which view models.
  private struct Reach {
    var direct = false
    var through: Set<ObjectIdentifier> = []
    var isEmpty: Bool { !direct && through.isEmpty }
  }

  /// For each instance reached by some binding, the bindings' ids and how they reach it, in the
  /// order they first did.
  private var reaches: [ObjectIdentifier: [(id: String, reach: Reach)]] = [:]

  package nonisolated init() {}

  // MARK: What the registry tells

  package func didHold(_ viewModel: ViewModel, by holder: LifetimeHolder) {
    guard let parent = holder.owner else {
      return add(holder.id, to: viewModel, through: nil)
    }
    // The dependency of `parent` is reached by whatever reaches `parent`, as long as that
    // still holds when its turn comes: an earlier `onBind` may have disposed anything.
    for id in bindingIDs(reaching: parent) {
      guard !viewModel.isDisposed, parent.ownBindingHolds(viewModel), reaches(id, parent) else {
        continue
      }
      add(id, to: viewModel, through: parent)
    }
  }

  package func didRelease(_ viewModel: ViewModel, by holder: LifetimeHolder) {
    guard let parent = holder.owner else {
      return remove(holder.id, from: viewModel, through: nil)
    }
    let parentID = ObjectIdentifier(parent)
    let ids = (reaches[ObjectIdentifier(viewModel)] ?? []).filter {
      $0.reach.through.contains(parentID)
    }
    for (id, _) in ids { remove(id, from: viewModel, through: parent) }
  }

  package func willDispose(_ viewModel: ViewModel) {
    guard let reached = reaches.removeValue(forKey: ObjectIdentifier(viewModel)) else { return }
    // A direct holder was told by the registry; the bindings that reached it only through view
    // models are told here, as AppleViewModel's disposal unbinds every id it knows.
    for (id, reach) in reached where !reach.direct {
      viewModel.onUnbind(viewModel.instanceArg(bindingId: id) ?? InstanceArg(), bindingId: id)
    }
  }

  // MARK: Propagation

  /// `id` reaches `viewModel` directly (`parent == nil`) or through `parent`; when that is the
  /// first way, the instance hears of it and so does what it depends on.
  private func add(_ id: String, to viewModel: ViewModel, through parent: ViewModel?) {
    let key = ObjectIdentifier(viewModel)
    var reached = reaches[key] ?? []
    let index = reached.firstIndex { $0.id == id }
    var reach = index.map { reached[$0].reach } ?? Reach()
    let wasReached = !reach.isEmpty
    if let parent {
      guard reach.through.insert(ObjectIdentifier(parent)).inserted else { return }
    } else {
      guard !reach.direct else { return }
      reach.direct = true
    }
    if let index { reached[index].reach = reach } else { reached.append((id, reach)) }
    reaches[key] = reached
    guard !wasReached else { return }
    if parent != nil {
      viewModel.onBind(viewModel.instanceArg(bindingId: id) ?? InstanceArg(), bindingId: id)
    }
    for dependency in viewModel.ownBindingDependencies {
      // The hook, or an earlier dependency's, may have ended what this propagation stands on.
      guard !viewModel.isDisposed, reaches(id, viewModel), viewModel.ownBindingHolds(dependency)
      else { return }
      add(id, to: dependency, through: viewModel)
    }
  }

  /// `id` stops reaching `viewModel` directly (`parent == nil`) or through `parent`; when that
  /// was the last way, the instance hears of it and so does what it depends on.
  private func remove(_ id: String, from viewModel: ViewModel, through parent: ViewModel?) {
    let key = ObjectIdentifier(viewModel)
    guard var reached = reaches[key], let index = reached.firstIndex(where: { $0.id == id })
    else { return }
    var reach = reached[index].reach
    if let parent {
      guard reach.through.remove(ObjectIdentifier(parent)) != nil else { return }
    } else {
      guard reach.direct else { return }
      reach.direct = false
    }
    if reach.isEmpty { reached.remove(at: index) } else { reached[index].reach = reach }
    reaches[key] = reached.isEmpty ? nil : reached
    guard reach.isEmpty else { return }
    if parent != nil {
      viewModel.onUnbind(viewModel.instanceArg(bindingId: id) ?? InstanceArg(), bindingId: id)
    }
    for dependency in viewModel.ownBindingDependencies where !reaches(id, viewModel) {
      remove(id, from: dependency, through: viewModel)
    }
  }

  private func bindingIDs(reaching viewModel: ViewModel) -> [String] {
    (reaches[ObjectIdentifier(viewModel)] ?? []).map(\.id)
  }

  private func reaches(_ id: String, _ viewModel: ViewModel) -> Bool {
    reaches[ObjectIdentifier(viewModel)]?.contains { $0.id == id } ?? false
  }

  /// The ids reaching `viewModel` now, in the order they first did; for tests.
  package func bindingIDsReaching(_ viewModel: ViewModel) -> [String] {
    bindingIDs(reaching: viewModel)
  }
}

/// Gives the default registry AppleViewModel's rule for `onBind`; called once, by the
/// constructor in `AppleViewModelCompatibilityHooks`, when the image loads.
@_cdecl("apple_view_model_compatibility_install_hooks")
func installPropagatedBindings() {
  LifetimeTaps.makeForDefaultRegistry = { PropagatedBindings() }
}
