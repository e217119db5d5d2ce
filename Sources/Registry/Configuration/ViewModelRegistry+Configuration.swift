extension ViewModelRegistry {
  /// Sets this registry's configuration, replacing the earlier one. Lifecycle observers stay:
  /// add them with ``addLifecycle(_:)``.
  ///
  /// ```swift
  /// registry.configure(config: ViewModelConfig(isLoggingEnabled: true))
  /// ```
  ///
  /// - Parameter config: Logging, state comparison and error routing.
  public func configure(config: ViewModelConfig = ViewModelConfig()) {
    self.config = config
    configSnapshot.value = config
    activateLifecycles()
  }

  /// Replaces every lifecycle observer (the compatibility module's `initialize`).
  package func replaceLifecycles(with lifecycles: [any ViewModelLifecycle]) {
    self.lifecycles = lifecycles
    activateLifecycles()
  }

  /// The observers told of each event: those added, then the logger the configuration asks for,
  /// then the event streams.
  func activateLifecycles() {
    activeLifecycles =
      lifecycles + (config.isLoggingEnabled ? [LoggingLifecycle()] : []) + eventStreamers
  }

  /// Adds a lifecycle observer after the others; returns a closure that removes it. This is how
  /// an observer is added; ``lifecycleEvents`` gives the same events as an async stream.
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
    activateLifecycles()
    var removed = false
    return { [weak self, weak lifecycle] in
      guard !removed, let lifecycle else { return }
      removed = true
      self?.removeLifecycle(lifecycle)
    }
  }

  /// Removes a lifecycle observer; removing one that is not installed does nothing. The closure
  /// ``addLifecycle(_:)`` returns calls it; the compatibility module's `removeLifecycle` too.
  package func removeLifecycle(_ lifecycle: any ViewModelLifecycle) {
    lifecycles.removeAll { $0 === lifecycle }
    activateLifecycles()
  }

  /// Routes an error thrown by a listener or an observer.
  package func handleListenerError(
    _ error: any Error, from source: Any.Type, kind: ErrorSource = .listener
  ) {
    let routed = deliverToErrorTap(error, source: kind)
    if let onError = config.onError {
      onError(error)
    } else if !routed {
      report(.listenerFailed(type: Describe.type(source), error: "\(error)"), at: nil)
    }
  }

  /// Hands `error` to the configuration's error tap, if any; `true` when there is one. What the
  /// tap throws is reported.
  package func deliverToErrorTap(_ error: any Error, source: ErrorSource) -> Bool {
    guard let tap = config.errorTap else { return false }
    do {
      try tap(error, source)
    } catch let handlerError {
      report(.errorHandlerThrew(source: source, error: error, handlerError: handlerError), at: nil)
    }
    return true
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
    // What observers that need the instance itself read while they hear the event (see
    // `LifecycleDelivery`).
    let outer = LifecycleDelivery.current
    LifecycleDelivery.current = LifecycleDelivery(viewModel: viewModel, arg: arg)
    defer { LifecycleDelivery.current = outer }
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
    }
  }
}

/// The instance and argument of the lifecycle event being delivered right now, for observers
/// that take the instance itself rather than a ``LifecycleEvent`` (part of the package interface:
/// the AppleViewModel compatibility module's observers). Set only while observers run.
@MainActor
package struct LifecycleDelivery {
  package let viewModel: ViewModel
  package let arg: InstanceArg

  package static var current: LifecycleDelivery?
}
