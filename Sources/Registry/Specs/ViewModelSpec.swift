/// How to build a view model and which instance it is: its key, tag and lifetime.
///
/// Declare specs once, at module level, and resolve them through a ``ViewModelBinding``. A spec
/// with a `key` is shared: every binding that resolves `(type, key)` gets the same instance, and
/// the builder runs once. A spec without a key is private: each binding that resolves it gets its
/// own instance.
///
/// ```swift
/// let counterSpec = ViewModelSpec { CounterViewModel() }  // one per binding
/// let sessionSpec = ViewModelSpec(key: "session", aliveForever: true) {
///   SessionViewModel()
/// }
///
/// let counter = binding.watch(counterSpec)
/// ```
///
/// Specs are immutable and safe to declare as globals. Test doubles replace them through
/// [`setProxy(for:builder:)`](doc:ViewModelRegistry/setProxy(for:fileID:filePath:line:column:builder:))
/// without touching the declaration.
public final class ViewModelSpec<VM: ViewModel>: @unchecked Sendable {
  // @unchecked: what defines the spec is all `let`s; the keys are only hashed and the builder
  // only run on the main actor, where all resolution happens. The few `var`s (the private
  // identity, made once, and what the re-render lookup remembers) are written there too.

  // The re-render lookup (`BindingCore.heldInstance(of:watching:)`, InstanceStore.swift) reads
  // these plain values on the main actor. The memo is not lifetime state, only what that lookup
  // remembers; its instance is unchecked: only ever read or assigned whole, never across a
  // call. Declared first, so that they sit right after the object's header: with thousands of
  // specs, a re-read touches the spec's first 40 bytes (the header and these 24), one cache
  // line, or two when the object starts in the second half of one.

  /// The key-box address of `ownIdentity`, taken in `init` when the identity is made.
  let lookupBoxAddress: UInt
  /// Where this spec's instance was last found or held: the binding's table generation then,
  /// which no other table ever has (``HolderTable/generation``), with its lowest bit set when
  /// the binding watched it; and the instance. While that table's generation is unchanged the
  /// answer is the same.
  var memoStamp: UInt64 = 0
  @exclusivity(unchecked) unowned(unsafe) var memoViewModel: ViewModel? = nil

  /// The key instances are shared under, or `nil` for one instance per binding.
  public var key: AnyHashable? { values.key }
  /// A tag that cached lookups and group operations can find instances by.
  public var tag: AnyHashable? { values.tag }
  /// Whether the instance stays alive after its last holder lets go.
  public var aliveForever: Bool { values.aliveForever }
  /// An `aliveForever` spec without a key: a mistake (nothing could share the instance it
  /// keeps), which the throwing forms throw.
  var isUnkeyedAliveForever: Bool { values.aliveForever && values.key == nil }
  /// How long a released instance waits before it is disposed; `nil` disposes at once.
  public var disposeDelay: Duration? { releasePolicy?.disposeDelay }
  /// What a private instance follows in a host: a view that passes a spec with other inputs gets
  /// a new instance, one with equal inputs keeps the one it has. `nil` for none.
  public var inputs: AnyHashable? { storedInputs.value }
  /// Stored so that a spec without inputs, as every family's is, is freed without a call
  /// through the runtime's generic witnesses (see ``InstanceArg/StoredHashable``).
  private let storedInputs: InstanceArg.StoredHashable
  /// Where an inline spec was written: a host re-rendered with a new spec object from the same
  /// place (and the same inputs) keeps its instance. `nil` for specs made by a family.
  let site: SpecSite?

  /// Key, tag and lifetime, made once: every instance built from this spec, and every hook's
  /// argument, refers to this object.
  let values: InstanceArg.Values
  /// `nil`: a released instance is disposed at once.
  var releasePolicy: ReleasePolicy? { values.releasePolicy }

  /// The builder of a spec written with one. A family's spec has none (its origin builds):
  /// then its family's closure that is never called, made once per family (made here, it would
  /// be a context allocated per spec). Not an optional: calling an optional closure allocates a
  /// thunk.
  private let ownBuilder: @MainActor () throws -> VM
  /// The identity this spec's instances have when no proxy builds them: the shared one of a
  /// keyed spec, else the private one (named by a box of its own, or by a family's argument).
  /// Made once, in `init`, because it is needed on every resolution; a constant, so that a
  /// resolution reads it in place.
  let ownIdentity: InstanceIdentity
  /// The shared identity, for a keyed spec.
  var sharedIdentity: InstanceIdentity? { ownIdentity.isShared ? ownIdentity : nil }
  /// Whether this unkeyed spec's private identity was given to it, rather than named by a key
  /// box of its own: a family's spec for a hashable argument, a compatibility
  /// factory's (one identity per factory type), and a builder-only proxy of either, which keeps
  /// its identity. A flag, not the key: the identity carries the key, and a spec is smaller
  /// without a second copy.
  let identifiesByArgument: Bool
  /// The family and argument this spec was made from, so that a proxy on the family applies
  /// to it; it builds the instance, and is also `values`.
  let origin: SpecOrigin<VM>?

