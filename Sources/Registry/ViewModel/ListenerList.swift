/// One registration in a ``ListenerList``. Removing it clears `callback`, so a round of
/// notifications that already took a snapshot skips it.
final class Listener<Callback> {
  // Read once per listener per notification, only ever whole and never inout: the compiler
  // proves that no access overlaps another, so its exclusivity check costs nothing.
  var callback: Callback?

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

/// One plain listener, added with ``ViewModel/listen(onChanged:)``. Not a generic `Listener`: its
/// callback is stored and called as written, with no reabstraction thunk and no copy of a
/// generic optional per call. Removing it clears `callback`, as for `Listener`.
final class ChangeListener {
  // Read once per listener per notification, only ever whole and never inout: the compiler
  // proves that no access overlaps another, so its exclusivity check costs nothing.
  var callback: (() throws -> Void)?

  init(_ callback: @escaping () throws -> Void) {
    self.callback = callback
  }
}

/// Plain listeners in the order they were added, with the rules of ``ListenerList``.
struct ChangeListeners {
  private(set) var items: [ChangeListener] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func add(_ callback: @escaping () throws -> Void) -> ChangeListener {
    let listener = ChangeListener(callback)
    items.append(listener)
    return listener
  }

  mutating func remove(_ listener: ChangeListener) {
    listener.callback = nil
    if let index = items.firstIndex(where: { $0 === listener }) {
      items.remove(at: index)
    }
  }

  /// The callback of the listener at `index` of `snapshot`, read in place: the snapshot keeps
  /// the listener alive, so it needs no retain and release around the read. Here, not in the
  /// main-actor caller, so that the closure below is not isolated (an isolated one checks the
  /// executor each time it runs).
  @inline(__always)
  static func callback(in snapshot: [ChangeListener], at index: Int) -> (() throws -> Void)? {
    Unmanaged.passUnretained(snapshot[index])._withUnsafeGuaranteedRef { $0.callback }
  }

  mutating func removeAll() {
    guard !items.isEmpty else { return }
    for listener in items { listener.callback = nil }
    items.removeAll()
  }
}
