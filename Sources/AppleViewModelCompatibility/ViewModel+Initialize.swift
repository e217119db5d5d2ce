import Registry

extension ViewModel {
  /// Configures the current registry — in an app, the default one — with logging, state
  /// comparison, error routing and lifecycle observers. Call it once, early (for example in your
  /// `App`'s initializer). The observers given replace those added before; a
  /// `lifecycleEvents` stream keeps following the registry.
  ///
  /// ```swift
  /// ViewModel.initialize(
  ///   config: ViewModelConfig(isLoggingEnabled: true),
  ///   lifecycles: [AnalyticsLifecycle()]
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - config: The configuration.
  ///   - lifecycles: The lifecycle observers.
  public static func initialize(
    config: ViewModelConfig = ViewModelConfig(), lifecycles: [any Registry.ViewModelLifecycle] = []
  ) {
    let registry = ViewModelRegistry.current
    registry.configure(config: config)
    registry.replaceLifecycles(with: lifecycles)
  }
}
