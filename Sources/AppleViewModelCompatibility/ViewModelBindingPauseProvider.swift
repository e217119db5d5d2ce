import Registry

/// AppleViewModel's pause provider: a stream of pause states instead of `PauseProvider`'s
/// property and observer.
///
/// Add one with ``Registry/ViewModelBinding/addPauseProvider(_:)``; the binding's
/// ``Registry/ViewModelBinding/pauseController`` follows its stream. Each value takes effect
/// when the stream delivers it, on a later turn of the main actor, and a provider counts as not
/// paused until its first value. `BasePauseProvider` is both kinds of provider; bindings follow it
/// synchronously.
///
/// ```swift
/// final class DrawerPause: ViewModelBindingPauseProvider {
///   let (pauseStateChanges, continuation) = AsyncStream<Bool>.makeStream()
///   func drawerOpened() { continuation.yield(true) }
///   func drawerClosed() { continuation.yield(false) }
///   func dispose() { continuation.finish() }
/// }
/// binding.addPauseProvider(drawer)
/// ```
@MainActor
public protocol ViewModelBindingPauseProvider: AnyObject {
  /// The provider's pause states from now on: `true` pauses, `false` resumes. Read once, when
  /// the provider is added.
  var pauseStateChanges: AsyncStream<Bool> { get }

  /// Stops the provider and finishes its streams. Bindings never call it: the provider may
  /// serve several.
  func dispose()
}

extension BasePauseProvider: ViewModelBindingPauseProvider {
  /// A new stream of this provider's pause states from now on, finished by `dispose()`.
  ///
  /// Each access makes a stream of its own; none repeats the current state, which
  /// `BasePauseProvider.isPaused` tells.
  ///
  /// ```swift
  /// for await paused in visibility.pauseStateChanges {
  ///   print(paused ? "hidden" : "shown")
  /// }
  /// ```
  public var pauseStateChanges: AsyncStream<Bool> {
    let (stream, continuation) = AsyncStream<Bool>.makeStream()
    guard !isProviderDisposed else {
      continuation.finish()
      return stream
    }
    let id = pauseStreams.add(
      yield: { continuation.yield($0) }, finish: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      runOnMainActor { self?.pauseStreams.remove(id) }
    }
    return stream
  }
}
