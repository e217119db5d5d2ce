/// Where a family-made spec came from: the family and the argument. It builds the instance,
/// makes the spec again from a proxy family, and — as the spec's values — carries the key, tag
/// and lifetime made from the argument, so that all of it is one object.
class SpecOrigin<VM: ViewModel>: InstanceArg.Values {
  /// The re-render lookup's memo when the argument is resolved without a spec (see
  /// ``ViewModelSpec``'s, which it is): the table generation the instance was found at, with
  /// its lowest bit set when watched, and the instance. Here, not in the generic subclass, so
  /// that their offsets do not depend on the argument's type.
  var memoStamp: UInt64 = 0
  @exclusivity(unchecked) unowned(unsafe) var memoViewModel: ViewModel? = nil

  init(
    key: consuming AnyHashable?, rawKeyHash: Int?, tagBox: InstanceArg.TagBox?,
    aliveForever: Bool, releasePolicy: ReleasePolicy?
  ) {
    super.init(
      key: consume key, tagBox: tagBox, aliveForever: aliveForever,
      releasePolicy: releasePolicy, instanceType: ObjectIdentifier(VM.self),
      rawKeyHash: rawKeyHash)
  }

  /// The family the caller named: a proxy on it applies. Read from the family's token, which
  /// the origin keeps anyway, rather than stored: a word less per family instance, which keeps
  /// an origin within its allocation block with the memo above.
  var familyID: ObjectIdentifier {
    preconditionFailure("FamilyArgument overrides this")
  }

  /// What a proxy on this argument's spec is installed under: the family and the argument's
  /// key, shared by every spec the family makes for that argument; `nil` for an argument that
  /// is not `Hashable`, or not equal to itself, whose spec is named by its own object.
  var proxyKey: ProxyKey? {
    preconditionFailure("FamilyArgument overrides this")
  }

  /// Builds the instance for the argument.
  @MainActor
  func build() throws -> VM {
    preconditionFailure("FamilyArgument overrides this")
  }

  /// The spec `proxyFamily` makes for the argument, when it is a family of the same kind.
  @MainActor
  func remake(_ proxyFamily: AnyObject) -> ViewModelSpec<VM>? {
    preconditionFailure("FamilyArgument overrides this")
  }
}
