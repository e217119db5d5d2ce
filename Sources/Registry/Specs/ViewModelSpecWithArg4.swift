/// A family of specs made from 4 arguments; see ``ViewModelSpecWithArg`` for the rules.
///
/// When every argument is `Hashable` and no `key` function is given, the arguments together are
/// the key.
///
/// ```swift
/// let spec = ViewModelSpecWithArg4<ItemViewModel, String, Int, Bool, Double>(
///   builder: { ItemViewModel($0, $1, $2, $3) }
/// )
/// let item = binding.watch(spec("u1", 2, true, 0.5))
/// ```
public final class ViewModelSpecWithArg4<VM: ViewModel, A, B, C, D>: @unchecked Sendable {
  // @unchecked: immutable; the closures run on the main actor only.
  package let family: ViewModelSpecWithArg<VM, (A, B, C, D)>

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
    builder: @escaping @MainActor (A, B, C, D) -> VM,
    key: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C, D) -> Bool)? = nil,
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
    throwingBuilder: @escaping @MainActor (A, B, C, D) throws -> VM,
    key: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C, D) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    let build: @MainActor ((A, B, C, D)) throws -> VM = { args in
      try throwingBuilder(args.0, args.1, args.2, args.3)
    }
    family = ViewModelSpecWithArg(
      throwingBuilder: build, key: Self.spread(key), tag: Self.spread(tag),
      aliveForever: Self.spread(aliveForever), disposeDelay: disposeDelay,
      keepReleased: keepReleased,
      argumentKey: { args in ArgumentKey(args.0, args.1, args.2, args.3).map(AnyHashable.init) })
  }

  /// Adapts a function of 4 arguments to the tuple the underlying family takes.
  private static func spread<T>(
    _ function: (@MainActor (A, B, C, D) -> T)?
  ) -> (@MainActor ((A, B, C, D)) -> T)? {
    guard let function else { return nil }
    return { args in function(args.0, args.1, args.2, args.3) }
  }

  /// The spec for these arguments.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C, _ d: D) -> ViewModelSpec<VM> {
    family((a, b, c, d))
  }

  /// Builds every later resolution of this family from `proxy`, in the current registry.
  ///
  /// ```swift
  /// spec.setProxy(
  ///   ViewModelSpecWithArg4(builder: { _, _, _, _ in MockItemViewModel() }))
  /// ```
  ///
  /// - Parameter proxy: The family to build from instead.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpecWithArg4<VM, A, B, C, D>) {
    family.setProxy(proxy.family)
  }

  /// Builds every later resolution of this family with `builder`, in the current registry,
  /// keeping the family's key, tag and lifetime functions, grace period and pool.
  ///
  /// ```swift
  /// spec.setProxy { _, _, _, _ in MockItemViewModel() }
  /// ```
  ///
  /// - Parameter builder: Builds the instance for the arguments instead; it may throw.
  @MainActor
  public func setProxy(builder: @escaping @MainActor (A, B, C, D) throws -> VM) {
    family.setProxy { args in try builder(args.0, args.1, args.2, args.3) }
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
    _ proxy: ViewModelSpecWithArg4<VM, A, B, C, D>, operation: () throws -> R
  ) rethrows -> R {
    try family.withProxy(proxy.family, operation: operation)
  }
}

extension ViewModelSpecWithArg4 where A: Hashable, B: Hashable, C: Hashable, D: Hashable {
  /// The spec for these arguments: the same spec object for equal arguments, made once and
  /// kept in a small cache, as ``ViewModelSpecWithArg`` does for a `Hashable` argument (see its
  /// notes). This overload is chosen when every argument is `Hashable`.
  ///
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ a: A, _ b: B, _ c: C, _ d: D) -> ViewModelSpec<VM> {
    family.cachedSpec((a, b, c, d), cacheKey: HashableArguments4(a, b, c, d))
  }
}