  /// Creates a spec whose builder cannot fail.
  ///
  /// ```swift
  /// let settingsSpec = ViewModelSpec(key: "settings") { SettingsViewModel() }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private to each
  ///     binding.
  ///   - tag: A tag to find the instance by with cached lookups.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period: after its last holder lets go, the instance waits this
  ///     long before it is disposed, and comes back as it is if acquired again meanwhile. Keyed
  ///     instances only: a private one is disposed when its binding lets go. With the system
  ///     clock, a delay beyond ``SystemRegistryClock/longestDelay`` never ends.
  ///   - inputs: For a private spec made inside a view: the values its instance follows. A host
  ///     (and the SwiftUI wrappers) keeps the instance across renders while the inputs stay
  ///     equal, and builds a new one when they change. Ignored when `key` is set.
  ///   - fileID: Where the spec is made; leave the default. With `line` and `column`, it tells a
  ///     host that a spec made again on each render is still the same spec.
  ///   - line: The line where the spec is made; leave the default.
  ///   - column: The column where the spec is made; leave the default.
  ///   - builder: Builds a new instance; runs on the main actor, once per instance.
  public convenience init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, inputs: AnyHashable? = nil, fileID: StaticString = #fileID,
    line: UInt = #line, column: UInt = #column, builder: @escaping @MainActor () -> VM
  ) {
    self.init(
      values: InstanceArg.Values(
        key: key, tag: tag, aliveForever: aliveForever,
        releasePolicy: ReleasePolicy(disposeDelay: disposeDelay),
        instanceType: ObjectIdentifier(VM.self)),
      inputs: inputs,
      site: SpecSite(fileID: fileID, line: line, column: column),
      builder: builder)
  }

  /// Creates a spec whose builder can throw, for instances that may fail to build.
  ///
  /// Resolve it with ``ViewModelBinding/watchThrowing(_:)-(ViewModelSpec<VM>)`` or
  /// ``ViewModelBinding/readThrowing(_:)-(ViewModelSpec<VM>)``: they throw the builder's
  /// error, register nothing, and the next resolution tries again.
  ///
  /// ```swift
  /// let storeSpec = ViewModelSpec(
  ///   key: "store", throwingBuilder: { try StoreViewModel(path: path) })
  /// let store = try binding.watchThrowing(storeSpec)
  /// ```
  ///
  /// > Important: `watch(_:)` and `read(_:)` cannot throw. If they meet a builder that throws,
  /// > they report the error and stop the program.
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by with cached lookups.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - inputs: For a private spec made inside a view: the values its instance follows.
  ///   - fileID: Where the spec is made; leave the default.
  ///   - line: The line where the spec is made; leave the default.
  ///   - column: The column where the spec is made; leave the default.
  ///   - throwingBuilder: Builds a new instance or throws.
  public convenience init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, inputs: AnyHashable? = nil, fileID: StaticString = #fileID,
    line: UInt = #line, column: UInt = #column,
    throwingBuilder: @escaping @MainActor () throws -> VM
  ) {
    self.init(
      values: InstanceArg.Values(
        key: key, tag: tag, aliveForever: aliveForever,
        releasePolicy: ReleasePolicy(disposeDelay: disposeDelay),
        instanceType: ObjectIdentifier(VM.self)),
      inputs: inputs,
      site: SpecSite(fileID: fileID, line: line, column: column),
      builder: throwingBuilder)
  }

  init(
    values: InstanceArg.Values, privateKey: InstanceKey? = nil,
    inputs: AnyHashable? = nil, site: SpecSite? = nil, interface: InterfaceInfo<VM>? = nil,
    builder: @escaping @MainActor () throws -> VM
  ) {
    self.values = values
    self.origin = nil
    self.storedInputs = InstanceArg.StoredHashable(inputs)
    self.site = site
    self.interface = interface
    self.ownBuilder = builder
    let sharedIdentity = InstanceIdentity(type: ObjectIdentifier(VM.self), sharedBy: values)
    let (identity, byArgument) = Self.ownIdentity(
      shared: sharedIdentity, privateKey: privateKey, hashedBy: ObjectIdentifier(values))
    identifiesByArgument = byArgument
    // Read before the identity moves into its stored property: after, it would be a copy.
    lookupBoxAddress = identity.boxAddress
    ownIdentity = identity
  }

  /// A family's spec: `origin` is its values and builds its instances; `sharedIdentity` is
  /// made from its key by the family, which has it at hand.
  convenience init(
    origin: SpecOrigin<VM>, sharedIdentity: InstanceIdentity?, privateKey: consuming InstanceKey?,
    unusedBuilder: @escaping @MainActor () throws -> VM
  ) {
    let (identity, byArgument) = Self.ownIdentity(
      shared: sharedIdentity, privateKey: consume privateKey, hashedBy: ObjectIdentifier(origin))
    self.init(
      origin: origin, identity: identity, identifiesByArgument: byArgument,
      unusedBuilder: unusedBuilder)
  }

  /// A family's spec keyed by its argument (no key function): `origin` is its values, builds
  /// its instances and is the box of `sharedIdentity`. Apart from the initializer above so that
  /// the usual family spec passes no optional key: each `InstanceKey?` or `AnyHashable?` passed
  /// on is copied or destroyed through the runtime's generic witnesses, even when empty (about
  /// 60–85 instructions each).
  convenience init(
    origin: SpecOrigin<VM>, sharedIdentity: InstanceIdentity,
    unusedBuilder: @escaping @MainActor () throws -> VM
  ) {
    self.init(
      origin: origin, identity: sharedIdentity, identifiesByArgument: false,
      unusedBuilder: unusedBuilder)
  }

  /// A family's spec with its identity decided: the two initializers above.
  @inline(__always)
  private init(
    origin: SpecOrigin<VM>, identity: consuming InstanceIdentity, identifiesByArgument: Bool,
    unusedBuilder: @escaping @MainActor () throws -> VM
  ) {
    self.values = origin
    self.origin = origin
    self.storedInputs = .none
    self.site = nil
    self.interface = nil
    self.ownBuilder = unusedBuilder
    self.identifiesByArgument = identifiesByArgument
    // Read before the identity moves into its stored property: after, it would be a copy.
    lookupBoxAddress = identity.boxAddress
    ownIdentity = identity
  }

  /// The identity a spec's instances have without a proxy: `shared`, for a keyed spec; else
  /// the private identity of a family's argument (`privateKey`), or a new one named by a box of
  /// its own. A `privateKey` given with a key goes unused: only a factory's spec has both, and
  /// it is made anew for each resolution, out of reach of any proxy.
  /// Also returns whether the identity is a family's argument's. `seed` spreads the hash of a
  /// new one (``InstanceIdentity/init(privateTo:hashedBy:)``).
  private static func ownIdentity(
    shared: consuming InstanceIdentity?, privateKey: consuming InstanceKey?,
    hashedBy seed: ObjectIdentifier
  ) -> (InstanceIdentity, byArgument: Bool) {
    if let shared { return (shared, false) }
    if let privateKey {
      return (InstanceIdentity(type: ObjectIdentifier(VM.self), key: privateKey), true)
    }
    return (InstanceIdentity(privateTo: ObjectIdentifier(VM.self), hashedBy: seed), false)
  }

  /// Where an interface (a spec without a builder) is declared and what tests and previews
  /// build when nobody provides it; `nil` for a spec with a builder.
  let interface: InterfaceInfo<VM>?

  /// Builds a new instance: the spec's builder, its family's for its argument, or, for an
  /// interface, what `registry` provides for it.
  @MainActor
  package func makeInstance(in registry: ViewModelRegistry) throws -> VM {
    if let origin { return try origin.build() }
    if let interface { return try registry.buildProvided(self, interface: interface) }
    return try ownBuilder()
  }

  /// A keyed spec's private identity, made the first time an unkeyed proxy builds for it.
  private var keyedSpecPrivateIdentity: InstanceIdentity?

  /// This spec's private identity: its own identity when it has no key.
  private var privateIdentity: InstanceIdentity {
    if !ownIdentity.isShared { return ownIdentity }
    if let keyedSpecPrivateIdentity { return keyedSpecPrivateIdentity }
    let identity = InstanceIdentity(
      privateTo: ObjectIdentifier(VM.self), hashedBy: ObjectIdentifier(values))
    keyedSpecPrivateIdentity = identity
    return identity
  }

  /// The identity an instance resolved from this spec has, when `active` (this spec or its
  /// proxy) builds it. A proxy may change the key; a private instance keeps this spec's identity
  /// so that installing a proxy never changes which slot it lives in.
  func identity(buildingWith active: ViewModelSpec<VM>) -> InstanceIdentity {
    if let shared = active.sharedIdentity { return shared }
    return privateIdentity
  }
}

