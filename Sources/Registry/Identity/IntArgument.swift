/// An `Int` argument as the key of a family's caches: hashed by one mixing step over its bits
/// and the table's seed, where `Int`'s own hash runs a `Hasher` (about 90 instructions, on a
/// view's every render of `userSpec(id)` or `watch(userSpec, id)`, and twice on a new
/// argument's build).
///
/// The mix is the finalizer of MurmurHash3 (`InstanceIdentity` hashes the same way): every bit
/// of the argument and of the seed reaches every bit of the hash, so a table's buckets spread
/// as they do under `Hasher`. Only the caches use it: an instance's identity still hashes the
/// argument as `AnyHashable` does, so that a spec keyed by the same value names the same
/// instance.
@usableFromInline
struct IntArgument: Hashable {
  @usableFromInline let value: Int

  @inlinable
  init(_ value: Int) {
    self.value = value
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }

  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    var bits = UInt64(UInt(bitPattern: value ^ seed))
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits)
  }
}
