import Foundation

/// The side table behind `objc_setAssociatedObject`. Not part of Apple's ObjectiveC module.
///
/// Entries are keyed by the owner's `ObjectIdentifier` and hold the owner weakly. The
/// Objective-C runtime releases an object's associations when the object is deallocated; a Swift
/// side table cannot see arbitrary deallocations, so it does two things:
///
/// - Owners that call `_objcOwnerWillDeallocate(_:)` from their `deinit` (the UIKit stand-in's
///   `UIResponder` does, so every view controller and view) release their associations exactly
///   then, after the subclasses' `deinit`s have run, as on Apple platforms.
/// - Every other owner's associations are swept on the next call into the table after the owner
///   is gone (the entry's weak reference reads `nil`), and an identifier reused by a new object
///   never sees the old object's values.
final class AssociationTable: @unchecked Sendable {
  static let shared = AssociationTable()

  private struct Stored {
    /// Strong for the retain and copy policies.
    var strong: Any?
    /// Weak for `OBJC_ASSOCIATION_ASSIGN` when the value is an object.
    weak var weak: AnyObject?

    var value: Any? { strong ?? weak }
  }

  private final class Entry {
    weak var owner: AnyObject?
    var values: [UnsafeRawPointer: Stored] = [:]

    init(owner: AnyObject) {
      self.owner = owner
    }
  }

  private let lock = NSRecursiveLock()
  private var entries: [ObjectIdentifier: Entry] = [:]

  func set(
    _ owner: AnyObject, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
  ) {
    var released: [Any] = []
    lock.lock()
    released += sweep()
    let id = ObjectIdentifier(owner)
    let entry: Entry
    if let existing = entries[id], existing.owner === owner {
      entry = existing
    } else {
      if let stale = entries[id] { released.append(stale.values) }
      entry = Entry(owner: owner)
      entries[id] = entry
    }
    if let old = entry.values[key] { released.append(old) }
    if let value {
      var stored = Stored()
      switch policy {
      case .OBJC_ASSOCIATION_ASSIGN:
        stored.weak = value as AnyObject
      case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
        stored.strong = value
      case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
        stored.strong = (value as? NSCopying)?.copy(with: nil) ?? value
      }
      entry.values[key] = stored
    } else {
      entry.values[key] = nil
    }
    lock.unlock()
    released.removeAll()
  }

  func get(_ owner: AnyObject, _ key: UnsafeRawPointer) -> Any? {
    var released: [Any] = []
    lock.lock()
    released += sweep()
    let id = ObjectIdentifier(owner)
    let value = entries[id].flatMap { $0.owner === owner ? $0.values[key]?.value : nil }
    lock.unlock()
    released.removeAll()
    return value
  }

  func removeAll(_ id: ObjectIdentifier) {
    lock.lock()
    let removed = entries.removeValue(forKey: id)
    lock.unlock()
    // Released here, outside the lock.
    _ = removed
  }

  /// Drops the entries whose owner is gone; returns them so they are released unlocked.
  private func sweep() -> [Any] {
    let dead = entries.filter { $0.value.owner == nil }
    for id in dead.keys { entries[id] = nil }
    return Array(dead.values)
  }
}

/// Releases `object`'s associations now. Not part of Apple's ObjectiveC module: owners call it
/// from `deinit`, standing in for the runtime's release of associations at deallocation.
public func _objcOwnerWillDeallocate(_ object: AnyObject) {
  AssociationTable.shared.removeAll(ObjectIdentifier(object))
}