extension ViewModelSpec {
  /// What a host compares across renders to tell whether this spec, built by `active`, still
  /// names the instance it shows. Keyed specs and private ones made from a hashable argument
  /// compare by identity; other private specs by where they come from — their family, or the
  /// place in the code that makes them — and their inputs, never by the spec object, which a
  /// view makes anew on every render.
  func hostSlot(buildingWith active: ViewModelSpec<VM>) -> HostSlot {
    if let shared = active.sharedIdentity { return .identity(shared) }
    if identifiesByArgument { return .identity(privateIdentity) }
    let type = ObjectIdentifier(VM.self)
    if let origin { return .family(type: type, family: origin.familyID) }
    if let site { return .inline(type: type, site: site, inputs: inputs) }
    return .identity(privateIdentity)
  }
}

extension ViewModelSpec {
  /// This spec with another builder: the same key, tag, lifetime, grace period and identity —
  /// what a proxy that supplies only a builder is.
  func replacingBuilder(_ builder: @escaping @MainActor () throws -> VM) -> ViewModelSpec<VM> {
    ViewModelSpec(
      values: values, privateKey: identifiesByArgument ? privateIdentity.key : nil, inputs: inputs,
      site: site, builder: builder)
  }
}

extension ViewModelSpec: ProxyKeyed {
  /// A family's spec is named by its family and argument, so that a proxy set on it applies to
  /// every spec the family makes for that argument; any other spec by its own object.
  var proxyKey: ProxyKey { origin?.proxyKey ?? ProxyKey(ObjectIdentifier(self)) }
}

