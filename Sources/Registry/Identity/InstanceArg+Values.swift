extension InstanceArg {
  /// Key, tag and lifetime, shared: a spec makes them once, every instance it builds and every
  /// hook's argument refer to the same object, so a copy is one retain. Equality and hashing are
  /// by value, never by this object. Not final: a family's spec origin is its own values. A key
  /// box: the spec's shared identity keeps its key here rather than in a box of its own.
  class Values: InstanceIdentity.KeyBox {
    // Declared first, so that it sits next to the box's flags: the values are 88 bytes, in the
    // allocator's 96-byte block.
    let aliveForever: Bool
    /// The key as given; none with a key when the values are an origin that makes it from its
    /// argument when asked (see ``madeKey``).
    private let storedKey: StoredHashable
    /// The key: of the spec, and of the shared identity these values are the box of.
    var key: AnyHashable? {
      switch storedKey {
      case .value(let key): key
      case .none: madeKey
      }
    }
    /// The key of values that store none but are keyed: a family's origin keyed by its argument,
    /// whose hash was made from the argument itself, makes the key only when something asks
    /// for it (a message, a hook's argument, a lookup by key that meets it). `nil` here.
    var madeKey: AnyHashable? { nil }
    /// The tag, boxed when there is one: most specs have none, and an empty `AnyHashable?` costs
    /// 40 bytes and a destroy through its value witnesses (about 70 instructions) where an empty
    /// reference costs a word and nothing.
    private let tagBox: TagBox?
    var tag: AnyHashable? { tagBox?.tag }
    /// What happens when the last holder lets go; `nil`: it is disposed at once. Here, not in
    /// each instance's record: every instance a spec builds has its spec's policy, and the values
    /// had room for it within their allocation block.
    let releasePolicy: ReleasePolicy?

    /// Values for the instances of `instanceType`, the type of the spec that has them: the box
    /// of that spec's shared identity. Without a type (an ``InstanceArg`` made by hand), they
    /// are no identity's box.
    ///
    /// `rawKeyHash`, when given, is the key's own raw hash (seed 0), already made by a caller
    /// that knows the key's type (``ViewModelSpecWithArg/rawKeyHash(_:)``); only with a key,
    /// which is `nil` only in an origin that makes it when asked (``madeKey``).
    init(
      key: AnyHashable?, tagBox: TagBox?, aliveForever: Bool, releasePolicy: ReleasePolicy?,
      instanceType: ObjectIdentifier, rawKeyHash knownRawKeyHash: Int? = nil
    ) {
      // Hashed now, once per spec, for the shared identity these values are the box of; in
      // place, before the key moves into its property: a copy of the key, and its release,
      // would be calls through its value witnesses.
      // The key is not tested for `nil` when its hash is given: the test copies it.
      let rawKeyHash: Int?
      if let knownRawKeyHash {
        rawKeyHash = knownRawKeyHash
      } else {
        rawKeyHash = key?._rawHashValue(seed: 0)
      }
      self.storedKey = StoredHashable(consume key)
      self.tagBox = tagBox
      self.aliveForever = aliveForever
      self.releasePolicy = releasePolicy
      super.init(
        instanceType: instanceType,
        keyHash: rawKeyHash.map {
          InstanceIdentity.sharedHash(type: instanceType, rawKeyHash: $0)
        } ?? 0,
        isShared: rawKeyHash != nil)
    }

    /// Values with `tag`, boxed when there is one.
    convenience init(
      key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool, releasePolicy: ReleasePolicy?,
      instanceType: ObjectIdentifier
    ) {
      self.init(
        key: key, tagBox: TagBox(tag), aliveForever: aliveForever, releasePolicy: releasePolicy,
        instanceType: instanceType)
    }

    /// The type of values that name no instances: no view model is of this type.
    static var noInstanceType: ObjectIdentifier { ObjectIdentifier(Values.self) }

    /// The key of the shared identity these values are the box of: only values with a key are.
    override var instanceKey: InstanceKey { .shared(key!) }

    /// The same values, but `aliveForever` as given: this object when it already is.
    func with(aliveForever: Bool) -> Values {
      aliveForever == self.aliveForever
        ? self
        : Values(
          key: key, tagBox: tagBox, aliveForever: aliveForever, releasePolicy: releasePolicy,
          instanceType: instanceType)
    }
  }

  /// An `AnyHashable?` as the objects made per argument keep it (a family's origin, as
  /// ``Values/key``, and its spec, as ``ViewModelSpec/inputs``): an enum of the package's own.
  /// Destroying an empty `Optional<AnyHashable>` goes through the runtime's generic value
  /// witnesses (about 60 instructions per object freed); this enum is destroyed by code the
  /// compiler writes for it, which tests the case inline. Declared in this file, beside the
  /// values' class: declared in a file of its own, it was destroyed through its witnesses too.
  enum StoredHashable {
    case none
    case value(AnyHashable)

    /// `value`, moved in.
    init(_ value: consuming AnyHashable?) {
      switch consume value {
      case .some(let value): self = .value(value)
      case .none: self = .none
      }
    }

    /// The value as an `AnyHashable?`.
    var value: AnyHashable? {
      switch self {
      case .value(let value): value
      case .none: nil
      }
    }
  }

  /// A spec's tag, in a box of its own: see ``Values/tag``.
  final class TagBox {
    let tag: AnyHashable

    init(_ tag: AnyHashable) {
      self.tag = tag
    }

    /// A box for `tag`; `nil` when there is none.
    convenience init?(_ tag: AnyHashable?) {
      guard let tag else { return nil }
      self.init(tag)
    }
  }
}
