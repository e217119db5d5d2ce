/// The async streams a view model hands out, as the closures that feed and finish them; all are
/// finished at dispose. Closures, not continuations, so that a stream of a `Sendable` element can
/// be stored by a type whose element is not always `Sendable`.
///
/// Streams are served in the order they subscribed: a second subscriber never runs before the
/// first.
package struct StreamContinuations<Element> {
  private struct Stream {
    let id: UInt64
    let yield: (Element) -> Void
    let finish: () -> Void
  }

  /// In subscription order: ids only grow, and each is appended.
  private var streams: [Stream] = []
  private var nextID: UInt64 = 0

  package init() {}

  package var isEmpty: Bool { streams.isEmpty }

  package mutating func add(
    yield: @escaping (Element) -> Void, finish: @escaping () -> Void
  ) -> UInt64 {
    nextID += 1
    streams.append(Stream(id: nextID, yield: yield, finish: finish))
    return nextID
  }

  package mutating func remove(_ id: UInt64) {
    if let index = streams.firstIndex(where: { $0.id == id }) { streams.remove(at: index) }
  }

  /// The id of the newest stream: ids only grow, so the streams present now are those with an
  /// id up to this one.
  var newestID: UInt64 { nextID }

  func yield(_ element: Element) {
    for stream in streams { stream.yield(element) }
  }

  /// Feeds `element` to the streams that were present when the newest of them had `newestID`.
  func yield(_ element: Element, toStreamsUpTo newestID: UInt64) {
    for stream in streams where stream.id <= newestID { stream.yield(element) }
  }

  /// Forgets every stream and returns the closures that finish them, in subscription order. The
  /// caller runs them after this access ends: finishing a stream runs its termination handler,
  /// which removes it again.
  mutating func takeFinishers() -> [() -> Void] {
    guard !streams.isEmpty else { return [] }
    let finishers = streams.map(\.finish)
    streams.removeAll()
    return finishers
  }
}
