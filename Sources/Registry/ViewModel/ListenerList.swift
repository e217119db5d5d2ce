/// One registration in a ``ListenerList``. Removing it clears `callback`, so a round of
/// notifications that already took a snapshot skips it.
final class Listener<Callback> {
  // Unchecked: read once per listener per notification; it is only ever read or assigned
  // whole, never passed inout, so no access can overlap another.
  @exclusivity(unchecked) var callback: Callback?

  init(_ callback: Callback) {
    self.callback = callback
  }
}

/// Listeners in the order they were added. Rounds iterate a snapshot (`items` is a value), so a
/// listener may add or remove listeners while a round runs: one added runs from the next round,
/// one removed is not called later in this one.
struct ListenerList<Callback> {
  private(set) var items: [Listener<Callback>] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func add(_ callback: Callback) -> Listener<Callback> {
    let listener = Listener(callback)
    items.append(listener)
    return listener
  }

  mutating func remove(_ listener: Listener<Callback>) {
    listener.callback = nil
    if let index = items.firstIndex(where: { $0 === listener }) {
      items.remove(at: index)
    }
  }

  mutating func removeAll() {
    for listener in items { listener.callback = nil }
    items.removeAll()
  }
}
