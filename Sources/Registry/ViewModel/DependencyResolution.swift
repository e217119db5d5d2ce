/// What ``Read`` and ``Watch`` share: how one dependency is resolved, and the binding of the
/// view model that declares it, through which it is.
///
/// A wrapper cannot see the view model that stores it, so the registry tells it: when it
/// registers an instance, before `onCreate`, it finds the wrappers among the instance's stored
/// properties (see ``StoredProperties``) and gives each its owner. A read before that — in the
/// initializer, which the builder runs, or on a view model made without a registry — is
/// reported, and answered without a hold: by the live shared instance, or else a new one that
/// no registry tracks.
///
/// A class per kind of spec (``ViewModelDependency``, ``ServiceDependency``) rather than a
/// closure: the re-read path is then one virtual call with the spec at hand, and no closure
/// context to retain and release on every access.
@MainActor
class DependencyResolution<Value> {
  let watching: Bool
  let site: CallSite
  /// The owner's own binding, given by ``attach(to:name:)``; the wrapper reads it on every
  /// access. Kept, as the owner keeps it: neither refers back to the wrapper.
  private var binding: BindingCore?
  /// The owner, for messages only.
  private weak var owner: ViewModel?
  private var name = "dependency"

  init(watching: Bool, site: CallSite) {
    self.watching = watching
    self.site = site
  }

  /// Makes `owner`'s own binding the one this dependency resolves through; `name` is the
  /// wrapper's storage (`_api` for `@Read var api`).
  final func attach(to owner: ViewModel, name: String) {
    self.owner = owner
    self.name = name.hasPrefix("_") ? String(name.dropFirst()) : name
    binding = owner.viewModelBinding.core
  }

  /// The dependency: through the owner's own binding, which holds it from the first read on —
  /// in `onDispose` and the `addDispose` blocks too, until the disposal disposes the binding.
  final var value: Value {
    // Used where it is, without a count (a retain and a release per access otherwise).
    guard let binding, !binding.isDisposed else { return misuse() }
    return resolve(through: binding)
  }

  /// Resolves the dependency through `core`, holding it (and watching it for a `@Watch`).
  func resolve(through core: BindingCore) -> Value {
    preconditionFailure("Internal inconsistency: a dependency's kind resolves it")
  }

  /// Resolves it without holding it, for a read the owner's binding cannot serve.
  func resolveUnheld(in registry: ViewModelRegistry) -> Value {
    preconditionFailure("Internal inconsistency: a dependency's kind resolves it")
  }

  /// The spec's type and key, for messages.
  var described: (type: String, key: String?) {
    preconditionFailure("Internal inconsistency: a dependency's kind describes it")
  }

  /// A read before the owner was registered, or after it was disposed: reported, and answered
  /// by the live shared instance, or one no registry tracks.
  @inline(never)
  private func misuse() -> Value {
    let registry = owner?.registry ?? ViewModelRegistry.current
    let wrapper = watching ? "@Watch" : "@Read"
    if let owner {
      registry.report(
        .viewModelDisposed(
          operation: "\(wrapper) var \(name)", type: Describe.type(owner.describedType),
          key: Describe.key(owner.lifetime.record?.values.key)),
        at: site)
    } else {
      // Before the registry gave it its owner, the wrapper does not know its property's name:
      // the message names what it resolves, and the report is at its declaration.
      let (type, key) = described
      registry.report(
        .dependencyBeforeRegistration(
          wrapper: wrapper, type: type, key: key, declaredAt: "\(site.fileID):\(site.line)"),
        at: site)
    }
    return resolveUnheld(in: registry)
  }
}

/// A view model dependency, read or watched.
final class ViewModelDependency<VM: ViewModel>: DependencyResolution<VM> {
  private let spec: ViewModelSpec<VM>

  init(_ spec: ViewModelSpec<VM>, watching: Bool, site: CallSite) {
    self.spec = spec
    super.init(watching: watching, site: site)
  }

  override func resolve(through core: BindingCore) -> VM {
    watching
      ? core.resolveOrStop(spec, mode: .watch, operation: "watch(_:)", site: site)
      : core.resolveOrStop(spec, mode: .read, operation: "read(_:)", site: site)
  }

  override func resolveUnheld(in registry: ViewModelRegistry) -> VM {
    registry.unheldInstance(spec, at: site)
  }

  override var described: (type: String, key: String?) {
    (Describe.type(VM.self), Describe.key(spec.key))
  }
}

/// A service dependency: its box, held like a view model read with `read`.
final class ServiceDependency<Service>: DependencyResolution<Service> {
  private let box: ViewModelSpec<ServiceBox<Service>>

  init(_ spec: ServiceSpec<Service>, site: CallSite) {
    box = spec.spec
    super.init(watching: false, site: site)
  }

  override func resolve(through core: BindingCore) -> Service {
    core.resolveOrStop(box, mode: .read, operation: "read(_:)", site: site).value
  }

  override func resolveUnheld(in registry: ViewModelRegistry) -> Service {
    registry.unheldInstance(box, at: site).value
  }

  override var described: (type: String, key: String?) {
    (Describe.type(ServiceBox<Service>.self), Describe.key(box.key))
  }
}

extension ViewModelRegistry {
  /// What a read that cannot be held gets: the live shared instance, or one built for the
  /// caller that no registry tracks; a builder that throws leaves nothing to return and stops,
  /// as `read(_:)` does.
  func unheldInstance<VM: ViewModel>(_ spec: ViewModelSpec<VM>, at site: CallSite) -> VM {
    do {
      return try detachedInstance(spec, at: site)
    } catch {
      stop(error, operation: "read(_:)", type: VM.self, key: spec.key, at: site)
    }
  }
}
