/// The async streams a view model hands out, as the closures that feed and finish them; all are
/// finished at dispose. Closures, not continuations, so that a stream of a `Sendable` element can
/// be stored by a type whose element is not always `Sendable`.
struct StreamContinuations<Element> {
  private var streams = [UInt64: (yield: (Element) -> Void, finish: () -> Void)]()
  private var nextID: UInt64 = 0

  var isEmpty: Bool { streams.isEmpty }

  mutating func add(
    yield: @escaping (Element) -> Void, finish: @escaping () -> Void
  ) -> UInt64 {
    nextID += 1
    streams[nextID] = (yield, finish)
    return nextID
  }

  mutating func remove(_ id: UInt64) {
    streams[id] = nil
  }

  /// The id of the newest stream: ids only grow, so the streams present now are those with an
  /// id up to this one.
  var newestID: UInt64 { nextID }

  func yield(_ element: Element) {
    for stream in streams.values { stream.yield(element) }
  }

  /// Feeds `element` to the streams that were present when the newest of them had `newestID`.
  func yield(_ element: Element, toStreamsUpTo newestID: UInt64) {
    for (id, stream) in streams where id <= newestID { stream.yield(element) }
  }

  /// Forgets every stream and returns the closures that finish them. The caller runs them after
  /// this access ends: finishing a stream runs its termination handler, which removes it again.
  mutating func takeFinishers() -> [() -> Void] {
    guard !streams.isEmpty else { return [] }
    let finishers = streams.values.map { $0.finish }
    streams.removeAll()
    return finishers
  }
}
