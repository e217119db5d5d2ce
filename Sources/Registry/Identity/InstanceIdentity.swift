/// What makes two resolutions the same instance: the view-model type and its key.
///
/// Keyed instances are shared registry-wide. Private (unkeyed) instances are identified by the
/// spec object, or by the spec family and argument, and are only ever stored in the table of the
/// binding that holds them.
struct InstanceIdentity: Hashable {
  /// The type, the key and their hash, boxed so that an identity is one word and copies with
  /// one retain, and shared by every copy: a probe that meets its own copy is equal on the
  /// box's address, without comparing `AnyHashable` keys (thousands of instructions: generic
  /// metadata lookups). One word, not three with the type and the hash beside the box: every
  /// live instance has its identity in its record, in the store's table when it is shared, and
  /// in the table of each binding that holds it (21 bytes a word per instance at 100,000,
  /// Benchmarks/README.md). A probe that meets another identity reads that one's box for its
  /// hash, which a lookup that finds its own copy never does.
  private let box: KeyBox

  /// `type` and `key` hashed once, kept in the box: a lookup hashes one word, and a probe that
  /// meets another identity almost always tells them apart without comparing keys.
  var keyHash: Int { Int(box.keyHash) }

  /// The view-model type the identity names, kept in its box.
  var type: ObjectIdentifier { box.instanceType }

  /// What an identity's key lives in: a box of its own, or, for a spec's shared identity, the
  /// spec's values, which hold the key already, so that the identity allocates nothing.
  ///
  /// Equal boxes make equal identities: a spec's values are the box of its shared identity
  /// only, and every spec that has those values is of one type with one key (a proxy that
  /// supplies only a builder keeps the spec's values; values for another lifetime are new).
  class KeyBox {
    /// The view-model type of the identities this box is the key of. For values that are no
    /// identity's box (an ``InstanceArg`` made by hand), the values' own type, which names none.
    /// First, so that the hash and the two flags after it leave the rest of their word to a
    /// subclass.
    let instanceType: ObjectIdentifier
    /// The identity's hash (``InstanceIdentity/hash(type:key:)``), cut to 32 bits so that it
    /// shares a word with the flags: a spec's values then stay within their allocation block.
    /// Equal identities have equal hashes; unequal ones meet on 32 bits one time in 2^32, and
    /// are then told apart by their keys.
    let keyHash: UInt32
    /// Whether the key is shared registry-wide; for values, whether they have a key (only
    /// values with one are ever an identity's box).
    let isShared: Bool
    /// The key is this box itself (a spec's private identity, ``SpecKeyBox``): every identity
    /// that names it keeps it, so its address cannot be reused while one does.
    let namesItself: Bool

    init(instanceType: ObjectIdentifier, keyHash: Int, isShared: Bool, namesItself: Bool = false) {
      self.isShared = isShared
      self.namesItself = namesItself
      self.instanceType = instanceType
      self.keyHash = UInt32(truncatingIfNeeded: keyHash)
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
      lhs.instanceType == rhs.instanceType && lhs.instanceKey == rhs.instanceKey
    }
  }

  /// A box of an identity's own.
  final class StoredKeyBox: KeyBox {
    let key: InstanceKey

    init(_ key: InstanceKey, instanceType: ObjectIdentifier) {
      let isShared: Bool
      if case .shared = key { isShared = true } else { isShared = false }
      self.key = key
      super.init(
        instanceType: instanceType, keyHash: InstanceIdentity.hash(type: instanceType, key: key),
        isShared: isShared)
    }

    override var instanceKey: InstanceKey { key }
  }

  /// The box of a spec's private identity: the key is the box, so one is made per spec, in the
  /// spec's `init` (before the spec object could name it), and the identity needs nothing else
  /// kept alive to stay unique.
  final class SpecKeyBox: KeyBox {
    /// Hashed by `seed`, an object's address: the box's own is not known before it is made, and
    /// the hash of an identity equal only to itself needs only to be spread, not unique.
    init(instanceType: ObjectIdentifier, hashedBy seed: ObjectIdentifier) {
      super.init(
        instanceType: instanceType,
        keyHash: InstanceIdentity.hash(
          type: instanceType, kind: 2,
          part: Int(bitPattern: UInt(bitPattern: seed))),
        isShared: false, namesItself: true)
    }

    override var instanceKey: InstanceKey { .privateSpec(ObjectIdentifier(self)) }
  }

  init(type: ObjectIdentifier, key: InstanceKey) {
    box = StoredKeyBox(key, instanceType: type)
  }

  /// A new private identity of `type`, named by a box of its own: the identity of one spec's
  /// instances, one per binding. `seed` is the address of any object alive now (the spec's
  /// values): it spreads the hash.
  init(privateTo type: ObjectIdentifier, hashedBy seed: ObjectIdentifier) {
    box = SpecKeyBox(instanceType: type, hashedBy: seed)
  }

  /// The shared identity of a spec with `values`, boxed in them; `nil` when they have no key.
  init?(type: ObjectIdentifier, sharedBy values: InstanceArg.Values) {
    // Values are made for the type of the spec that has them, and hashed for it; any other type
    // (values made by hand, never a spec's) gets a box of its own. Values are shared when they
    // have a key: asked so, the key is not copied (calls through its value witnesses).
    guard values.instanceType == type else {
      guard let key = values.key else { return nil }
      box = StoredKeyBox(.shared(key), instanceType: type)
      return
    }
    guard values.isShared else { return nil }
    box = values
  }

