/// Something that can pause a binding: an app in the background, a hidden tab, a covered screen.
///
/// A paused binding's host gets no refresh; when every provider resumes, it gets one refresh if
/// anything it watches changed meanwhile.
///
/// ```swift
/// binding.addPauseProvider(tabVisibility)
/// ```
@MainActor
public protocol PauseProvider: AnyObject {
  /// Whether the provider pauses its bindings now.
  var isPaused: Bool { get }

  /// Calls `observer` with the new value each time ``isPaused`` changes, until the returned
  /// closure is called.
  ///
  /// - Parameter observer: Receives the new paused value.
  /// - Returns: A closure that stops the observation.
  func observePause(_ observer: @escaping @MainActor (Bool) -> Void) -> () -> Void
}

/// A pause provider driven by hand: ``pause()`` and ``resume()``.
///
/// Subclass it for platform signals (the app entering the background, a tab hiding).
///
/// ```swift
/// let visibility = BasePauseProvider()
/// binding.addPauseProvider(visibility)
/// visibility.pause()   // the host stops refreshing
/// visibility.resume()  // one refresh if something changed
/// ```
@MainActor
open class BasePauseProvider: PauseProvider {
  private var observers = ListenerList<@MainActor (Bool) -> Void>()
  /// The streams handed out by `pauseStateChanges`, finished by ``dispose()``.
  package var pauseStreams = StreamContinuations<Bool>()
  /// Set by ``dispose()``: the provider no longer changes.
  package private(set) var isProviderDisposed = false

  /// Whether the provider pauses its bindings now.
  public private(set) var isPaused = false

  /// Creates a provider that is not paused.
  public nonisolated init() {}

  /// Pauses every binding this provider was added to; does nothing if already paused.
  public func pause() {
    set(paused: true)
  }

  /// Resumes, unless another provider still pauses a binding; does nothing if not paused.
  public func resume() {
    set(paused: false)
  }

  /// Calls `observer` each time the provider pauses or resumes.
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

  /// Stops the provider: the streams of `pauseStateChanges` finish, and ``pause()`` and
  /// ``resume()`` do nothing from now on. Bindings it pauses stay paused until it is removed.
  /// Calling it again does nothing. Subclasses that override it call `super`.
  ///
  /// ```swift
  /// binding.removePauseProvider(visibility)
  /// visibility.dispose()
  /// ```
  open func dispose() {
    guard !isProviderDisposed else { return }
    isProviderDisposed = true
    for finish in pauseStreams.takeFinishers() { finish() }
  }

  private func set(paused: Bool) {
    guard isPaused != paused, !isProviderDisposed else { return }
    isPaused = paused
    for observer in observers.items {
      observer.callback?(paused)
    }
    pauseStreams.yield(paused)
  }
}
