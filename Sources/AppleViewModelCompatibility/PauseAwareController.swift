import Registry

/// Pauses a binding while any of its providers says so: AppleViewModel's pause aggregator.
///
/// Every `ViewModelBinding` makes one on first use of ``Registry/ViewModelBinding/pauseController``
/// and adds it as one of its pause providers. The controller keeps the providers it follows until
/// they are removed or it is disposed, as a binding keeps its own. `onPause` and `onResume` run
/// when the controller's own state changes: the first provider pauses, the last one resumes.
///
/// ```swift
/// let controller = PauseAwareController(
///   onPause: { print("paused") }, onResume: { print("resumed") })
/// controller.addProvider(visibility)
/// visibility.pause()   // prints "paused"
/// visibility.resume()  // prints "resumed"
/// ```
///
/// A provider that is also a `PauseProvider` (every `BasePauseProvider`) is followed
/// synchronously, from its current state on. Any other provider is followed through its
/// ``ViewModelBindingPauseProvider/pauseStateChanges`` stream: its values take effect on a
/// later turn of the main actor.
@MainActor
public final class PauseAwareController: PauseProvider {
  private let pauseCallback: () -> Void
  private let resumeCallback: () -> Void
  /// What each provider says now.
  private var states: [ObjectIdentifier: Bool] = [:]
  /// The providers followed, kept alive (so that an identifier is never reused while it is
  /// here) with what stops following each.
  private var followed: [ObjectIdentifier: (provider: AnyObject, stop: () -> Void)] = [:]
  private var observers: [(id: UInt64, callback: @MainActor (Bool) -> Void)] = []
  private var lastObserverID: UInt64 = 0
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
  /// let controller = PauseAwareController(
  ///   onPause: { stopTimers() }, onResume: { startTimers() })
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
    guard !isDisposed, followed[id] == nil else { return }
    if let synchronous = provider as? any PauseProvider {
      let stop = synchronous.observePause { [weak self] paused in self?.set(paused, for: id) }
      followed[id] = (provider, stop)
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
    followed[id] = (provider, { task.cancel() })
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
    guard let entry = followed.removeValue(forKey: id) else { return }
    entry.stop()
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
    let followed = self.followed
    self.followed.removeAll()
    states.removeAll()
    for entry in followed.values { entry.stop() }
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
    lastObserverID += 1
    let id = lastObserverID
    observers.append((id, observer))
    return { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  private func set(_ paused: Bool, for id: ObjectIdentifier) {
    guard !isDisposed, followed[id] != nil else { return }
    states[id] = paused
    evaluate()
  }

  private func evaluate() {
    let paused = states.values.contains(true)
    guard paused != isPaused else { return }
    isPaused = paused
    // A copy: an observer may add or remove observers.
    for observer in observers { observer.callback(paused) }
    if paused { pauseCallback() } else { resumeCallback() }
  }
}
