import Registry
import SessionInterface

/// How AuthLive is wired: the composition root calls this once per registry it owns.
///
/// ```swift
/// AuthLive.provide(in: registry)
/// ```
public enum AuthLive {
  /// Provides the session interface with the live session.
  ///
  /// ```swift
  /// AuthLive.provide(in: .default)
  /// ```
  ///
  /// - Parameter registry: The registry to provide for.
  @MainActor
  public static func provide(in registry: ViewModelRegistry) {
    registry.provide(sessionSpec) {
      LiveSessionViewModel(directory: ["demo@example.com", "ops@example.com"])
    }
  }
}
