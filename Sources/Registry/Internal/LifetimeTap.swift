/// What a module built on the core learns of each hold, release and disposal, as it happens:
/// the AppleViewModel compatibility module uses it to tell the instances that view models
/// depend on about the bindings that hold those view models, as AppleViewModel does.
///
/// A registry calls its ``ViewModelRegistry/lifetimeTap`` (none by default) after the hooks of
/// each step have run, inside the step's change, for registered instances only. The tap may
/// re-enter the registry (its calls run hooks that may dispose anything); it is told of what
/// that does as it happens.
@MainActor
package protocol LifetimeTap: AnyObject, Sendable {
  /// `holder` started holding `viewModel`; its `onBind` has run.
  func didHold(_ viewModel: ViewModel, by holder: LifetimeHolder)
  /// `holder` let go of `viewModel`; its `onUnbind` has run, and it may be disposed next.
  func didRelease(_ viewModel: ViewModel, by holder: LifetimeHolder)
  /// `viewModel` is being disposed: its holders were let go of (each told through `onUnbind`,
  /// without a ``didRelease(_:by:)``); next come `onDispose` and the release of what its own
  /// binding holds.
  func willDispose(_ viewModel: ViewModel)
}

/// A binding as a ``LifetimeTap`` sees it.
package struct LifetimeHolder {
  /// The binding's id, as `onBind` is given it.
  package let id: String
  /// The binding's identity while it lives.
  package let identity: ObjectIdentifier
  /// The view model whose own binding it is; `nil` for a host's or a test's binding.
  package let owner: ViewModel?

  @MainActor init(_ core: BindingCore) {
    id = core.id
    identity = ObjectIdentifier(core)
    owner = core.ownerViewModel
  }
}

/// Where a module built on the core says which tap the default registry gets; set once, as
/// that module's image loads (a constructor calls it), before any registry exists — so reading
/// it needs no lock.
package enum LifetimeTaps {
  /// Makes the tap of ``ViewModelRegistry/default``.
  package nonisolated(unsafe) static var makeForDefaultRegistry: (@Sendable () -> any LifetimeTap)?
}

extension ViewModel {
  /// What its own binding holds, oldest first; empty when it has none.
  package var ownBindingDependencies: [ViewModel] {
    guard let core = ownBindingCore else { return [] }
    return core.table.allEntries.sorted { $0.sequence < $1.sequence }.map(\.viewModel)
  }

  /// Whether its own binding holds `dependency` now.
  package func ownBindingHolds(_ dependency: ViewModel) -> Bool {
    ownBindingCore?.holds(dependency) ?? false
  }

  /// The argument `onBind`/`onUnbind` get for `bindingId`; `nil` for an instance made by hand.
  package func instanceArg(bindingId: String) -> InstanceArg? {
    guard let values = lifetime.record?.values else { return nil }
    return InstanceArg(values: values, bindingId: bindingId)
  }
}
