/// A family of specs made from an argument: one spec per user id, per document, per row.
///
/// Call the family with an argument to get a ``ViewModelSpec``. When `Arg` is `Hashable` and
/// no `key` function is given, the argument is the key, so equal arguments share one instance.
/// A `key` function chooses the key instead; returning `nil` makes the instance private to each
/// binding (one per binding and argument).
///
/// ```swift
/// let userSpec = ViewModelSpecWithArg<UserViewModel, String>(
///   builder: { id in UserViewModel(id: id) }
/// )
/// let user = binding.watch(userSpec("u1"))  // shared under the key "u1"
/// ```
///
/// With a `Hashable` argument, calling the family again with an equal argument returns the same
/// spec object, made once and kept in a small cache (a view's body calls the family on every
/// render). So the `key`, `tag` and `aliveForever` functions run once per cached argument, and
/// must be pure: their result for an argument must not change. The builder receives the
/// argument the spec was made with, which equals the one passed since — so equal arguments must
/// be interchangeable: with an `==` that ignores some fields, the builder sees the first
/// argument's. The cache is bounded: once it holds 256 specs it starts again empty. A proxy set
/// on one argument's spec, `registry.setProxy(for: userSpec("u1")) { … }`, names the family and
/// the argument, so it still applies to the spec made for that argument after the cache starts
/// again.
///
/// > Important: With an argument that is not `Hashable` and no `key` function, each call makes a
/// > spec with its own identity, so each resolution builds a new instance. Give such families a
/// > `key` function.
public final class ViewModelSpecWithArg<VM: ViewModel, Arg>: @unchecked Sendable {
  // @unchecked: immutable but for the spec cache, which is used on the main actor only; the
  // closures run on the main actor only.
  package let makeInstance: @MainActor (Arg) throws -> VM
  package let keyFunction: (@MainActor (Arg) -> AnyHashable?)?
  package let tagFunction: (@MainActor (Arg) -> AnyHashable?)?
  package let aliveForeverFunction: (@MainActor (Arg) -> Bool)?
  /// The argument as a key, when the family has no `key` function or it returns `nil`.
  @usableFromInline let argumentKey: (Arg) -> AnyHashable?
  /// Whether `argumentKey` is `AnyHashable(arg)` (a `Hashable` argument that is not optional).
  @usableFromInline let keysByArgument: Bool
  let disposeDelay: Duration?
  /// How many released instances the family keeps alive for a quick return.
  public let keepReleased: Int

