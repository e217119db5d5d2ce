/// The instance a registry keeps for a service: a view model that only carries the value.
///
/// A service rides the same machinery as a view model — identity, holders, grace periods, pools,
/// tags, disposal order, snapshots — so the box is a ``ViewModel`` that never changes: it never
/// notifies, so it never refreshes a holder. Its own binding holds what the service's builder
/// resolved, and is disposed with it, after the service's dispose hook.
@MainActor @usableFromInline
final class ServiceBox<Service>: ViewModel, ServiceBoxType {
  /// The service: set once, before the box exists, so that reading it is a plain load.
  @usableFromInline let value: Service
  /// How the service is disposed; one object per spec, family or provider.
  private let disposal: ServiceDisposal<Service>

  /// A box for `value`; `dependencies` is the binding its builder resolved through, which the
  /// box now owns.
  init(_ value: Service, disposal: ServiceDisposal<Service>, dependencies: ViewModelBinding? = nil)
  {
    self.value = value
    self.disposal = disposal
    super.init()
    if let dependencies { adopt(dependencies) }
  }

  /// The service's dispose hook runs first, while what it depends on is still held.
  override func onDispose(_ arg: InstanceArg) {
    disposal.dispose(value)
  }

  /// The built value's own type (`FileNotesStore` for a `ServiceSpec<any NotesStore>`), as
  /// view models are named by their class.
  override var describedType: Any.Type {
    // Through `Any`: `type(of:)` on a value of a generic existential type gives the
    // existential's static type, not the value's.
    type(of: value as Any)
  }

  nonisolated static var serviceType: Any.Type { Service.self }
}

/// How the services of one spec, family or provider are disposed: the spec's closure, else
/// ``RegistryDisposable/dispose()`` when the value adopts it; a value with nothing to dispose is
/// dropped. Whether a type adopts the protocol is asked once per type in a row: the dynamic cast
/// costs more than the rest of a disposal.
@MainActor
final class ServiceDisposal<Service> {
  private let onDispose: (@MainActor (Service) -> Void)?
  /// `Service` is a class (a single reference, not a class-bound existential, which carries a
  /// witness table beside it): a value's own class is then read from the object itself, where
  /// asking a generic value for its type cost a dynamic-type lookup (about 100 instructions
  /// per disposal), and boxing it in `Any` a copy and a destroy more.
  private let isClass: Bool
  /// `Service` is an `Optional`: its wrapped value, not the optional, tells whether it adopts
  /// the protocol, and an empty one has nothing to dispose.
  private let isOptional: Bool
  private var lastType: ObjectIdentifier?
  private var lastTypeIsDisposable = false

  nonisolated init(_ onDispose: (@MainActor (Service) -> Void)?) {
    self.onDispose = onDispose
    isClass =
      Service.self is AnyObject.Type
      && MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size
    isOptional = Service.self is any AnyOptional.Type
  }

  func dispose(_ value: Service) {
    if let onDispose { return onDispose(value) }
    // A class's instance tells its own class; anything else goes through `Any`, so that an
    // existential gives the value's own type, not its own static type.
    let type: Any.Type
    if isClass {
      let object = unsafeBitCast(value, to: AnyObject.self)
      type = Swift.type(of: object)
    } else if isOptional {
      guard let wrapped = (value as? any AnyOptional)?.unwrappedValue else { return }
      type = Swift.type(of: wrapped)
    } else {
      type = Swift.type(of: value as Any)
    }
    let id = ObjectIdentifier(type)
    if id != lastType {
      lastType = id
      lastTypeIsDisposable = type is any RegistryDisposable.Type
    }
    guard lastTypeIsDisposable, let disposable = value as? any RegistryDisposable else { return }
    disposable.dispose()
  }
}

/// What messages, snapshots and observers see of a service's box: the service's own type.
protocol ServiceBoxType: ViewModel {
  nonisolated static var serviceType: Any.Type { get }
}

extension ServiceBox {
  /// A box builder that makes the value with `builder`.
  nonisolated static func maker(
    _ builder: @escaping @MainActor () throws -> Service,
    onDispose: (@MainActor (Service) -> Void)?
  ) -> @MainActor () throws -> ServiceBox<Service> {
    let disposal = ServiceDisposal(onDispose)
    // The box's type, looked up once here: in the closure, each build would look the generic
    // metadata up again.
    let box = ServiceBox<Service>.self
    return { box.init(try builder(), disposal: disposal) }
  }

  /// A box builder for a family's argument, that makes the value with `builder`.
  nonisolated static func argumentMaker<Arg>(
    _ builder: @escaping @MainActor (Arg) throws -> Service,
    onDispose: (@MainActor (Service) -> Void)?
  ) -> @MainActor (Arg) throws -> ServiceBox<Service> {
    let disposal = ServiceDisposal(onDispose)
    let box = ServiceBox<Service>.self
    return { arg in box.init(try builder(arg), disposal: disposal) }
  }

  /// A box builder whose `builder` resolves the service's dependencies through a binding the
  /// box then owns.
  nonisolated static func maker(
    resolving builder: @escaping @MainActor (ViewModelBinding) throws -> Service,
    onDispose: (@MainActor (Service) -> Void)?
  ) -> @MainActor () throws -> ServiceBox<Service> {
    let disposal = ServiceDisposal(onDispose)
    return { try build(resolving: builder, disposal: disposal) }
  }

  /// Makes the value with a binding for its dependencies, then the box that owns both. If the
  /// builder throws, what it resolved is let go before the error goes on.
  static func build(
    resolving builder: @MainActor (ViewModelBinding) throws -> Service,
    disposal: ServiceDisposal<Service>
  ) throws -> ServiceBox<Service> {
    let dependencies = ViewModelBinding(dependenciesOf: ServiceBox<Service>.self)
    do {
      return ServiceBox(try builder(dependencies), disposal: disposal, dependencies: dependencies)
    } catch {
      dependencies.dispose()
      throw error
    }
  }

  /// ``build(resolving:onDispose:)`` for an async builder.
  static func build(
    resolving builder: @MainActor (ViewModelBinding) async throws -> Service,
    disposal: ServiceDisposal<Service>
  ) async throws -> ServiceBox<Service> {
    let dependencies = ViewModelBinding(dependenciesOf: ServiceBox<Service>.self)
    do {
      let value = try await builder(dependencies)
      return ServiceBox(value, disposal: disposal, dependencies: dependencies)
    } catch {
      dependencies.dispose()
      throw error
    }
  }

  /// A box holding `value`, for an interface's default.
  static func filled(_ value: Service, disposal: ServiceDisposal<Service>) -> ServiceBox<Service> {
    ServiceBox(value, disposal: disposal)
  }
}
