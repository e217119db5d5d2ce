import Registry

/// AppleViewModel's process-wide store, as a view of the current registry.
///
/// Registry keeps instances in `ViewModelRegistry`s, and each test can have its own; these
/// members act on `ViewModelRegistry.current`.
///
/// ```swift
/// InstanceManager.shared.debugReset()
/// #expect(InstanceManager.shared.debugStoreCount == 0)
/// ```
@available(*, deprecated, message: "use ViewModelRegistry.current (liveViewModels(), disposeAll())")
@MainActor
public final class InstanceManager {
  /// The one instance; it always acts on the current registry.
  ///
  /// ```swift
  /// let count = InstanceManager.shared.debugStoreCount
  /// ```
  public static let shared = InstanceManager()

  private init() {}

  /// How many view-model types have a live instance in the current registry: AppleViewModel's
  /// count of per-type stores.
  ///
  /// ```swift
  /// #expect(InstanceManager.shared.debugStoreCount == 0)
  /// ```
  public var debugStoreCount: Int {
    Set(ViewModelRegistry.current.liveViewModels().map { ObjectIdentifier(type(of: $0)) }).count
  }

  /// Disposes every live instance in the current registry, `aliveForever` ones included, and
  /// calls no binding back, as AppleViewModel's does; unlike ``Registry/ViewModel/reset()``, keeps
  /// the configuration, observers and proxies.
  ///
  /// ```swift
  /// InstanceManager.shared.debugReset()
  /// ```
  public func debugReset() {
    ViewModelRegistry.current.disposeAllRefreshingNoOne()
  }
}
