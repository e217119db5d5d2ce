/// What happens when an instance's last holder lets go (and it is not `aliveForever`), when that
/// is anything but disposing it at once: `nil` stands for "at once" wherever a policy is stored.
/// A spec makes its policy once; every instance it builds refers to the same object.
final class ReleasePolicy: Sendable {
  /// Wait this long before disposing; acquiring it again meanwhile keeps the same instance.
  let disposeDelay: Duration?
  /// Keep up to `capacity` released instances of one family alive, least recently used
  /// disposed first.
  let keepReleased: (family: ObjectIdentifier, capacity: Int)?

  /// The policy, or `nil` when there is nothing to wait for.
  init?(disposeDelay: Duration?, keepReleased: (family: ObjectIdentifier, capacity: Int)? = nil) {
    guard disposeDelay != nil || keepReleased != nil else { return nil }
    self.disposeDelay = disposeDelay
    self.keepReleased = keepReleased
  }
}
