extension ViewModelBinding {
  /// The binding's ``PauseAwareController``, made by ``makePauseController()`` on first use
  /// and added as one of the binding's pause providers. AppleViewModel-style providers added
  /// with ``addPauseProvider(_:)-(P)`` go to it.
  ///
  /// ```swift
  /// binding.pauseController.addProvider(drawer)
  /// ```
  public var pauseController: PauseAwareController {
    if let madePauseController { return madePauseController }
    let controller = makePauseController()
    madePauseController = controller
    addPauseProvider(controller)
    core.addDisposeHook { controller.dispose() }
    return controller
  }

  /// Adds an AppleViewModel-style provider: the binding pauses while it says so. A provider
  /// that is also a ``PauseProvider`` is followed synchronously, like ``addPauseProvider(_:)-(PauseProvider)``;
  /// any other through ``pauseController``, which applies each value of its stream on a later
  /// turn of the main actor.
  ///
  /// ```swift
  /// binding.addPauseProvider(drawer)
  /// ```
  ///
  /// - Parameter provider: The provider; adding it twice does nothing.
  public func addPauseProvider<P: ViewModelBindingPauseProvider>(_ provider: P) {
    if let synchronous = provider as? any PauseProvider {
      addPauseProvider(synchronous)
    } else {
      pauseController.addProvider(provider)
    }
  }

  /// Removes an AppleViewModel-style provider; the binding resumes if nothing else pauses it.
  ///
  /// ```swift
  /// binding.removePauseProvider(drawer)
  /// ```
  ///
  /// - Parameter provider: The provider to remove.
  public func removePauseProvider<P: ViewModelBindingPauseProvider>(_ provider: P) {
    if let synchronous = provider as? any PauseProvider {
      removePauseProvider(synchronous)
    } else {
      madePauseController?.removeProvider(provider)
    }
  }

  /// The binding paused or resumed: its hooks run.
  func pauseStateDidChange(_ paused: Bool) {
    if paused { onPause() } else { onResume() }
  }
}
