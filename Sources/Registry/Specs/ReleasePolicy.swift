/// What happens when an instance's last holder lets go (and it is not `aliveForever`).
struct ReleasePolicy {
  /// Wait this long before disposing; acquiring it again meanwhile keeps the same instance.
  var disposeDelay: Duration?
  /// Keep up to `capacity` released instances of one family alive, least recently used
  /// disposed first.
  var keepReleased: (family: ObjectIdentifier, capacity: Int)?

  static let immediate = ReleasePolicy()

  var isImmediate: Bool { disposeDelay == nil && keepReleased == nil }
}
