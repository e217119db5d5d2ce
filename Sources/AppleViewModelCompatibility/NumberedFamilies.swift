import Registry

/// What AppleViewModel's families of two, three and four arguments share, written once over
/// their arguments as one tuple (`Args`): proxies, overrides and the functions as declared.
/// Registry's own family of several arguments is `ViewModelSpecWithArgs`; these
/// classes keep AppleViewModel's names — `T` for the view model and `A`, `B`, `C`, `D` for the
/// arguments — which an extension in an app may use, and which a type alias could not give.
///
/// ```swift
/// extension ViewModelSpecWithArg2 {
///   @MainActor func spec(_ a: A, _ b: B) -> ViewModelSpec<T> { self(a, b) }
/// }
/// ```
@MainActor
public class NumberedViewModelFamily<T: ViewModel, Args> {
  /// The family over the arguments as one tuple, which does the work.
  let family: ViewModelSpecWithArg<T, Args>

  nonisolated init(family: ViewModelSpecWithArg<T, Args>) {
    self.family = family
  }

  /// The builder as declared, over the arguments as one tuple.
  var tupleBuilder: @MainActor (Args) -> T { stoppingOnError(family.makeInstance) }

  /// Builds every later resolution of this family from `proxy`, in the current registry.
  ///
  /// ```swift
  /// spec.setProxy(mockSpec)
  /// ```
  ///
  /// - Parameter proxy: The family to build from instead.
  public func setProxy(_ proxy: NumberedViewModelFamily<T, Args>) {
    ViewModelRegistry.current.setProxy(proxy.family, for: family)
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
  public func withProxy<R>(
    _ proxy: NumberedViewModelFamily<T, Args>, operation: () throws -> R
  ) rethrows -> R {
    try ViewModelRegistry.current.withProxy(proxy.family, for: family, operation: operation)
  }

  /// Removes the proxy installed on this family in the current registry.
  ///
  /// ```swift
  /// spec.clearProxy()
  /// ```
  public func clearProxy() {
    ViewModelRegistry.current.clearProxy(for: family)
  }

  /// Builds every later resolution of this family from `spec`, in the current registry, until
  /// the returned closure is called. Overrides nest as for `ViewModelSpec.overrideWith(_:)`.
  ///
  /// ```swift
  /// let restore = spec.overrideWith(mockSpec)
  /// defer { restore() }
  /// ```
  ///
  /// - Parameter spec: The family to build from instead.
  /// - Returns: A closure that removes this override; calling it again does nothing.
  public func overrideWith(_ spec: NumberedViewModelFamily<T, Args>) -> @MainActor () -> Void {
    family.overrideWith(spec.family)
  }

  /// Runs `operation` with `spec` overriding this family, then removes the override.
  ///
  /// ```swift
  /// spec.runWithOverride(mockSpec) { _ = binding.watch(spec("u1", 2)) }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The family to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  public func runWithOverride<Result>(
    _ spec: NumberedViewModelFamily<T, Args>, operation: () throws -> Result
  ) rethrows -> Result {
    try family.runWithOverride(spec.family, operation: operation)
  }

  /// Runs the async `operation` with `spec` overriding this family, then removes the override.
  ///
  /// ```swift
  /// await spec.runWithOverride(mockSpec) { await screen.load() }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The family to build from while `operation` runs.
  ///   - operation: The work to run, on the main actor.
  /// - Returns: What `operation` returns.
  public func runWithOverride<Result>(
    _ spec: NumberedViewModelFamily<T, Args>, operation: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await family.runWithOverride(spec.family, operation: operation)
  }
}

/// A family of specs made from two arguments, in AppleViewModel's shape; see
/// ``NumberedViewModelFamily``.
///
/// ```swift
/// let itemSpec = ViewModelSpecWithArg2<ItemViewModel, String, Int>(
///   builder: { ItemViewModel($0, $1) })
/// let item = binding.watch(itemSpec("u1", 2))
/// ```
public final class ViewModelSpecWithArg2<T: ViewModel, A, B>: NumberedViewModelFamily<T, (A, B)> {
  let spread: ViewModelSpecWithArgs<T, A, B>

