/// One `listen` registration. Removing it clears `callback`, so a round of notifications that
/// already took a snapshot skips it.
final class Listener {
  var callback: (() throws -> Void)?

  init(_ callback: @escaping () throws -> Void) {
    self.callback = callback
  }
}

/// The listeners of one view model, in the order they were added.
struct ListenerList {
  private(set) var items: [Listener] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func add(_ callback: @escaping () throws -> Void) -> Listener {
    let listener = Listener(callback)
    items.append(listener)
    return listener
  }

  mutating func remove(_ listener: Listener) {
    listener.callback = nil
    if let index = items.firstIndex(where: { $0 === listener }) {
      items.remove(at: index)
    }
  }

  mutating func removeAll() {
    for listener in items { listener.callback = nil }
    items.removeAll()
  }

  /// Calls each listener of `snapshot` that is still registered; an error from one is handed to
  /// `onError` and the others still run. Takes a copy, not `self`: a listener may add or remove
  /// listeners while the round runs.
  static func notify(_ snapshot: [Listener], onError: (any Error) -> Void) {
    for listener in snapshot {
      guard let callback = listener.callback else { continue }
      do {
        try callback()
      } catch {
        onError(error)
      }
    }
  }
}
