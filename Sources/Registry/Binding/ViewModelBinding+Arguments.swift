/// Resolving a family's argument without a spec: `binding.watch(userSpec, id)`.
extension ViewModelBinding {
  /// Resolves the instance `family` makes for `arg`, holds it and refreshes the host whenever
  /// it changes: the same instance as
  /// [`watch(family(arg))`](doc:watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)),
  /// without making a spec for the argument.
  ///
  /// ```swift
  /// let user = binding.watch(userSpec, id)  // in a body, on every render
  /// ```
  ///
  /// When the argument is its own key (the family has no `key` function, and `Arg` is not
  /// optional), a new argument costs the instance and one small object, the argument's origin,
  /// which the family keeps in a cache like its specs (256 at most, then it starts again empty),
  /// and one more for the argument's tag when the family has a tag function. While proxies are
  /// installed in the registry (in tests), it resolves through `family(arg)`, which they route. A
  /// binding that already holds the instance gets it back with one lookup in the family's cache,
  /// plus one in the binding's table when the binding has let go of something since it last
  /// answered; it allocates nothing. Other families resolve through `family(arg)`.
  ///
  /// A builder that can throw is resolved with
  /// ``watchThrowing(_:)-(ViewModelSpec<VM>)``, `watchThrowing(family(arg))`.
  ///
  /// > Important: The same exceptions as
  /// > [`watch(_:)`](doc:watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)) apply.
  ///
  /// - Parameters:
  ///   - family: The family that builds the instance.
  ///   - arg: The argument, which its builder, tag and lifetime functions receive.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  @inlinable @discardableResult
  public func watch<VM: ViewModel, Arg: Hashable>(
    _ family: ViewModelSpecWithArg<VM, Arg>, _ arg: Arg, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> VM {
    // Inlinable, so that the cache lookup is specialized for the argument's type.
    guard let origin = family.origin(for: arg) else {
      return watch(family(arg), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return resolveOrStop(
      origin, of: family, watching: true, operation: "watch(_:_:)", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Resolves the instance `family` makes for `arg` and holds it, without refreshing the host
  /// when it changes: the same instance as `read(family(arg))`, without making a spec for the
  /// argument (see [`watch(_:_:)`](doc:watch(_:_:fileID:filePath:line:column:))).
  ///
  /// ```swift
  /// let user = binding.read(userSpec, id)
  /// ```
  ///
  /// - Parameters:
  ///   - family: The family that builds the instance.
  ///   - arg: The argument, which its builder, tag and lifetime functions receive.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  @inlinable @discardableResult
  public func read<VM: ViewModel, Arg: Hashable>(
    _ family: ViewModelSpecWithArg<VM, Arg>, _ arg: Arg, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> VM {
    guard let origin = family.origin(for: arg) else {
      return read(family(arg), fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return resolveOrStop(
      origin, of: family, watching: false, operation: "read(_:_:)", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Resolves `origin`, the origin of an argument of `family` (a `FamilyArgument`, from
  /// ``ViewModelSpecWithArg/origin(for:)``), reporting what goes wrong at the caller's site.
  @usableFromInline
  func resolveOrStop<VM: ViewModel, Arg: Hashable>(
    _ origin: AnyObject, of family: ViewModelSpecWithArg<VM, Arg>, watching: Bool,
    operation: StaticString, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) -> VM {
    core.resolveOrStop(
      argumentOrigin(origin, of: family), of: family, mode: watching ? .watch : .read,
      operation: operation,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `origin` as what it is: the family's cache of origins holds only `FamilyArgument`s of its
  /// own view-model and argument types, so the cast is not checked.
  @inline(__always)
  private func argumentOrigin<VM: ViewModel, Arg>(
    _ origin: AnyObject, of family: ViewModelSpecWithArg<VM, Arg>
  ) -> FamilyArgument<VM, Arg> {
    unsafeDowncast(origin, to: FamilyArgument<VM, Arg>.self)
  }
}
