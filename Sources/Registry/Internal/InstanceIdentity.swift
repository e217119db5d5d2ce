/// What makes two resolutions the same instance: the view-model type and its key.
///
/// Keyed instances are shared registry-wide. Private (unkeyed) instances are identified by the
/// spec object, or by the spec family and argument, and are only ever stored in the table of the
/// binding that holds them.
struct InstanceIdentity: Hashable {
  let type: ObjectIdentifier
  let key: InstanceKey

  var isShared: Bool {
    if case .shared = key { return true }
    return false
  }
}

enum InstanceKey: Hashable {
  /// One instance per registry for this key.
  case shared(AnyHashable)
  /// One instance per binding for this spec object.
  case privateSpec(ObjectIdentifier)
  /// One instance per binding for this family and (hashable) argument.
  case privateArgument(family: ObjectIdentifier, argument: AnyHashable)
}

/// How keys and types read in messages: `UserViewModel(key: "u1")`.
enum Describe {
  static func type(_ type: Any.Type) -> String { String(describing: type) }

  static func key(_ key: AnyHashable?) -> String? {
    guard let key else { return nil }
    return String(reflecting: key.base)
  }

  static func instance(_ type: Any.Type, key: AnyHashable?) -> String {
    guard let key = Describe.key(key) else { return "\(Describe.type(type))(private)" }
    return "\(Describe.type(type))(key: \(key))"
  }
}