extension ViewModelSpec: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor () throws -> VM> {
    _ProxyHandle(object: self, values: values, type: VM.self) { self.replacingBuilder($0) }
  }
}

/// What a host compares across renders; see ``ViewModelSpec/hostSlot(buildingWith:)``.
enum HostSlot: Equatable {
  case identity(InstanceIdentity)
  case family(type: ObjectIdentifier, family: ObjectIdentifier)
  case inline(type: ObjectIdentifier, site: SpecSite, inputs: AnyHashable?)
}

extension ViewModelSpec {
  /// Where a private spec with host slot `slot` comes from — its family, or the place in the
  /// code that makes it — which a host that reads several services keeps one service for: a
  /// spec from there with another slot (other inputs, another argument) replaces it. `nil` for
  /// a keyed spec, whose instance the binding finds by its key.
  func hostPlace(for slot: HostSlot) -> HostPlace? {
    switch slot {
    case .identity(let identity):
      guard !identity.isShared, let origin else { return nil }
      return .family(type: ObjectIdentifier(VM.self), family: origin.familyID)
    case .family(let type, let family):
      return .family(type: type, family: family)
    case .inline(let type, let site, _):
      return .inline(type: type, site: site)
    }
  }
}

/// What ``ViewModelSpec/hostPlace(for:)`` names: a slot without what tells its instances apart.
enum HostPlace: Equatable {
  case family(type: ObjectIdentifier, family: ObjectIdentifier)
  case inline(type: ObjectIdentifier, site: SpecSite)
}

/// The place in the code where a spec is made. Line and column are kept in 32 bits each (no
/// source file comes near), so that a spec is 16 bytes smaller.
struct SpecSite: Equatable {
  let fileID: StaticString
  let line: UInt32
  let column: UInt32

  init(fileID: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.line = UInt32(truncatingIfNeeded: line)
    self.column = UInt32(truncatingIfNeeded: column)
  }

  static func == (lhs: SpecSite, rhs: SpecSite) -> Bool {
    guard lhs.line == rhs.line, lhs.column == rhs.column else { return false }
    // `#fileID` literals of one file share storage; compare the text when they do not.
    if lhs.fileID.utf8Start == rhs.fileID.utf8Start { return true }
    return "\(lhs.fileID)" == "\(rhs.fileID)"
  }
}

extension ViewModelSpec: InstanceSource {
  @inline(__always) @MainActor
  func build(
    in registry: ViewModelRegistry, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool
  ) throws -> VM {
    try registry.build(
      values: values, identity: identity, requester: requester, aliveForever: aliveForever
    ) { try makeInstance(in: registry) }
  }

  @inline(__always) @MainActor
  func prepareBuild(
    in registry: ViewModelRegistry, builtBy active: ViewModelSpec<VM>,
    at identity: InstanceIdentity, site: CallSite?
  ) throws -> Bool {
    try registry.prepareBuild(active, from: self, identity: identity, site: site)
  }
}
