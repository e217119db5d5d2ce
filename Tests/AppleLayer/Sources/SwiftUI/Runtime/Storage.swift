// Not part of Apple's SwiftUI: the storage behind the stand-in property wrappers, as the
// `ViewRuntime` binds it to view identities.

import Foundation

/// A location that a mounted view bound to storage; unbound when the view is removed.
protocol UnbindableLocation: AnyObject {
  func unbind()
}

/// Where a `State` reads and writes: its own initial value until bound, then the box kept for
/// the view's identity.
final class StateLocation<Value>: UnbindableLocation {
  /// This view value's initial value; after binding, used only to create the box (when this
  /// view value is the first at its identity) or discarded.
  let initialValue: Value
  var box: StateBox<Value>?

  init(_ initialValue: Value) {
    self.initialValue = initialValue
  }

  var value: Value {
    get {
      if let box { return box.value }
      return initialValue
    }
    set {
      // Writes to a state not installed in a mounted view are dropped, as in SwiftUI.
      box?.set(newValue)
    }
  }

  func unbind() { box = nil }
}

/// The value of one `@State` at one view identity.
final class StateBox<Value> {
  private(set) var value: Value
  let invalidator: Invalidator
  let slot: String

  init(_ value: Value, invalidator: Invalidator, slot: String) {
    self.value = value
    self.invalidator = invalidator
    self.slot = slot
  }

  func set(_ newValue: Value) {
    value = newValue
    invalidator.invalidate(.state(slot: slot))
  }
}

/// Where an `Environment` reads: the environment of the view's position, once bound.
final class EnvironmentLocation<Value>: UnbindableLocation {
  let keyPath: KeyPath<EnvironmentValues, Value>
  var values: EnvironmentValues?

  init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    self.keyPath = keyPath
  }

  var value: Value { (values ?? EnvironmentValues())[keyPath: keyPath] }

  func unbind() { values = nil }
}

/// Where a `StateObject` reads: the object made once for the view's identity, once bound.
final class StateObjectLocation<ObjectType: ObservableObject>: UnbindableLocation {
  let thunk: () -> ObjectType
  var box: StateObjectBox<ObjectType>?

  init(_ thunk: @escaping () -> ObjectType) {
    self.thunk = thunk
  }

  /// Unbound (not installed in a mounted view), every read makes a new object, as SwiftUI does
  /// (with a runtime warning).
  var object: ObjectType { box?.object ?? thunk() }

  func unbind() { box = nil }
}

/// The object of one `@StateObject` at one view identity, and the view's subscription to it.
final class StateObjectBox<ObjectType: ObservableObject> {
  let object: ObjectType
  var subscription: AnyCancellable?

  init(_ object: ObjectType) {
    self.object = object
  }
}

/// One `@ObservedObject`'s subscription at one view identity, for the object it last saw.
final class ObservedObjectBox {
  let objectID: ObjectIdentifier
  var subscription: AnyCancellable?

  init(objectID: ObjectIdentifier) {
    self.objectID = objectID
  }
}

/// Why a node was invalidated.
enum InvalidationReason: Sendable {
  case state(slot: String)
  case observation
  case objectWillChange(type: String)
}

/// Invalidates one node; safe to call from any thread (Observation's `onChange` and Combine
/// sends can come from anywhere).
struct Invalidator: Sendable {
  let signal: RuntimeSignal
  let nodeID: Int
  let path: String

  func invalidate(_ reason: InvalidationReason) {
    signal.invalidate(nodeID, path: path, reason: reason)
  }
}

/// What the runtime shares with invalidation sources: which body or `update()` is running (and
/// on which thread), the invalidated nodes, and the violations recorded.
final class RuntimeSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var running: [(what: String, thread: ObjectIdentifier)] = []
  private var pendingOrder: [Int] = []
  private var pending: Set<Int> = []
  private var recorded: [String] = []

  var violations: [String] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  func enter(_ what: String) {
    let thread = ObjectIdentifier(Thread.current)
    lock.lock()
    running.append((what, thread))
    lock.unlock()
  }

  func leave() {
    lock.lock()
    running.removeLast()
    lock.unlock()
  }

  func record(_ violation: String) {
    lock.lock()
    recorded.append(violation)
    lock.unlock()
  }

  func invalidate(_ nodeID: Int, path: String, reason: InvalidationReason) {
    let thread = ObjectIdentifier(Thread.current)
    lock.lock()
    if let current = running.last, current.thread == thread {
      switch reason {
      case .state(let slot):
        recorded.append(
          "Modifying state during view update: \(slot) of \(path) written while \(current.what)"
            + " was running")
      case .observation:
        recorded.append(
          "Publishing changes from within view updates: an observed change invalidated \(path)"
            + " while \(current.what) was running")
      case .objectWillChange(let type):
        recorded.append(
          "Publishing changes from within view updates: objectWillChange of \(type) (observed by"
            + " \(path)) sent while \(current.what) was running")
      }
    }
    if pending.insert(nodeID).inserted { pendingOrder.append(nodeID) }
    lock.unlock()
  }

  func clear(_ nodeID: Int) {
    lock.lock()
    if pending.remove(nodeID) != nil { pendingOrder.removeAll { $0 == nodeID } }
    lock.unlock()
  }

  func takePending() -> [Int] {
    lock.lock()
    defer {
      pending.removeAll()
      pendingOrder.removeAll()
      lock.unlock()
    }
    return pendingOrder
  }

  var pendingCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return pending.count
  }
}
