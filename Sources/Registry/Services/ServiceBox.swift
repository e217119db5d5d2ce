/// The instance a registry keeps for a service: a view model that only carries the value.
///
/// A service rides the same machinery as a view model — identity, holders, grace periods, pools,
/// tags, disposal order, snapshots — so the box is a ``ViewModel`` that never changes: it never
/// notifies, so it never refreshes a holder. Its own binding holds what the service's builder
/// resolved, and is disposed with it, after the service's dispose hook.
@MainActor @usableFromInline
final class ServiceBox<Service>: ViewModel, ServiceBoxType {
  /// Set by the builder; `nil` only while a builder that resolves dependencies runs, or after
  /// it threw.
  private var storage: Service?
  /// The spec's dispose closure, if it has one.
  private let onDisposeService: (@MainActor (Service) -> Void)?

  init(onDispose: (@MainActor (Service) -> Void)?) {
    onDisposeService = onDispose
    super.init()
  }

  /// The service. Only read once the box is registered, after its builder returned.
  var value: Service {
    guard let storage else {
      preconditionFailure("Internal inconsistency: a service was read before its builder returned")
    }
    return storage
  }

  /// Builds the value with `builder`, which resolves the service's dependencies through the
  /// box's own binding. If it throws, what it resolved is let go before the error goes on.
  func fill(resolving builder: @MainActor (ViewModelBinding) throws -> Service) throws {
    do {
      storage = try builder(viewModelBinding)
    } catch {
      disposeOwnBinding()
      throw error
    }
  }

  /// ``fill(resolving:)`` for an async builder.
  func fill(resolving builder: @MainActor (ViewModelBinding) async throws -> Service) async throws {
    do {
      storage = try await builder(viewModelBinding)
    } catch {
      disposeOwnBinding()
      throw error
    }
  }

  func fill(_ value: Service) {
    storage = value
  }

  /// The service's dispose hook runs first, while what it depends on is still held: the spec's
  /// closure, else ``RegistryDisposable/dispose()`` when the value adopts it. A value with
  /// nothing to dispose is dropped.
  override func onDispose(_ arg: InstanceArg) {
    guard let service = storage else { return }
    if let onDisposeService {
      onDisposeService(service)
    } else if let disposable = service as? any RegistryDisposable {
      disposable.dispose()
    }
  }

  /// The built value's own type (`FileNotesStore` for a `ServiceSpec<any NotesStore>`), as
  /// view models are named by their class.
  override var describedType: Any.Type {
    guard let storage else { return Service.self }
    // Through `Any`: `type(of:)` on a value of a generic existential type gives the
    // existential's static type, not the value's.
    return type(of: storage as Any)
  }

  nonisolated static var serviceType: Any.Type { Service.self }
}

/// What messages, snapshots and observers see of a service's box: the service's own type.
protocol ServiceBoxType: ViewModel {
  nonisolated static var serviceType: Any.Type { get }
}
