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
struct HashableArguments<each Value: Hashable>: Hashable {
  let values: (repeat each Value)

  init(_ values: repeat each Value) {
    self.values = (repeat each values)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    for (left, right) in repeat (each lhs.values, each rhs.values) {
      if left != right { return false }
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    for value in repeat each values { hasher.combine(value) }
  }
}
