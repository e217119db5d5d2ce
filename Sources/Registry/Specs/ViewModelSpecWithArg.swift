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
/// > Important: With an argument that is not `Hashable` and no `key` function, each call makes a
/// > spec with its own identity, so each resolution builds a new instance. Give such families a
/// > `key` function.
public final class ViewModelSpecWithArg<VM: ViewModel, Arg>: @unchecked Sendable {
  // @unchecked: immutable; the closures run on the main actor only.
  let builder: @MainActor (Arg) throws -> VM
  let keyFunction: (@MainActor (Arg) -> AnyHashable?)?
  let tagFunction: (@MainActor (Arg) -> AnyHashable?)?
  let aliveForeverFunction: (@MainActor (Arg) -> Bool)?
  let argumentKey: @Sendable (Arg) -> AnyHashable?
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
      disposeDelay: disposeDelay, keepReleased: keepReleased, argumentKey: { hashableKey($0) })
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
      disposeDelay: disposeDelay, keepReleased: keepReleased, argumentKey: { hashableKey($0) })
  }

  init(
    throwingBuilder: @escaping @MainActor (Arg) throws -> VM,
    key: (@MainActor (Arg) -> AnyHashable?)?,
    tag: (@MainActor (Arg) -> AnyHashable?)?,
    aliveForever: (@MainActor (Arg) -> Bool)?,
    disposeDelay: Duration?, keepReleased: Int,
    argumentKey: @escaping @Sendable (Arg) -> AnyHashable?
  ) {
    self.disposeDelay = disposeDelay
    self.keepReleased = max(0, keepReleased)
    self.builder = throwingBuilder
    self.keyFunction = key
    self.tagFunction = tag
    self.aliveForeverFunction = aliveForever
    self.argumentKey = argumentKey
    ownReleasePolicy = ReleasePolicy(
      disposeDelay: disposeDelay,
      keepReleased: self.keepReleased > 0 ? (ObjectIdentifier(self), self.keepReleased) : nil)
  }

  /// The release policy of the specs this family makes for itself, made once. Unchecked: set
  /// once, in `init`, and only read after it.
  @exclusivity(unchecked) private var ownReleasePolicy: ReleasePolicy?

  /// The spec for one argument.
  ///
  /// ```swift
  /// let user = binding.watch(userSpec("u1"))
  /// ```
  ///
  /// - Parameter arg: The argument the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding. A proxy installed on this family with
  ///   ``setProxy(_:)`` applies when the spec is resolved.
  @MainActor
  public func callAsFunction(_ arg: Arg) -> ViewModelSpec<VM> {
    makeSpec(arg, identityFamily: self)
  }

  /// Makes the spec for `arg` from this family's functions. `identityFamily` is the family the
  /// caller named, which stays the identity of private instances when a proxy builds them.
  @MainActor
  func makeSpec(_ arg: Arg, identityFamily: ViewModelSpecWithArg<VM, Arg>) -> ViewModelSpec<VM> {
    let argumentKey = identityFamily.argumentKey(arg)
    let key = keyFunction.map { $0(arg) } ?? argumentKey
    let privateKey: InstanceKey? =
      key == nil
      ? argumentKey.map { .privateArgument(family: ObjectIdentifier(identityFamily), argument: $0) }
      : nil
    let builder = self.builder
    let origin = SpecOrigin<VM>(
      familyID: ObjectIdentifier(identityFamily), family: identityFamily,
      remake: { proxy in
        (proxy as? ViewModelSpecWithArg<VM, Arg>)?.makeSpec(arg, identityFamily: identityFamily)
      })
    // The pool of kept instances belongs to the family the caller named, so a proxy shares it.
    let policy =
      identityFamily === self
      ? ownReleasePolicy
      : ReleasePolicy(
        disposeDelay: disposeDelay,
        keepReleased: keepReleased > 0 ? (ObjectIdentifier(identityFamily), keepReleased) : nil)
    return ViewModelSpec(
      values: InstanceArg.Values(
        key: key, tag: tagFunction?(arg), aliveForever: aliveForeverFunction?(arg) ?? false),
      releasePolicy: policy, privateKey: privateKey, origin: origin, builder: { try builder(arg) })
  }
}
