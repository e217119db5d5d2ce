/// A family of specs made from several arguments; see ``ViewModelSpecWithArg`` for the rules.
///
/// When every argument is `Hashable` and no `key` function is given, the arguments together are
/// the key, and equal arguments get the same spec object, made once and kept in a small cache.
/// `ViewModelSpecWithArg2`, `3` and `4` are names for it with two, three and four arguments.
///
/// ```swift
/// let itemSpec = ViewModelSpecWithArgs<ItemViewModel, String, Int>(
///   builder: { list, index in ItemViewModel(list, index) }
/// )
/// let item = binding.watch(itemSpec("inbox", 2))
/// ```
public final class ViewModelSpecWithArgs<VM: ViewModel, each Arg>: @unchecked Sendable {
  // @unchecked: immutable; the closures run on the main actor only.
  /// The family over the arguments as one tuple, which does the work.
  @usableFromInline package let family: ViewModelSpecWithArg<VM, (repeat each Arg)>

  /// Creates a family.
  ///
  /// ```swift
  /// let cellSpec = ViewModelSpecWithArgs<CellViewModel, Int, Int>(
  ///   builder: { row, column in CellViewModel(row, column) },
  ///   key: { row, column in "\(row):\(column)" })
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Builds the instance for the arguments; it may throw (see
  ///     ``ViewModelBinding/watchThrowing(_:)-(ViewModelSpec<VM>)``).
  ///   - key: The key for the arguments; `nil` from it means private. Omitted: the arguments
  ///     together, when all are `Hashable`.
  ///   - tag: The tag for the arguments.
  ///   - aliveForever: Whether the instance for the arguments outlives its holders.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - keepReleased: How many released instances to keep alive for a quick return.
  public init(
    builder: @escaping @MainActor (repeat each Arg) throws -> VM,
    key: (@MainActor (repeat each Arg) -> AnyHashable?)? = nil,
    tag: (@MainActor (repeat each Arg) -> AnyHashable?)? = nil,
    aliveForever: (@MainActor (repeat each Arg) -> Bool)? = nil,
    disposeDelay: Duration? = nil, keepReleased: Int = 0
  ) {
    family = ViewModelSpecWithArg(
      throwingBuilder: { (args: (repeat each Arg)) in try builder(repeat each args) },
      key: Self.spread(key), tag: Self.spread(tag), aliveForever: Self.spread(aliveForever),
      disposeDelay: disposeDelay, keepReleased: keepReleased,
      argumentKey: { (args: (repeat each Arg)) in ArgumentKey(repeat each args) })
  }

  /// The family whose builder is `family`'s, over the arguments as one tuple.
  init(family: ViewModelSpecWithArg<VM, (repeat each Arg)>) {
    self.family = family
  }

  /// Adapts a function of the arguments to the tuple the underlying family takes.
  private static func spread<T>(
    _ function: (@MainActor (repeat each Arg) -> T)?
  ) -> (@MainActor ((repeat each Arg)) -> T)? {
    guard let function else { return nil }
    return { (args: (repeat each Arg)) in function(repeat each args) }
  }

  /// The spec for these arguments, made on each call. When every argument is `Hashable`, the
  /// overload that reuses the spec made for equal arguments is chosen instead.
  ///
  /// ```swift
  /// let item = binding.watch(itemSpec("inbox", 2))
  /// ```
  ///
  /// - Parameter args: The arguments the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @MainActor
  public func callAsFunction(_ args: repeat each Arg) -> ViewModelSpec<VM> {
    family((repeat each args))
  }
}

extension ViewModelSpecWithArgs: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor ((repeat each Arg)) throws -> VM> {
    let family = family
    return _ProxyHandle(object: family, values: nil, type: VM.self) { family.replacingBuilder($0) }
  }
}

extension ViewModelSpecWithArgs where repeat each Arg: Hashable {
  /// The spec for these arguments: the same spec object for equal arguments, made once and
  /// kept in a small cache, as ``ViewModelSpecWithArg`` does for a `Hashable` argument (see its
  /// notes). This overload is chosen when every argument is `Hashable`.
  ///
  /// ```swift
  /// let item = binding.watch(itemSpec("inbox", 2))
  /// ```
  ///
  /// - Parameter args: The arguments the builder, key, tag and lifetime functions receive.
  /// - Returns: A spec to resolve through a binding; a proxy on this family applies to it.
  @inlinable @MainActor
  public func callAsFunction(_ args: repeat each Arg) -> ViewModelSpec<VM> {
    // Inlinable, so that the lookup is specialized for the caller's argument types.
    family.cachedSpec((repeat each args), cacheKey: HashableArguments(repeat each args))
  }
}

/// A family of specs made from two arguments.
public typealias ViewModelSpecWithArg2<VM: ViewModel, A, B> = ViewModelSpecWithArgs<VM, A, B>
/// A family of specs made from three arguments.
public typealias ViewModelSpecWithArg3<VM: ViewModel, A, B, C> = ViewModelSpecWithArgs<
  VM, A, B, C
>
/// A family of specs made from four arguments.
public typealias ViewModelSpecWithArg4<VM: ViewModel, A, B, C, D> = ViewModelSpecWithArgs<
  VM, A, B, C, D
>
