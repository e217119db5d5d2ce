extension InstanceArg {
  /// Key, tag and lifetime, shared: a spec makes them once, every instance it builds and every
  /// hook's argument refer to the same object, so a copy is one retain. Equality and hashing are
  /// by value, never by this object. Not final: a family's spec origin is its own values. A key
  /// box: the spec's shared identity keeps its key here rather than in a box of its own.
  class Values: InstanceIdentity.KeyBox {
    // Declared first, so that it sits next to the box's flag: the values stay 104 bytes.
    let aliveForever: Bool
    let key: AnyHashable?
    let tag: AnyHashable?

    init(key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool) {
      self.key = key
      self.tag = tag
      self.aliveForever = aliveForever
      super.init(isShared: true)
    }

    /// The key of the shared identity these values are the box of: only values with a key are.
    override var instanceKey: InstanceKey { .shared(key!) }

    /// The same values, but `aliveForever` as given: this object when it already is.
    func with(aliveForever: Bool) -> Values {
      aliveForever == self.aliveForever
        ? self : Values(key: key, tag: tag, aliveForever: aliveForever)
    }
  }
}
