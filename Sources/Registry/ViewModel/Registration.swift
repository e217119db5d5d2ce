/// What the registry knows about an instance it built: its identity, what it was built with,
/// and the bindings holding it.
/// A class, not a struct: it is read on every bind and release, and copying a struct of
/// existentials and arrays costs more than the rest of those paths.
final class Registration {
  let identity: InstanceIdentity
  let arg: InstanceArg
  /// Build order in the registry; cached lookups prefer the newest.
  let sequence: UInt64
  /// What happens when the last holder lets go.
  let releasePolicy: ReleasePolicy
  /// The holder whose resolution built the instance, and its type, for key-churn detection.
  let churnSource: ChurnSource
  /// The bindings that hold the instance, in the order they started.
  @exclusivity(unchecked) var holders: [BindingCore] = []
  /// Released, but kept alive by a grace period or its family's pool.
  var isAwaitingDisposal = false

  init(
    identity: InstanceIdentity, arg: InstanceArg, sequence: UInt64, releasePolicy: ReleasePolicy,
    churnSource: ChurnSource
  ) {
    self.identity = identity
    self.arg = arg
    self.sequence = sequence
    self.releasePolicy = releasePolicy
    self.churnSource = churnSource
  }
}
