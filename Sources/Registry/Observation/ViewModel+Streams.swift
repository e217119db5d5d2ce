extension ViewModel {
  /// An async stream that yields once per change and finishes when the view model is disposed.
  ///
  /// Each access makes a new stream; a consumer that is cancelled stops receiving and is removed.
  /// The stream buffers at most one pending change: a slow consumer sees that something changed,
  /// not how many times.
  ///
  /// ```swift
  /// for await _ in counter.changes {
  ///   print(counter.count)
  /// }
  /// // the loop ends when counter is disposed
  /// ```
  public var changes: AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    guard !isDisposed else {
      continuation.finish()
      return stream
    }
    let id = extras.changeStreams.add(
      yield: { continuation.yield($0) }, finish: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      runOnMainActor { self?.extrasIfMade?.changeStreams.remove(id) }
    }
    return stream
  }
}
