// Stand-in for Apple's ObjectiveC module: associated objects only, for code that stores values
// on `NSObject`s. Apple's module declares `NSObject` and `NSObjectProtocol` but does not
// re-export Foundation; here they live in Foundation, so exactly those two are re-exported, and a
// file that imports only ObjectiveC does not see the rest of Foundation, as on Apple platforms.
import Foundation

@_exported import class Foundation.NSObject
@_exported import protocol Foundation.NSObjectProtocol

// Apple's names, kept as they are.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Policies related to associative references.
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
  /// A weak reference to the associated object (`unsafe_unretained` on Apple platforms; weak
  /// here, so a dangling read returns `nil` instead of crashing).
  case OBJC_ASSOCIATION_ASSIGN = 0
  /// A strong reference to the associated object; the association is not made atomically.
  case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
  /// The associated object is copied; the association is not made atomically.
  case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
  /// A strong reference to the associated object; the association is made atomically.
  case OBJC_ASSOCIATION_RETAIN = 769
  /// The associated object is copied; the association is made atomically.
  case OBJC_ASSOCIATION_COPY = 771
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Sets an associated value for a given object using a given key and association policy.
///
/// Pass `nil` to clear an existing association. The value replaced (or cleared) is released
/// after the table's lock is dropped, so its `deinit` may use associations itself.
public func objc_setAssociatedObject(
  _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
  AssociationTable.shared.set(owner(object), key, value, policy)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Returns the value associated with a given object for a given key.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
  AssociationTable.shared.get(owner(object), key)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Removes all associations for a given object.
public func objc_removeAssociatedObjects(_ object: Any) {
  AssociationTable.shared.removeAll(ObjectIdentifier(owner(object)))
}

private func owner(_ object: Any) -> AnyObject {
  let mirror = Mirror(reflecting: object)
  precondition(
    mirror.displayStyle == .class, "associated objects need a class instance, got \(object)")
  return object as AnyObject
}
