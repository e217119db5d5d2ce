/// The key of a multi-argument spec whose arguments are all `Hashable`: the arguments in order.
struct ArgumentKey: Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  let parts: [AnyHashable]

  /// The parts as one key, or nil when any argument is not `Hashable`.
  init?(_ values: Any...) {
    var parts: [AnyHashable] = []
    parts.reserveCapacity(values.count)
    for value in values {
      guard let part = value as? AnyHashable else { return nil }
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

/// Two `Hashable` arguments as one cache key.
struct HashableArguments2<A: Hashable, B: Hashable>: Hashable {
  let a: A
  let b: B

  init(_ a: A, _ b: B) {
    self.a = a
    self.b = b
  }
}

/// Three `Hashable` arguments as one cache key.
struct HashableArguments3<A: Hashable, B: Hashable, C: Hashable>: Hashable {
  let a: A
  let b: B
  let c: C

  init(_ a: A, _ b: B, _ c: C) {
    self.a = a
    self.b = b
    self.c = c
  }
}

/// Four `Hashable` arguments as one cache key.
struct HashableArguments4<A: Hashable, B: Hashable, C: Hashable, D: Hashable>: Hashable {
  let a: A
  let b: B
  let c: C
  let d: D

  init(_ a: A, _ b: B, _ c: C, _ d: D) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }
}
