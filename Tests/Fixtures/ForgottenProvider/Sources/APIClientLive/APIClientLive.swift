import APIClientInterface
import Registry

/// How APIClientLive is wired: the composition root calls this once per registry it owns.
///
/// ```swift
/// APIClientLive.provide(in: registry)
/// ```
public enum APIClientLive {
  /// Provides ``apiClientSpec`` with the live client.
  ///
  /// ```swift
  /// let registry = ViewModelRegistry(name: "app")
  /// APIClientLive.provide(in: registry)
  /// ```
  ///
  /// - Parameter registry: The registry to provide for.
  @MainActor
  public static func provide(in registry: ViewModelRegistry) {
    registry.provide(apiClientSpec) { LiveAPIClient() }
  }
}
