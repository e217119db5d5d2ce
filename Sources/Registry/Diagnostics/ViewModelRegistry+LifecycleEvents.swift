/// Feeds one ``ViewModelRegistry/lifecycleEvents`` stream.
@MainActor
final class LifecycleEventStreamer: ViewModelLifecycle {
  private let continuation: AsyncStream<LifecycleEvent>.Continuation

  init(_ continuation: AsyncStream<LifecycleEvent>.Continuation) {
    self.continuation = continuation
  }

  func onCreate(_ event: LifecycleEvent) { continuation.yield(event) }
  func onBind(_ event: LifecycleEvent) { continuation.yield(event) }
  func onUnbind(_ event: LifecycleEvent) { continuation.yield(event) }
  func onDispose(_ event: LifecycleEvent) { continuation.yield(event) }
}

extension ViewModelRegistry {
  /// An async sequence of every create, bind, unbind and dispose in this registry from now on,
  /// for tools: inspectors, loggers, test harnesses.
  ///
  /// Each access makes a new stream, which follows the registry until its consumer stops. It
  /// keeps up to 1,024 events for a slow consumer, dropping the oldest beyond that.
  ///
  /// ```swift
  /// Task {
  ///   for await event in registry.lifecycleEvents {
  ///     print(event)  // "create UserViewModel(key: \"u1\") ProfileScreen#3"
  ///   }
  /// }
  /// ```
  public var lifecycleEvents: AsyncStream<LifecycleEvent> {
    let (stream, continuation) = AsyncStream<LifecycleEvent>.makeStream(
      bufferingPolicy: .bufferingNewest(1_024))
    let streamer = LifecycleEventStreamer(continuation)
    eventStreamers.append(streamer)
    activateLifecycles()
    continuation.onTermination = { [weak self] _ in
      runOnMainActor { self?.removeEventStreamer(streamer) }
    }
    return stream
  }

  /// Stops feeding a stream whose consumer stopped.
  private func removeEventStreamer(_ streamer: LifecycleEventStreamer) {
    eventStreamers.removeAll { $0 === streamer }
    activateLifecycles()
  }
}
