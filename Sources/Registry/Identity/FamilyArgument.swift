/// The origin of a family's spec: the argument, the builder of the family that builds it (the
/// one called, or its proxy) and the token of the family the caller named. It keeps no family:
/// a family keeps its specs in its cache, and a spec that kept its family would keep it alive.
///
/// Resolved without a spec (`binding.watch(userSpec, id)`, for an argument that is its key),
/// it is the whole source: it builds, it is the box of its shared identity, and it carries the
/// re-render lookup's memo.
final class FamilyArgument<VM: ViewModel, Arg>: SpecOrigin<VM> {
  let arg: Arg
  let builder: @MainActor (Arg) throws -> VM
  let identity: FamilyToken<Arg>

  required init(
    _ arg: Arg, build builder: @escaping @MainActor (Arg) throws -> VM,
    identity: FamilyToken<Arg>, key: consuming AnyHashable?, rawKeyHash: Int?,
    tagBox: InstanceArg.TagBox?, aliveForever: Bool, releasePolicy: ReleasePolicy?
  ) {
    self.arg = arg
    self.builder = builder
    self.identity = identity
    // Moved, not copied: each copy of an `AnyHashable?` is a call through its value witnesses.
    super.init(
      key: consume key, rawKeyHash: rawKeyHash, tagBox: tagBox, aliveForever: aliveForever,
      releasePolicy: releasePolicy)
  }

  override var familyID: ObjectIdentifier { ObjectIdentifier(identity) }

  /// Keyed by the argument, with its hash made from the argument itself: the key is made when
  /// something asks for it, not for every new argument (an `AnyHashable` made and destroyed).
  override var madeKey: AnyHashable? { isShared ? identity.argumentKey(arg) : nil }

  override var proxyKey: ProxyKey? {
    // An argument not equal to itself (`Double.nan`) could never be found again by its key: its
    // spec is named by its own object, as the cache, which never finds it either, names it.
    guard let key = identity.argumentKey(arg), key == key else { return nil }
    return ProxyKey(familyID, argument: key)
  }

  @MainActor
  override func build() throws -> VM {
    try builder(arg)
  }

  @MainActor
  override func remake(_ proxyFamily: AnyObject) -> ViewModelSpec<VM>? {
    (proxyFamily as? ViewModelSpecWithArg<VM, Arg>)?.makeSpec(arg, identity: identity)
  }
}

extension FamilyArgument: InstanceSource {
  var values: InstanceArg.Values {
    // Inlined, as is `ownIdentity`: a call returned this object retained, and the resolution
    // released it after; inlined, the caller's own reference serves (one atomic pair a build).
    @inline(__always) get { self }
  }

  /// The shared identity this argument's key names, boxed in this object. Only an argument
  /// with a key is resolved without a spec.
  var ownIdentity: InstanceIdentity {
    @inline(__always) get {
      guard let identity = InstanceIdentity(type: instanceType, sharedBy: self) else {
        preconditionFailure(
          "Internal inconsistency: a family's argument without a key resolved alone")
      }
      return identity
    }
  }

  var lookupBoxAddress: UInt {
    @inline(__always) get { UInt(bitPattern: ObjectIdentifier(self)) }
  }

  @inline(__always) @MainActor
  func build(
    in registry: ViewModelRegistry, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool
  ) throws -> VM {
    try registry.build(
      values: self, identity: identity, requester: requester, aliveForever: aliveForever
    ) { try builder(arg) }
  }

  /// Keyed, and built by itself (no proxy): nothing to report, and it lives forever if asked.
  @inline(__always) @MainActor
  func prepareBuild(
    in registry: ViewModelRegistry, builtBy active: FamilyArgument<VM, Arg>,
    at identity: InstanceIdentity, site: CallSite?
  ) throws -> Bool {
    aliveForever
  }
}
