/// A family of specs made from 3 arguments; see ``ViewModelSpecWithArg`` for the rules.
///
/// When every argument is `Hashable` and no `key` function is given, the arguments together are
/// the key.
///
/// ```swift
/// let spec = ViewModelSpecWithArg3<ItemViewModel, String, Int, Bool>(
///   builder: { ItemViewModel($0, $1, $2) }
/// )
/// let item = binding.watch(spec("u1", 2, true))
/// ```
public final class ViewModelSpecWithArg3<VM: ViewModel, A, B, C>: @unchecked Sendable {
  // @unchecked: immutable; the closures run on the main actor only.
  package let family: ViewModelSpecWithArg<VM, (A, B, C)>

  /// Creates a family whose builder cannot fail.
  ///
  /// - Parameters:
  ///   - builder: Builds the instance for the arguments.
  ///   - key: The key for the arguments; `nil` from it means private. Omitted: the arguments
  ///     together, when all are `Hashable`.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public convenience init(
    builder: @escaping @MainActor (A, B, C) -> VM,
    key: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    self.init(
      throwingBuilder: builder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased)
  }

  /// Creates a family whose builder can throw.
  ///
  /// - Parameters:
  ///   - throwingBuilder: Builds the instance for the arguments, or throws.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public init(
    throwingBuilder: @escaping @MainActor (A, B, C) throws -> VM,
    key: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    let build: @MainActor ((A, B, C)) throws -> VM = { args in
      try throwingBuilder(args.0, args.1, args.2)
    }
    family = ViewModelSpecWithArg(
      throwingBuilder: build, key: Self.spread(key), tag: Self.spread(tag),
      aliveForever: Self.spread(aliveForever), disposeDelay: disposeDelay,
      keepReleased: keepReleased,
      argumentKey: { args in ArgumentKey(args.0, args.1, args.2).map(AnyHashable.init) })
  }

  /// Adapts a function of 3 arguments to the tuple the underlying family takes.
  private static func spread<T>(
    _ function: (@MainActor (A, B, C) -> T)?
  ) -> (@MainActor ((A, B, C)) -> T)? {
    guard let function else { return nil }
    return { args in function(args.0, args.1, args.2) }
  }

  /// The spec for these arguments.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C) -> ViewModelSpec<VM> {
    family((a, b, c))
  }

  /// Builds every later resolution of this family from `proxy`, in the current registry.
  ///
  /// ```swift
  /// spec.setProxy(
  ///   ViewModelSpecWithArg3(builder: { _, _, _ in MockItemViewModel() }))
  /// ```
  ///
  /// - Parameter proxy: The family to build from instead.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpecWithArg3<VM, A, B, C>) {
    family.setProxy(proxy.family)
  }

  /// Builds every later resolution of this family with `builder`, in the current registry,
  /// keeping the family's key, tag and lifetime functions, grace period and pool.
  ///
  /// ```swift
  /// spec.setProxy { _, _, _ in MockItemViewModel() }
  /// ```
  ///
  /// - Parameter builder: Builds the instance for the arguments instead; it may throw.
  @MainActor
  public func setProxy(builder: @escaping @MainActor (A, B, C) throws -> VM) {
    family.setProxy { args in try builder(args.0, args.1, args.2) }
  }

  /// Removes the proxy installed on this family in the current registry.
  ///
  /// ```swift
  /// spec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    family.clearProxy()
  }

  /// Runs `operation` with `proxy` installed, then restores what was installed before, even
  /// when `operation` throws.
  ///
  /// ```swift
  /// try spec.withProxy(mockSpec) { try runScenario() }
  /// ```
  ///
  /// - Parameters:
  ///   - proxy: The family to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func withProxy<R>(
    _ proxy: ViewModelSpecWithArg3<VM, A, B, C>, operation: () throws -> R
  ) rethrows -> R {
    try family.withProxy(proxy.family, operation: operation)
  }
}

extension ViewModelSpecWithArg3 where A: Hashable, B: Hashable, C: Hashable {
  /// The spec for these arguments: the same spec object for equal arguments, made once and
  /// kept in a small cache, as ``ViewModelSpecWithArg`` does for a `Hashable` argument (see its
  /// notes). This overload is chosen when every argument is `Hashable`.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C) -> ViewModelSpec<VM> {
    family.cachedSpec((a, b, c), cacheKey: HashableArguments3(a, b, c))
  }
}
