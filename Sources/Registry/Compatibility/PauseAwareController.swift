/// Pauses a binding while any of its providers says so: AppleViewModel's pause aggregator.
///
/// Every ``ViewModelBinding`` makes one on first use of ``ViewModelBinding/pauseController``
/// (see ``ViewModelBinding/makePauseController()``) and adds it as one of its pause providers.
/// `onPause` and `onResume` run when the controller's own state changes: the first provider
/// pauses, the last one resumes.
///
/// ```swift
/// let controller = PauseAwareController(onPause: { print("paused") }, onResume: { print("resumed") })
/// controller.addProvider(visibility)
/// visibility.pause()   // prints "paused"
/// visibility.resume()  // prints "resumed"
/// ```
///
/// A provider that is also a ``PauseProvider`` (every ``BasePauseProvider``) is followed
/// synchronously, from its current state on. Any other provider is followed through its
/// ``ViewModelBindingPauseProvider/pauseStateChanges`` stream: its values take effect on a
/// later turn of the main actor.
@MainActor
public final class PauseAwareController: PauseProvider {
  private let pauseCallback: () -> Void
  private let resumeCallback: () -> Void
  private var states: [ObjectIdentifier: Bool] = [:]
  private var stops: [ObjectIdentifier: () -> Void] = [:]
  private var observers = ListenerList<@MainActor (Bool) -> Void>()
  private var isDisposed = false

  /// Whether any provider pauses now.
  ///
  /// ```swift
  /// if !controller.isPaused { render() }
  /// ```
  public private(set) var isPaused = false

  /// Creates a controller with no providers.
  ///
  /// ```swift
  /// let controller = PauseAwareController(onPause: { stopTimers() }, onResume: { startTimers() })
  /// ```
  ///
  /// - Parameters:
  ///   - onPause: Called when the first provider pauses.
  ///   - onResume: Called when no provider pauses any more.
  public init(onPause: @escaping () -> Void, onResume: @escaping () -> Void) {
    pauseCallback = onPause
    resumeCallback = onResume
  }

  /// Starts following `provider`; adding it again, or after ``dispose()``, does nothing.
  ///
  /// ```swift
  /// controller.addProvider(AppPauseProvider.shared)
  /// ```
  ///
  /// - Parameter provider: The provider to follow.
  public func addProvider(_ provider: any ViewModelBindingPauseProvider) {
    let id = ObjectIdentifier(provider)
    guard !isDisposed, stops[id] == nil else { return }
    if let synchronous = provider as? any PauseProvider {
      stops[id] = synchronous.observePause { [weak self] paused in self?.set(paused, for: id) }
      set(synchronous.isPaused, for: id)
      return
    }
    let changes = provider.pauseStateChanges
    let task = Task { @MainActor [weak self] in
      for await paused in changes {
        guard let self else { return }
        self.set(paused, for: id)
      }
    }
    stops[id] = { task.cancel() }
  }

  /// Stops following `provider` and forgets its state; resumes if it was the last to pause.
  ///
  /// ```swift
  /// controller.removeProvider(visibility)
  /// ```
  ///
  /// - Parameter provider: The provider to stop following.
  public func removeProvider(_ provider: any ViewModelBindingPauseProvider) {
    let id = ObjectIdentifier(provider)
    guard let stop = stops.removeValue(forKey: id) else { return }
    stop()
    states[id] = nil
    evaluate()
  }

  /// Stops following every provider, without calling `onPause` or `onResume`; ``isPaused``
  /// keeps its last value. Providers are not disposed. Calling it again does nothing.
  ///
  /// ```swift
  /// controller.dispose()
  /// ```
  public func dispose() {
    guard !isDisposed else { return }
    isDisposed = true
    let stops = self.stops
    self.stops.removeAll()
    states.removeAll()
    for stop in stops.values { stop() }
  }

  /// Calls `observer` each time the controller pauses or resumes; how a binding follows it.
  ///
  /// ```swift
  /// let stop = controller.observePause { paused in print(paused) }
  /// ```
  ///
  /// - Parameter observer: Receives the new paused value.
  /// - Returns: A closure that stops the observation.
  public func observePause(_ observer: @escaping @MainActor (Bool) -> Void) -> () -> Void {
    let listener = observers.add(observer)
    return { [weak self] in
      listener.callback = nil
      self?.observers.remove(listener)
    }
  }

  private func set(_ paused: Bool, for id: ObjectIdentifier) {
    guard !isDisposed, stops[id] != nil else { return }
    states[id] = paused
    evaluate()
  }

  private func evaluate() {
    let paused = states.values.contains(true)
    guard paused != isPaused else { return }
    isPaused = paused
    for observer in observers.items { observer.callback?(paused) }
    if paused { pauseCallback() } else { resumeCallback() }
  }
}
