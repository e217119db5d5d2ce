extension ViewModelRegistry {
  /// Sets this registry's configuration and lifecycle observers, replacing earlier ones.
  ///
  /// ```swift
  /// registry.configure(config: ViewModelConfig(isLoggingEnabled: true), lifecycles: [audit])
  /// ```
  ///
  /// - Parameters:
  ///   - config: Logging, state comparison and error routing.
  ///   - lifecycles: Observers of create, bind, unbind and dispose, called in order.
  public func configure(
    config: ViewModelConfig = ViewModelConfig(), lifecycles: [any ViewModelLifecycle] = []
  ) {
    self.config = config
    configSnapshot.value = config
    self.lifecycles = lifecycles
    activeLifecycles = lifecycles + (config.isLoggingEnabled ? [LoggingLifecycle()] : [])
  }

  /// Adds a lifecycle observer after the others; returns a closure that removes it.
  ///
  /// ```swift
  /// let stop = registry.addLifecycle(recorder)
  /// defer { stop() }
  /// ```
  ///
  /// - Parameter lifecycle: The observer.
  /// - Returns: Removes the observer; calling it again does nothing.
  @discardableResult
  public func addLifecycle(_ lifecycle: any ViewModelLifecycle) -> () -> Void {
    lifecycles.append(lifecycle)
    configure(config: config, lifecycles: lifecycles)
    return { [weak self, weak lifecycle] in
      guard let lifecycle else { return }
      self?.removeLifecycle(lifecycle)
    }
  }

  /// Removes a lifecycle observer; removing one that is not installed does nothing.
  ///
  /// ```swift
  /// registry.removeLifecycle(recorder)
  /// ```
  ///
  /// - Parameter lifecycle: The observer to remove.
  public func removeLifecycle(_ lifecycle: any ViewModelLifecycle) {
    lifecycles.removeAll { $0 === lifecycle }
    configure(config: config, lifecycles: lifecycles)
  }

  /// Routes an error thrown by a listener or an observer.
  func handleListenerError(_ error: any Error, from source: Any.Type, kind: ErrorType = .listener) {
    let routed = routeToTypedErrorHandler(error, kind: kind)
    if let onError = config.onError {
      onError(error)
    } else if !routed {
      report(.listenerFailed(type: Describe.type(source), error: "\(error)"), at: nil)
    }
  }

  /// Tells every observer about an event; an observer that throws does not stop the others.
  @inline(__always)
  func emit(_ kind: LifecycleEvent.Kind, _ viewModel: ViewModel, arg: InstanceArg) {
    if !activeLifecycles.isEmpty { emitToObservers(kind, viewModel, arg: arg) }
  }

  private func emitToObservers(
    _ kind: LifecycleEvent.Kind, _ viewModel: ViewModel, arg: InstanceArg
  ) {
    let event = LifecycleEvent(
      kind: kind, typeName: Describe.type(viewModel.describedType), key: Describe.key(arg.key),
      tag: Describe.key(arg.tag), bindingId: arg.bindingId, registry: name,
      instanceID: viewModel.lifetime.record?.sequence ?? 0,
      isService: viewModel is any ServiceBoxType)
    for lifecycle in activeLifecycles {
      do {
        switch kind {
        case .create: try lifecycle.onCreate(event)
        case .bind: try lifecycle.onBind(event)
        case .unbind: try lifecycle.onUnbind(event)
        case .dispose: try lifecycle.onDispose(event)
        }
      } catch {
        handleListenerError(error, from: type(of: lifecycle), kind: .lifecycle)
      }
      // AppleViewModel's shape passes the instance itself: it has no services.
      if !event.isService { deliverInAppleViewModelShape(kind, viewModel, arg: arg, to: lifecycle) }
    }
  }
}

extension ViewModel {
  /// Configures the current registry — in an app, the default one — with logging, state
  /// comparison, error routing and lifecycle observers. Call it once, early (for example in your
  /// `App`'s initializer).
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
    config: ViewModelConfig = ViewModelConfig(), lifecycles: [any ViewModelLifecycle] = []
  ) {
    ViewModelRegistry.current.configure(config: config, lifecycles: lifecycles)
  }
}
