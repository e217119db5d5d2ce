/// What makes two resolutions the same instance: the view-model type and its key.
///
/// Keyed instances are shared registry-wide. Private (unkeyed) instances are identified by the
/// spec object, or by the spec family and argument, and are only ever stored in the table of the
/// binding that holds them.
struct InstanceIdentity: Hashable {
  let type: ObjectIdentifier
  /// The key, boxed so that an identity is three words and copies with one retain, and shared
  /// by every copy: a probe that meets its own copy is equal on the box's address, without
  /// comparing `AnyHashable` keys (thousands of instructions: generic metadata lookups).
  private let box: KeyBox
  /// `type` and `key` hashed once: a lookup hashes one word, and a probe that meets another
  /// identity almost always tells them apart without comparing keys.
  let keyHash: Int

  /// What an identity's key lives in: a box of its own, or, for a spec's shared identity, the
  /// spec's values, which hold the key already, so that the identity allocates nothing.
  ///
  /// Equal boxes make equal identities: a spec's values are the box of its shared identity
  /// only, and every spec that has those values is of one type with one key (a proxy that
  /// supplies only a builder keeps the spec's values; values for another lifetime are new).
  class KeyBox {
    let isShared: Bool

    init(isShared: Bool) {
      self.isShared = isShared
    }

    /// The key; each kind of box overrides it.
    var instanceKey: InstanceKey {
      preconditionFailure("a key box's subclass gives its key")
    }

    /// Whether two boxes hold equal keys: the last test of `==`, rarely reached. Not inlined,
    /// and handed its own references: a caller that compared keys it reads in place (an
    /// identity in a binding's table) would otherwise copy the whole table first, on every call,
    /// to keep what it reads alive across the comparison.
    @inline(never)
    static func keysEqual(_ lhs: consuming KeyBox, _ rhs: consuming KeyBox) -> Bool {
      lhs.instanceKey == rhs.instanceKey
    }
  }

  /// A box of an identity's own.
  final class StoredKeyBox: KeyBox {
    let key: InstanceKey

    init(_ key: InstanceKey) {
      let isShared: Bool
      if case .shared = key { isShared = true } else { isShared = false }
      self.key = key
      super.init(isShared: isShared)
    }

    override var instanceKey: InstanceKey { key }
  }

  init(type: ObjectIdentifier, key: InstanceKey) {
    self.type = type
    keyHash = Self.hash(type: type, key: key)
    box = StoredKeyBox(key)
  }

  /// The shared identity of a spec with `values`, boxed in them; `nil` when they have no key.
  init?(type: ObjectIdentifier, sharedBy values: InstanceArg.Values) {
    guard let key = values.key else { return nil }
    self.type = type
    keyHash = Self.hash(type: type, key: .shared(key))
    box = values
  }

  /// The hash of an identity: the same for every identity of `type` and `key`, however boxed.
  private static func hash(type: ObjectIdentifier, key: borrowing InstanceKey) -> Int {
    var hasher = Hasher()
    hasher.combine(type)
    hasher.combine(key)
    return hasher.finalize()
  }

  var key: InstanceKey { box.instanceKey }

  /// This identity without a count on its key box, for a place that the identity it was made
  /// from always outlives (a frame of the build stack, popped before its builder returns): no
  /// retain when it is made, no release when it goes.
  var unretained: Unretained { Unretained(type: type, box: box, keyHash: keyHash) }

  /// An identity whose key box is not counted; see ``unretained``.
  struct Unretained {
    let type: ObjectIdentifier
    /// Alive while the identity it was made from is, which outlives this value.
    unowned(unsafe) let box: KeyBox
    let keyHash: Int

    var key: InstanceKey { box.instanceKey }

    /// Whether this is `identity`: the same test as `==` between identities.
    func names(_ identity: InstanceIdentity) -> Bool {
      box === identity.box
        || (keyHash == identity.keyHash && type == identity.type
          && KeyBox.keysEqual(box, identity.box))
    }
  }

  /// The identity under which a binding holds a private instance it did not build.
  static func borrowing(_ viewModel: AnyObject) -> InstanceIdentity {
    InstanceIdentity(
      type: ObjectIdentifier(Swift.type(of: viewModel)), key: .borrowed(ObjectIdentifier(viewModel))
    )
  }

  /// The key box's address: equal for copies of one identity, read without retaining the box.
  var boxAddress: UInt { UInt(bitPattern: ObjectIdentifier(box)) }

  var isShared: Bool { box.isShared }

  static func == (lhs: InstanceIdentity, rhs: InstanceIdentity) -> Bool {
    if lhs.box === rhs.box { return true }
    return lhs.keyHash == rhs.keyHash && lhs.type == rhs.type
      && KeyBox.keysEqual(lhs.box, rhs.box)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(keyHash)
  }

  /// What `Dictionary` and `Set` ask for a bucket: `keyHash`, already a full hash made with the
  /// process's random seed, mixed with the table's seed by a multiply-xorshift finalizer. This
  /// skips the `Hasher` a table would otherwise run over one word on every lookup and insert
  /// (about 150 instructions each, the largest part of a binding's search of its table); equal
  /// identities have equal `keyHash`es, so they land in the same bucket for any seed.
  func _rawHashValue(seed: Int) -> Int {
    var bits = UInt64(UInt(bitPattern: keyHash ^ seed))
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits)
  }
}

enum InstanceKey: Hashable {
  /// One instance per registry for this key.
  case shared(AnyHashable)
  /// One instance per binding for this spec object.
  case privateSpec(ObjectIdentifier)
  /// One instance per binding for this family and (hashable) argument.
  case privateArgument(family: ObjectIdentifier, argument: AnyHashable)
  /// A private instance held by a binding that did not build it (a lookup by tag found it):
  /// named by the instance itself, so that the binding's own resolutions of the spec still
  /// build its own.
  case borrowed(ObjectIdentifier)
}

/// How keys and types read in messages: `UserViewModel(key: "u1")`.
package enum Describe {
  /// A view model's type, or a service's own type for the box that carries it.
  package static func type(_ type: Any.Type) -> String {
    if let box = type as? any ServiceBoxType.Type { return String(describing: box.serviceType) }
    return String(describing: type)
  }

  package static func key(_ key: AnyHashable?) -> String? {
    guard let key else { return nil }
    return String(reflecting: key.base)
  }

  package static func instance(_ type: Any.Type, key: AnyHashable?) -> String {
    named(Describe.type(type), key: Describe.key(key))
  }

  /// `Type(key: …)` or `Type(private)` from names already described.
  package static func named(_ type: String, key: String?) -> String {
    guard let key else { return "\(type)(private)" }
    return "\(type)(key: \(key))"
  }
}
