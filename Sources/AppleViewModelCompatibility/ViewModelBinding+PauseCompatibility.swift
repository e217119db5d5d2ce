import Registry

extension ViewModelBinding {
  /// The binding's ``PauseAwareController``, made on first use and added as one of the
  /// binding's pause providers. AppleViewModel-style providers added with
  /// ``addPauseProvider(_:)-(P)`` go to it. The binding calls `ViewModelBinding.onPause()` and
  /// `ViewModelBinding.onResume()` itself whichever provider pauses it, so the controller's
  /// own callbacks do nothing.
  ///
  /// ```swift
  /// binding.pauseController.addProvider(drawer)
  /// ```
  public var pauseController: PauseAwareController {
    let key = ObjectIdentifier(self)
    if let made = PauseControllers.made[key] { return made }
    let controller = PauseAwareController(onPause: {}, onResume: {})
    PauseControllers.made[key] = controller
    addPauseProvider(controller)
    addDisposeHook {
      controller.dispose()
      PauseControllers.made[key] = nil
    }
    return controller
  }

  /// Adds an AppleViewModel-style provider: the binding pauses while it says so. A provider
  /// that is also a `PauseProvider` is followed synchronously, like
  /// `ViewModelBinding.addPauseProvider(_:)`; any other through ``pauseController``, which applies
  /// each value of its stream on a later turn of the main actor.
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
      PauseControllers.made[ObjectIdentifier(self)]?.removeProvider(provider)
    }
  }

  /// The binding paused or resumed: its hooks run.
}

/// The pause controllers made so far, by binding: a binding keeps its own until it is disposed,
/// which removes it here.
@MainActor
enum PauseControllers {
  static var made: [ObjectIdentifier: PauseAwareController] = [:]
}