  /// Creates a family whose builder cannot fail.
  ///
  /// ```swift
  /// ViewModelSpecWithArg2<Cell, Int, Int>(builder: { Cell($0, $1) })
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Builds the instance for the arguments.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public nonisolated convenience init(
    builder: @escaping @MainActor (A, B) -> T, key: (@MainActor (A, B) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    self.init(
      throwingBuilder: builder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased)
  }

  /// Creates a family whose builder can throw.
  ///
  /// ```swift
  /// ViewModelSpecWithArg2<Page, URL, Int>(throwingBuilder: { try Page($0, $1) })
  /// ```
  ///
  /// - Parameters:
  ///   - throwingBuilder: Builds the instance for the arguments, or throws.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public nonisolated init(
    throwingBuilder: @escaping @MainActor (A, B) throws -> T,
    key: (@MainActor (A, B) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    spread = ViewModelSpecWithArgs(
      builder: throwingBuilder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased)
    super.init(family: spread.family)
  }

  /// The spec for these arguments; see Registry's `ViewModelSpecWithArgs`.
  ///
  /// - Returns: A spec to resolve through a binding.
  public func callAsFunction(_ a: A, _ b: B) -> ViewModelSpec<T> { spread(a, b) }

  /// Builds every later resolution of this family with `builder`, in the current registry,
  /// keeping the family's key, tag and lifetime functions, grace period and pool.
  ///
  /// ```swift
  /// spec.setProxy { _, _ in MockItemViewModel() }
  /// ```
  ///
  /// - Parameter builder: Builds the instance for the arguments instead; it may throw.
  public func setProxy(builder: @escaping @MainActor (A, B) throws -> T) {
    ViewModelRegistry.current.setProxy(for: family) { try builder($0.0, $0.1) }
  }

  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  public var builder: @MainActor (A, B) -> T { gather(tupleBuilder)! }
  /// The key function as declared, or `nil` when none was given.
  public var keyFn: (@MainActor (A, B) -> AnyHashable?)? { gather(family.keyFunction) }
  /// The tag function as declared, or `nil`.
  public var tagFn: (@MainActor (A, B) -> AnyHashable?)? { gather(family.tagFunction) }
  /// The lifetime function as declared, or `nil` (not alive forever).
  public var aliveForeverFn: (@MainActor (A, B) -> Bool)? { gather(family.aliveForeverFunction) }

  private func gather<R>(_ function: (@MainActor ((A, B)) -> R)?) -> (@MainActor (A, B) -> R)? {
    guard let function else { return nil }
    return { a, b in function((a, b)) }
  }
}

extension ViewModelSpecWithArg2 where A: Hashable, B: Hashable {
  /// The spec for these arguments: the same spec object for equal arguments.
  ///
  /// - Returns: A spec to resolve through a binding.
  public func callAsFunction(_ a: A, _ b: B) -> ViewModelSpec<T> { spread(a, b) }
}

/// A family of specs made from three arguments, in AppleViewModel's shape; see
/// ``NumberedViewModelFamily``.
///
/// ```swift
/// let itemSpec = ViewModelSpecWithArg3<ItemViewModel, String, Int, Bool>(
///   builder: { ItemViewModel($0, $1, $2) })
/// let item = binding.watch(itemSpec("u1", 2, true))
/// ```
public final class ViewModelSpecWithArg3<T: ViewModel, A, B, C>: NumberedViewModelFamily<
  T, (A, B, C)
>
{
  let spread: ViewModelSpecWithArgs<T, A, B, C>

  /// Creates a family whose builder cannot fail.
  ///
  /// ```swift
  /// ViewModelSpecWithArg3<Cell, Int, Int, Int>(
  ///   builder: { Cell($0, $1, $2) })
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Builds the instance for the arguments.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public nonisolated convenience init(
    builder: @escaping @MainActor (A, B, C) -> T,
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
  /// ```swift
  /// ViewModelSpecWithArg3<Page, URL, Int, Int>(
  ///   throwingBuilder: { try Page($0, $1, $2) })
  /// ```
  ///
  /// - Parameters:
  ///   - throwingBuilder: Builds the instance for the arguments, or throws.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public nonisolated init(
    throwingBuilder: @escaping @MainActor (A, B, C) throws -> T,
    key: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    spread = ViewModelSpecWithArgs(
      builder: throwingBuilder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased)
    super.init(family: spread.family)
  }

  /// The spec for these arguments; see Registry's `ViewModelSpecWithArgs`.
  ///
  /// - Returns: A spec to resolve through a binding.
  public func callAsFunction(_ a: A, _ b: B, _ c: C) -> ViewModelSpec<T> { spread(a, b, c) }

  /// Builds every later resolution of this family with `builder`, in the current registry,
  /// keeping the family's key, tag and lifetime functions, grace period and pool.
  ///
  /// ```swift
  /// spec.setProxy { _, _, _ in MockItemViewModel() }
  /// ```
  ///
  /// - Parameter builder: Builds the instance for the arguments instead; it may throw.
  public func setProxy(builder: @escaping @MainActor (A, B, C) throws -> T) {
    ViewModelRegistry.current.setProxy(for: family) { try builder($0.0, $0.1, $0.2) }
  }

  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  public var builder: @MainActor (A, B, C) -> T { gather(tupleBuilder)! }
  /// The key function as declared, or `nil` when none was given.
  public var keyFn: (@MainActor (A, B, C) -> AnyHashable?)? { gather(family.keyFunction) }
  /// The tag function as declared, or `nil`.
  public var tagFn: (@MainActor (A, B, C) -> AnyHashable?)? { gather(family.tagFunction) }
  /// The lifetime function as declared, or `nil` (not alive forever).
  public var aliveForeverFn: (@MainActor (A, B, C) -> Bool)? { gather(family.aliveForeverFunction) }

  private func gather<R>(_ function: (@MainActor ((A, B, C)) -> R)?) -> (@MainActor (A, B, C) -> R)?
  {
    guard let function else { return nil }
    return { a, b, c in function((a, b, c)) }
  }
}

extension ViewModelSpecWithArg3 where A: Hashable, B: Hashable, C: Hashable {
  /// The spec for these arguments: the same spec object for equal arguments.
  ///
  /// - Returns: A spec to resolve through a binding.
  public func callAsFunction(_ a: A, _ b: B, _ c: C) -> ViewModelSpec<T> { spread(a, b, c) }
}

/// A family of specs made from four arguments, in AppleViewModel's shape; see
/// ``NumberedViewModelFamily``.
///
/// ```swift
/// let itemSpec = ViewModelSpecWithArg4<ItemViewModel, String, Int, Bool, Int>(
///   builder: { ItemViewModel($0, $1, $2, $3) })
/// let item = binding.watch(itemSpec("u1", 2, true, 0))
/// ```
public final class ViewModelSpecWithArg4<T: ViewModel, A, B, C, D>: NumberedViewModelFamily<
  T, (A, B, C, D)
>
{
  let spread: ViewModelSpecWithArgs<T, A, B, C, D>

  /// Creates a family whose builder cannot fail.
  ///
  /// ```swift
  /// ViewModelSpecWithArg4<Cell, Int, Int, Int, Int>(
  ///   builder: { Cell($0, $1, $2, $3) })
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Builds the instance for the arguments.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public nonisolated convenience init(
    builder: @escaping @MainActor (A, B, C, D) -> T,
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
  /// ```swift
  /// ViewModelSpecWithArg4<Page, URL, Int, Int, Int>(
  ///   throwingBuilder: { try Page($0, $1, $2, $3) })
  /// ```
  ///
  /// - Parameters:
  ///   - throwingBuilder: Builds the instance for the arguments, or throws.
  ///   - key: The key for the arguments; `nil` from it means private.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public nonisolated init(
    throwingBuilder: @escaping @MainActor (A, B, C, D) throws -> T,
    key: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    tag: (@MainActor (A, B, C, D) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (A, B, C, D) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    spread = ViewModelSpecWithArgs(
      builder: throwingBuilder, key: key, tag: tag, aliveForever: aliveForever,
      disposeDelay: disposeDelay, keepReleased: keepReleased)
    super.init(family: spread.family)
  }

  /// The spec for these arguments; see Registry's `ViewModelSpecWithArgs`.
  ///
  /// - Returns: A spec to resolve through a binding.
  public func callAsFunction(_ a: A, _ b: B, _ c: C, _ d: D) -> ViewModelSpec<T> {
    spread(a, b, c, d)
  }

  /// Builds every later resolution of this family with `builder`, in the current registry,
  /// keeping the family's key, tag and lifetime functions, grace period and pool.
  ///
  /// ```swift
  /// spec.setProxy { _, _, _, _ in MockItemViewModel() }
  /// ```
  ///
  /// - Parameter builder: Builds the instance for the arguments instead; it may throw.
  public func setProxy(builder: @escaping @MainActor (A, B, C, D) throws -> T) {
    ViewModelRegistry.current.setProxy(for: family) { try builder($0.0, $0.1, $0.2, $0.3) }
  }

  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  public var builder: @MainActor (A, B, C, D) -> T { gather(tupleBuilder)! }
  /// The key function as declared, or `nil` when none was given.
  public var keyFn: (@MainActor (A, B, C, D) -> AnyHashable?)? { gather(family.keyFunction) }
  /// The tag function as declared, or `nil`.
  public var tagFn: (@MainActor (A, B, C, D) -> AnyHashable?)? { gather(family.tagFunction) }
  /// The lifetime function as declared, or `nil` (not alive forever).
  public var aliveForeverFn: (@MainActor (A, B, C, D) -> Bool)? {
    gather(family.aliveForeverFunction)
  }

  private func gather<R>(_ function: (@MainActor ((A, B, C, D)) -> R)?) -> (
    @MainActor (A, B, C, D) -> R
  )? {
    guard let function else { return nil }
    return { a, b, c, d in function((a, b, c, d)) }
  }
}

extension ViewModelSpecWithArg4 where A: Hashable, B: Hashable, C: Hashable, D: Hashable {
  /// The spec for these arguments: the same spec object for equal arguments.
  ///
  /// - Returns: A spec to resolve through a binding.
  public func callAsFunction(_ a: A, _ b: B, _ c: C, _ d: D) -> ViewModelSpec<T> {
    spread(a, b, c, d)
  }
}