  /// Creates a family whose builder cannot fail.
  ///
  /// ```swift
  /// let noteSpec = ViewModelSpecWithArg<NoteViewModel, Int>(
  ///   builder: { NoteViewModel(id: $0) },
  ///   key: { "note-\($0)" },
  ///   tag: { _ in "notes" }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Builds the instance for an argument.
  ///   - key: The key for an argument; `nil` from it means private. Omitted: the argument
  ///     itself when it is `Hashable`.
  ///   - tag: The tag for an argument.
  ///   - aliveForever: Whether the instance for an argument outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return (rows
  ///     scrolled back into view, back navigation); beyond it, the least recently used is
  ///     disposed. Zero disposes at once. Keyed instances only: a private one is disposed when
  ///     its binding lets go.
  public convenience init(
    builder: @escaping @MainActor (Arg) -> VM,
    key: (@MainActor (Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    self.init(
      throwingBuilder: builder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased,
      argumentKey: argumentKeyFunction(Arg.self), keysByArgument: isPlainHashable(Arg.self))
  }

  /// Creates a family whose builder can throw.
  ///
  /// ```swift
  /// let fileSpec = ViewModelSpecWithArg<FileViewModel, URL>(
  ///   throwingBuilder: { try FileViewModel(url: $0) }
  /// )
  /// let file = try binding.watchThrowing(fileSpec(url))
  /// ```
  ///
  /// - Parameters:
  ///   - throwingBuilder: Builds the instance for an argument, or throws.
  ///   - key: The key for an argument; `nil` from it means private.
  ///   - tag: The tag for an argument.
  ///   - aliveForever: Whether the instance for an argument outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public convenience init(
    throwingBuilder: @escaping @MainActor (Arg) throws -> VM,
    key: (@MainActor (Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    self.init(
      throwingBuilder: throwingBuilder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased,
      argumentKey: argumentKeyFunction(Arg.self), keysByArgument: isPlainHashable(Arg.self))
  }

  init(
    throwingBuilder: @escaping @MainActor (Arg) throws -> VM,
    key: (@MainActor (Arg) -> AnyHashable?)?,
    tag: (@MainActor (Arg) -> AnyHashable?)?,
    aliveForever: (@MainActor (Arg) -> Bool)?,
    disposeDelay: Duration?, keepReleased: Int,
    argumentKey: @escaping (Arg) -> AnyHashable?, keysByArgument: Bool = false
  ) {
    self.disposeDelay = disposeDelay
    self.keepReleased = max(0, keepReleased)
    self.makeInstance = throwingBuilder
    self.keyFunction = key
    self.tagFunction = tag
    self.aliveForeverFunction = aliveForever
    self.argumentKey = argumentKey
    self.keysByArgument = keysByArgument
    resolvesByArgument = keysByArgument && key == nil
    specCache = makeFamilyCache(keyedBy: Arg.self, of: ViewModelSpec<VM>.self)
    originCache = resolvesByArgument ? makeFamilyCache(keyedBy: Arg.self, of: AnyObject.self) : nil
    let token = FamilyToken(argumentKey: argumentKey)
    self.token = token
    ownReleasePolicy = ReleasePolicy(
      disposeDelay: disposeDelay,
      keepReleased: self.keepReleased > 0 ? (ObjectIdentifier(token), self.keepReleased) : nil)
  }

  /// This family with another builder: the same key, tag and lifetime functions, grace period
  /// and pool size — what a proxy that supplies only a builder is.
  func replacingBuilder(
    _ builder: @escaping @MainActor (Arg) throws -> VM
  ) -> ViewModelSpecWithArg<VM, Arg> {
    ViewModelSpecWithArg(
      throwingBuilder: builder, key: keyFunction, tag: tagFunction,
      aliveForever: aliveForeverFunction, disposeDelay: disposeDelay, keepReleased: keepReleased,
      argumentKey: argumentKey, keysByArgument: keysByArgument)
  }

  /// What the family's specs name it by: the identity of their private instances, the key of a
  /// proxy on it, the pool of its kept instances. The specs keep the token, not the family, so
  /// the family's spec cache does not keep the family alive.
  let token: FamilyToken<Arg>

  /// The builder field of this family's specs, which their origin builds instead: one closure
  /// for all of them.
  let unusedBuilder: @MainActor () throws -> VM = {
    preconditionFailure("a family's spec is built by its origin")
  }

  /// The release policy of the specs this family makes for itself, made once, in `init`.
  private let ownReleasePolicy: ReleasePolicy?

  /// The specs made for `Hashable` arguments, by argument: a `SpecCache` keyed as
  /// ``makeFamilyCache(keyedBy:of:)`` says (`nil` for other arguments). Used on the main actor
  /// only. Made with the family, and a constant: a lookup that misses reads it without a retain
  /// and a release, which a variable read across the insert's call would cost.
  @usableFromInline let specCache: AnyObject?

  /// The origins of the arguments resolved without a spec (`binding.watch(userSpec, id)`), by
  /// argument: a `FamilyCache` of `FamilyArgument`s, keyed as `specCache` is, for a family that
  /// ``resolvesByArgument`` (`nil` for others). A constant, as `specCache` is.
  @usableFromInline let originCache: AnyObject?

  /// Whether an argument is resolved without a spec: when the argument itself is the key (no
  /// `key` function, which may make an instance private, and an argument that is not optional).
  @usableFromInline let resolvesByArgument: Bool

  /// The specs a family of several arguments made through this family, by its arguments
  /// together: a `SpecCache` keyed by their `HashableArguments`, apart from `specCache` so that
  /// neither cache ever meets the other's key type (a pack of one argument is that argument,
  /// which may itself be `Hashable`). Made on first use by ``FamilyCache/held(in:)``. Unchecked:
  /// only ever read or assigned whole, never across a call.
  @usableFromInline @exclusivity(unchecked) var argumentsCache: AnyObject?

  /// The spec for one argument, made on each call. Where `Arg` is known to be `Hashable`, the
  /// overload that reuses the spec made for an equal argument is chosen instead.
  ///
  /// ```swift
  /// let user = binding.watch(userSpec("u1"))
  /// ```
  ///
  /// - Parameter arg: The argument the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding. A proxy installed on this family applies
  ///   when the spec is resolved.
  @MainActor
  public func callAsFunction(_ arg: Arg) -> ViewModelSpec<VM> {
    makeSpec(arg, identity: token)
  }

  /// Makes the spec for `arg` from this family's functions. `identity` is the token of the
  /// family the caller named, which stays the identity of private instances when a proxy
  /// builds them.
  @MainActor
  func makeSpec(_ arg: Arg, identity: FamilyToken<Arg>) -> ViewModelSpec<VM> {
    makeSpec(arg, argumentKey: identity.argumentKey(arg), identity: identity)
  }

  /// The spec for `arg` of this family, named by the caller, with the argument's key made.
  @usableFromInline @MainActor
  func makeSpec(_ arg: Arg, argumentKey: consuming AnyHashable?) -> ViewModelSpec<VM> {
    makeSpec(arg, argumentKey: argumentKey, identity: token)
  }

  /// The spec for `arg` of this family, named by the caller, keyed by the argument itself,
  /// whose raw hash the caller made (``rawKeyHash(_:)``): the key is made only when asked for
  /// (``InstanceArg/Values/madeKey``). Only for a family that ``resolvesByArgument``.
  @usableFromInline @MainActor
  func makeSpec(_ arg: Arg, rawKeyHash: Int) -> ViewModelSpec<VM> {
    let origin = makeOrigin(
      arg, key: nil, rawKeyHash: rawKeyHash, identity: token, releasePolicy: ownReleasePolicy)
    return specType.init(
      origin: origin, sharedIdentity: origin.ownIdentity, unusedBuilder: unusedBuilder)
  }

  /// `rawKeyHash` is `argumentKey`'s raw hash, when the caller made it: it is the key's only
  /// when the family has no key function.
  @MainActor
  private func makeSpec(
    _ arg: Arg, argumentKey: consuming AnyHashable?, rawKeyHash: Int? = nil,
    identity: FamilyToken<Arg>
  ) -> ViewModelSpec<VM> {
    // No closures here (`keyFunction.map { … }`): one made in a main-actor method checks the
    // executor each time it is called. Keys are moved where they can be: each copy of an
    // `AnyHashable?` costs a call through its value witnesses.
    let key: AnyHashable?
    var keyHash = rawKeyHash
    var privateKey: InstanceKey?
    if let keyFunction {
      key = keyFunction(arg)
      keyHash = nil
      if key == nil, let argumentKey = consume argumentKey {
        privateKey = .privateArgument(family: ObjectIdentifier(identity), argument: argumentKey)
      }
    } else {
      key = consume argumentKey
    }
    // The pool of kept instances belongs to the family the caller named, so a proxy shares it.
    let policy =
      identity === token
      ? ownReleasePolicy
      : ReleasePolicy(
        disposeDelay: disposeDelay,
        keepReleased: keepReleased > 0 ? (ObjectIdentifier(identity), keepReleased) : nil)
    // Made through metatypes found once per family: naming the generic classes here would look
    // their metadata up on every call (about 400 instructions each). The key moves into the
    // origin, which is also the box of the shared identity: the key is never copied.
    let origin = makeOrigin(
      arg, key: consume key, rawKeyHash: keyHash, identity: identity, releasePolicy: policy)
    let sharedIdentity = InstanceIdentity(type: ObjectIdentifier(VM.self), sharedBy: origin)
    return specType.init(
      origin: origin, sharedIdentity: sharedIdentity, privateKey: privateKey,
      unusedBuilder: unusedBuilder)
  }

  /// The origin of `arg`'s spec, or of `arg` resolved without one, under `key`. Inlined: out of
  /// line, passing it the token and the policy cost a retain and a release per argument.
  @inline(__always) @MainActor
  private func makeOrigin(
    _ arg: Arg, key: consuming AnyHashable?, rawKeyHash: Int?, identity: FamilyToken<Arg>,
    releasePolicy: ReleasePolicy?
  ) -> FamilyArgument<VM, Arg> {
    // Without a tag function (most families), no `AnyHashable?` is made, checked or destroyed.
    var tagBox: InstanceArg.TagBox?
    if let tagFunction { tagBox = InstanceArg.TagBox(tagFunction(arg)) }
    return originType.init(
      arg, build: makeInstance, identity: identity, key: consume key, rawKeyHash: rawKeyHash,
      tagBox: tagBox, aliveForever: aliveForeverFunction?(arg) ?? false,
      releasePolicy: releasePolicy)
  }

  /// The origin of `arg` resolved without a spec: keyed by the argument (see
  /// ``resolvesByArgument``), named by this family.
  @usableFromInline @MainActor
  func makeOrigin(_ arg: Arg, argumentKey: consuming AnyHashable?, rawKeyHash: Int?) -> AnyObject {
    makeOrigin(
      arg, key: consume argumentKey, rawKeyHash: rawKeyHash, identity: token,
      releasePolicy: ownReleasePolicy)
  }

  /// The classes of this family's specs and their origins, found once.
  private let originType = FamilyArgument<VM, Arg>.self
  private let specType = ViewModelSpec<VM>.self
}

extension ViewModelSpecWithArg where Arg: Hashable {
  /// The spec for one argument: the same spec object for equal arguments, made once (see the
  /// family's notes on the cache). This overload is chosen for `Hashable` arguments.
  ///
  /// ```swift
  /// let user = binding.watch(userSpec("u1"))
  /// ```
  ///
  /// - Parameter arg: The argument the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding. A proxy installed on this family applies
  ///   when the spec is resolved.
  @inlinable @MainActor
  public func callAsFunction(_ arg: Arg) -> ViewModelSpec<VM> {
    // Inlinable, so that the lookup (and the key, on a miss) is specialized for the caller's
    // argument type: a view calls this on every render. The type test is settled then too.
    if Arg.self == Int.self, let int = arg as? Int {
      return spec(for: arg, cacheKey: IntArgument(int))
    }
    return spec(for: arg, cacheKey: arg)
  }

  /// ``callAsFunction(_:)-(Arg)`` with the cache keyed by `cacheKey`: the argument, or an `Int`
  /// argument as an ``IntArgument``. Each family's cache always has one key type, the one its
  /// argument type gives.
  @inlinable @inline(__always) @MainActor
  func spec<CacheKey: Hashable>(for arg: Arg, cacheKey: CacheKey) -> ViewModelSpec<VM> {
    typealias Cache = SpecCache<VM, CacheKey>
    // Made in `init` for every `Hashable` argument, found by a cast of the argument's type. A
    // conformance that cast would not see (one isolated to an actor, if a runtime checked
    // isolation on a type's cast) leaves it `nil`: each call then makes its spec, uncached.
    guard let field = specCache else { return newSpec(arg) }
    // The cache found for the lookup serves the insert on a miss: no second access, no cast.
    let cache = Cache.unchecked(field)
    if let spec = cache.specs[cacheKey] { return spec }
    return cache.insert(for: cacheKey) { newSpec(arg) }
  }

  /// The spec for `arg` when the cache has none: keyed by the argument, whose raw hash is made
  /// from it, where the family resolves by argument.
  @inlinable @inline(__always) @MainActor
  func newSpec(_ arg: Arg) -> ViewModelSpec<VM> {
    guard keysByArgument else { return makeSpec(arg, argumentKey: argumentKey(arg)) }
    guard resolvesByArgument, let rawKeyHash = Self.rawKeyHash(arg) else {
      return makeSpec(arg, argumentKey: Self.key(arg))
    }
    return makeSpec(arg, rawKeyHash: rawKeyHash)
  }

  /// The origin `arg` is resolved from without a spec (a `FamilyArgument`), made once for equal
  /// arguments and kept in a cache like the specs'; `nil` when this family resolves through
  /// the argument's spec (see ``resolvesByArgument``). Inlinable, as the spec lookup is.
  @inlinable @MainActor
  func origin(for arg: Arg) -> AnyObject? {
    guard resolvesByArgument else { return nil }
    if Arg.self == Int.self, let int = arg as? Int {
      return origin(for: arg, cacheKey: IntArgument(int))
    }
    return origin(for: arg, cacheKey: arg)
  }

  /// ``origin(for:)`` with the cache keyed by `cacheKey`, as for the specs.
  @inlinable @inline(__always) @MainActor
  func origin<CacheKey: Hashable>(for arg: Arg, cacheKey: CacheKey) -> AnyObject {
    typealias Cache = FamilyCache<CacheKey, AnyObject>
    // The cache found for the lookup serves the insert on a miss: no second access, no cast.
    // Made in `init` for every family that resolves by argument (found by the same cast of the
    // argument's type as the cache), and only those get here.
    let cache = Cache.unchecked(originCache!)
    if let origin = cache.specs[cacheKey] { return origin }
    return cache.insert(for: cacheKey) {
      // With the argument's hash made here, its key is made only when asked for.
      guard let rawKeyHash = Self.rawKeyHash(arg) else {
        return makeOrigin(arg, argumentKey: Self.key(arg), rawKeyHash: nil)
      }
      return makeOrigin(arg, argumentKey: nil, rawKeyHash: rawKeyHash)
    }
  }

  /// `AnyHashable(arg)`, made without its dynamic cast where the argument's type is known: the
  /// cast here is settled when this is specialized. Numbers and collections have their own
  /// `AnyHashable` form, asked for directly; `AnyHashable(_:)` would find that out by a
  /// conformance lookup on each call (about 500 instructions).
  @inlinable @inline(__always)
  static func key(_ arg: Arg) -> AnyHashable {
    if let custom = arg as? any _HasCustomAnyHashableRepresentation,
      let key = custom._toCustomAnyHashable()
    {
      return key
    }
    return AnyHashable(arg)
  }

  /// The raw hash (seed 0) of `AnyHashable(arg)`, made from the argument itself where its type
  /// is one whose `AnyHashable` hashes as the value does (`Int`, `String`): boxed, hashing goes
  /// through the box's conformances (about 330 instructions). `nil` for other types, whose
  /// key is hashed boxed. The tests here are settled when this is specialized.
  @inlinable @inline(__always)
  static func rawKeyHash(_ arg: Arg) -> Int? {
    // The type itself, not a cast alone: `NSString` and `NSNumber` cast to `String` and `Int`,
    // but their `AnyHashable` is an object's, hashed as the object hashes. `hashValue` is the
    // raw hash with seed 0, the one `Values` asks the boxed key for.
    if Arg.self == Int.self, let int = arg as? Int { return int.hashValue }
    if Arg.self == String.self, let string = arg as? String { return string.hashValue }
    return nil
  }
}

extension ViewModelSpecWithArg {
  /// The spec for `arg`, kept in the family's cache under `cacheKey`, which stands for `arg`:
  /// how the families of several arguments (all `Hashable`) reuse their specs as a one-argument
  /// family does.
  ///
  /// Inlinable, as the one-argument lookup is, so that it is specialized for the caller's
  /// argument types: unspecialized, a lookup made the tuple's and the key's generic metadata at
  /// run time on every call (about 3,800 instructions).
  @inlinable @MainActor
  func cachedSpec<Key: Hashable>(_ arg: Arg, cacheKey: Key) -> ViewModelSpec<VM> {
    if let spec = SpecCache<VM, Key>.spec(for: cacheKey, in: argumentsCache) { return spec }
    return SpecCache.held(in: &argumentsCache).insert(for: cacheKey) {
      makeSpec(arg, argumentKey: argumentKey(arg))
    }
  }
}

/// A family's specs for `Hashable` arguments, by argument.
@usableFromInline
typealias SpecCache<VM: ViewModel, Key: Hashable> = FamilyCache<Key, ViewModelSpec<VM>>

/// What a family keeps for `Hashable` arguments, by argument: the specs it made (``SpecCache``),
/// or the origins of the arguments resolved without a spec (``ViewModelSpecWithArg/originCache``).
@usableFromInline
final class FamilyCache<Key: Hashable, Value: AnyObject> {
  /// How many it keeps before it starts again empty.
  @usableFromInline static var capacity: Int { 256 }

  /// Unchecked: only ever read by `spec(for:in:)`, or assigned to by `insert(for:make:)`, never
  /// across a call.
  @usableFromInline @exclusivity(unchecked) var specs: [Key: Value] = [:]

  @usableFromInline init() {}

  /// What is kept for `key` in the cache `field` holds, if anything: the lookup a family makes
  /// on every call, so its cast is not checked. Safe: each of a family's cache fields only ever
  /// holds caches of one key and value type — `specCache` the argument's, with specs;
  /// `argumentsCache` the arguments' together (filled only by the family of several arguments
  /// that owns the family), with specs; `originCache` the argument's, with origins. The first
  /// and last are made with the family, by ``makeFamilyCache(keyedBy:of:)``, with the key type
  /// their lookups use; `argumentsCache` is set only by ``held(in:)``.
  @inlinable
  static func spec(for key: Key, in field: AnyObject?) -> Value? {
    guard let field else { return nil }
    return unchecked(field).specs[key]
  }

  /// The cache a family's cache field holds, for a lookup and, on a miss, the insert that
  /// follows it: not checked, by the same reasoning as ``spec(for:in:)``.
  @inlinable @inline(__always)
  static func unchecked(_ field: AnyObject) -> FamilyCache {
    unsafeDowncast(field, to: FamilyCache.self)
  }

  /// The cache `field` holds, made and kept there on first use: on a miss, so its cast is
  /// checked. The access to `field` ends before the cache makes a value with
  /// ``insert(for:make:)``, which runs the family's key, tag and lifetime functions, and they
  /// may call the family again.
  @inlinable
  static func held(in field: inout AnyObject?) -> FamilyCache {
    if let existing = field { return existing as! FamilyCache }
    let cache = FamilyCache()
    field = cache
    return cache
  }

  /// Keeps what `make` makes for `key`, and returns it. Emptied in place first when full: a
  /// full cache is refilled at once, so its table is kept.
  @inlinable @MainActor
  func insert(for key: Key, make: () -> Value) -> Value {
    if specs.count >= Self.capacity { specs.removeAll(keepingCapacity: true) }
    let spec = make()
    specs[key] = spec
    return spec
  }
}

/// A family's identity, kept by the specs it makes (see ``ViewModelSpecWithArg/token``): alive
/// as long as any of them is, so its object identifier is never reused meanwhile. It carries how
/// the family turns an argument into a key, which a proxy family's specs use too.
final class FamilyToken<Arg> {
  let argumentKey: (Arg) -> AnyHashable?

  init(argumentKey: @escaping (Arg) -> AnyHashable?) {
    self.argumentKey = argumentKey
  }
}

extension ViewModelSpecWithArg: ProxyKeyed {
  var proxyKey: ProxyKey { ProxyKey(ObjectIdentifier(token)) }
}

extension ViewModelSpecWithArg: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor (Arg) throws -> VM> {
    _ProxyHandle(object: self, values: nil, type: VM.self) { self.replacingBuilder($0) }
  }
}

/// How a family turns its argument into a key when no `key` function is given: the argument
/// itself when its type is `Hashable`. Found once per family, so that a call makes the key
/// without a dynamic cast — except for an optional argument, whose cast also unwraps it.
func argumentKeyFunction<Arg>(_ type: Arg.Type) -> (Arg) -> AnyHashable? {
  guard let hashable = type as? any Hashable.Type, isPlainHashable(type) else {
    return { hashableKey($0) }
  }
  func make<H: Hashable>(_: H.Type) -> (Arg) -> AnyHashable? {
    // Arg is H here: the cast above only succeeds for the type itself.
    { AnyHashable(($0 as! H)) }
  }
  return make(hashable)
}

/// An empty ``FamilyCache`` of objects for a family of `Arg`, keyed as its lookups key it: by
/// ``IntArgument`` for an `Int`, by the argument for another `Hashable` type; `nil` for an
/// argument that is not `Hashable`.
func makeFamilyCache<Arg, Value: AnyObject>(keyedBy type: Arg.Type, of _: Value.Type)
  -> AnyObject?
{
  if type == Int.self { return FamilyCache<IntArgument, Value>() }
  guard let hashable = type as? any Hashable.Type else { return nil }
  func make<H: Hashable>(_: H.Type) -> AnyObject { FamilyCache<H, Value>() }
  return make(hashable)
}

/// Whether `type` is `Hashable` and not optional: then `AnyHashable(arg)` is the argument's key.
func isPlainHashable<Arg>(_ type: Arg.Type) -> Bool {
  // An optional's values a dynamic cast to `AnyHashable` unwraps.
  type is any Hashable.Type && !(type is any AnyOptional.Type)
}
