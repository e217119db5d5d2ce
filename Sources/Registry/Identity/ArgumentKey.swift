/// The key of a family of several arguments whose arguments are all `Hashable`: the arguments in
/// order.
struct ArgumentKey: Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  let parts: [AnyHashable]

  /// The arguments as one key, or `nil` when any of them is not `Hashable`.
  init?<each Value>(_ values: repeat each Value) {
    var parts: [AnyHashable] = []
    for value in repeat each values {
      guard let part = hashableKey(value) else { return nil }
      parts.append(part)
    }
    self.parts = parts
  }

  var description: String {
    "(" + parts.map { String(reflecting: $0.base) }.joined(separator: ", ") + ")"
  }

  var debugDescription: String { description }
}

/// The argument itself as a key, when its type is `Hashable`.
func hashableKey(_ value: Any) -> AnyHashable? {
  value as? AnyHashable
}

/// `Hashable` arguments as one key of a family's spec cache, compared and hashed argument by
/// argument, without boxing them.
@usableFromInline
struct HashableArguments<each Value: Hashable>: Hashable {
  @usableFromInline let values: (repeat each Value)

  @inlinable
  init(_ values: repeat each Value) {
    self.values = (repeat each values)
  }

  // Pack expansions rather than `for … in repeat`: specialized for the caller's types, an
  // expansion is unrolled into direct calls, where the loop still called each element's `==`
  // and `hash(into:)` through its witness table and copied it through its value witnesses.

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    var equal = true
    repeat equal = equal && each lhs.values == each rhs.values
    return equal
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    repeat hasher.combine(each values)
  }
}