  /// The hash of a shared identity of `type` whose key's raw hash (seed 0) is `rawKeyHash`:
  /// what values made for `type` keep.
  static func sharedHash(type: ObjectIdentifier, rawKeyHash: Int) -> Int {
    hash(type: type, kind: sharedKind, part: rawKeyHash)
  }

  /// The hash of an identity: the same for every identity of `type` and `key`, however boxed.
  /// Made of the key's own raw hash (seeded per process, as every `Hasher` is) or an object's
  /// address, mixed with the type and the kind of key by a finalizer that spreads every bit:
  /// the build stack's buckets use its low bits as they are. Running a `Hasher` over the type
  /// and the whole key instead cost about 940 instructions for an `Int` key, 9% of an argument
  /// build.
  fileprivate static func hash(type: ObjectIdentifier, key: InstanceKey) -> Int {
    switch key {
    case .shared(let key):
      return hash(type: type, kind: sharedKind, part: key._rawHashValue(seed: 0))
    case .privateSpec(let spec):
      return hash(type: type, kind: 2, part: Int(bitPattern: UInt(bitPattern: spec)))
    case .privateArgument(let family, let argument):
      let familyBits = spread(UInt64(UInt(bitPattern: family)))
      return hash(
        type: type, kind: 3,
        part: argument._rawHashValue(seed: 0) ^ Int(truncatingIfNeeded: familyBits))
    case .borrowed(let instance):
      return hash(type: type, kind: 4, part: Int(bitPattern: UInt(bitPattern: instance)))
    }
  }

  /// The kind of key a shared identity has, in its hash.
  private static var sharedKind: UInt64 { 1 }

  /// `part`, the hash of a key of one `kind` (or the address that is its key), with `type`.
  fileprivate static func hash(type: ObjectIdentifier, kind: UInt64, part: Int) -> Int {
    let typeBits = UInt64(UInt(bitPattern: type)) &* 0x9e37_79b9_7f4a_7c15
    return Int(truncatingIfNeeded: spread(UInt64(UInt(bitPattern: part)) ^ typeBits ^ kind))
  }

  /// The finalizer of MurmurHash3: every input bit reaches every output bit.
  private static func spread(_ value: UInt64) -> UInt64 {
    var bits = value
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits >> 33
    return bits
  }

  var key: InstanceKey { box.instanceKey }

  /// This identity without a count on its key box, for a place that the identity it was made
  /// from always outlives (a frame of the build stack, popped before its builder returns): no
  /// retain when it is made, no release when it goes.
  var unretained: Unretained { Unretained(box: box, keyHash: keyHash) }

  /// An identity whose key box is not counted; see ``unretained``.
  struct Unretained {
    /// Alive while the identity it was made from is, which outlives this value.
    unowned(unsafe) let box: KeyBox
    let keyHash: Int

    var type: ObjectIdentifier { box.instanceType }

    var key: InstanceKey { box.instanceKey }

    /// Whether this is `identity`: the same test as `==` between identities.
    func names(_ identity: InstanceIdentity) -> Bool {
      box === identity.box
        || (keyHash == identity.keyHash && KeyBox.keysEqual(box, identity.box))
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

  /// Whether a binding that holds an instance under this identity must keep what made it alive
  /// (its spec): a private key made of an object's identifier (a family's token) stays unique
  /// only while that object lives. A shared key is a value, and a spec's private identity keeps
  /// its own box.
  var needsAnchor: Bool { !box.isShared && !box.namesItself }

  static func == (lhs: InstanceIdentity, rhs: InstanceIdentity) -> Bool {
    if lhs.box === rhs.box { return true }
    return lhs.keyHash == rhs.keyHash && KeyBox.keysEqual(lhs.box, rhs.box)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(keyHash)
  }

  /// What `Dictionary` and `Set` ask for a bucket: `keyHash`, already a spread hash made with
  /// the process's random seed (32 bits of it), mixed with the table's seed by a
  /// multiply-xorshift finalizer that spreads them over the whole word. This
  /// skips the `Hasher` a table would otherwise run over one word on every lookup and insert
  /// (about 150 instructions each, the largest part of a binding's search of its table); equal
  /// identities have equal `keyHash`es, so they land in the same bucket for any seed.
  func _rawHashValue(seed: Int) -> Int {
    Int(truncatingIfNeeded: Self.spread(UInt64(UInt(bitPattern: keyHash ^ seed))))
  }
}

enum InstanceKey: Hashable {
  /// One instance per registry for this key.
  case shared(AnyHashable)
  /// One instance per binding for this spec: named by the key box of the spec's private
  /// identity (``InstanceIdentity/SpecKeyBox``).
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
  /// A view model's type, or a service's own type for the box that carries it. Only for
  /// messages and descriptions: describing a type reflects on it, which costs microseconds.
  package static func type(_ type: Any.Type) -> String {
    if let box = type as? any ServiceBoxType.Type { return serviceType(box.serviceType) }
    return String(describing: type)
  }

  /// A service's type as Swift writes it: the runtime names an existential without its `any`
  /// (`NotesStore` for `any NotesStore`, `P & Q` for `any P & Q`), which would read as a
  /// concrete type. An existential's metatype is a `.Protocol`; `Any` and `AnyObject` (and
  /// their metatypes) are written without `any`.
  private static func serviceType(_ type: Any.Type) -> String {
    let name = String(describing: type)
    guard String(describing: Swift.type(of: type)).hasSuffix(".Protocol"),
      !name.hasPrefix("any "), name != "Any", name != "AnyObject", !name.hasPrefix("Any."),
      !name.hasPrefix("AnyObject.")
    else { return name }
    return "any \(name)"
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
