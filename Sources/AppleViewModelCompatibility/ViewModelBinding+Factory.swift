import Registry

extension ViewModelBinding {
  /// Resolves a factory, holds the instance and refreshes the host whenever it changes; the
  /// same as `ViewModelBinding.watch(_:)` for a ``ViewModelSpec``.
  ///
  /// ```swift
  /// let profile = binding.watch(ProfileFactory(userID: "u1"))
  /// ```
  ///
  /// > Important: The same exceptions as for a spec apply: a factory whose `buildThrowing()`
  /// > throws has nothing to return, so the error is reported and the program stops. Resolve
  /// > such factories with ``watchThrowing(_:)-(ViewModelFactory<VM>)``.
  ///
  /// - Parameters:
  ///   - factory: What to resolve; see ``ViewModelFactory`` for its identity.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  @discardableResult
  public func watch<VM: ViewModel>(
    _ factory: any ViewModelFactory<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> VM {
    watch(factory.spec, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resolves a factory and holds the instance, without refreshing the host when it changes.
  ///
  /// ```swift
  /// let analytics = binding.read(AnalyticsFactory())
  /// ```
  ///
  /// - Parameters:
  ///   - factory: What to resolve.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  @discardableResult
  public func read<VM: ViewModel>(
    _ factory: any ViewModelFactory<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> VM {
    read(factory.spec, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resolves a factory like `ViewModelBinding.watch(_:)`, throwing what can go
  /// wrong.
  ///
  /// ```swift
  /// let store = try binding.watchThrowing(StoreFactory(path: path))
  /// ```
  ///
  /// - Parameter factory: What to resolve.
  /// - Returns: The instance, held by this binding.
  /// - Throws: What `buildThrowing()` throws, or the errors of the spec form.
  @discardableResult
  public func watchThrowing<VM: ViewModel>(_ factory: any ViewModelFactory<VM>) throws -> VM {
    try watchThrowing(factory.spec)
  }

  /// Resolves a factory like `ViewModelBinding.read(_:)`, throwing what can go
  /// wrong.
  ///
  /// ```swift
  /// let store = try binding.readThrowing(StoreFactory(path: path))
  /// ```
  ///
  /// - Parameter factory: What to resolve.
  /// - Returns: The instance, held by this binding.
  /// - Throws: What `buildThrowing()` throws, or the errors of the spec form.
  @discardableResult
  public func readThrowing<VM: ViewModel>(_ factory: any ViewModelFactory<VM>) throws -> VM {
    try readThrowing(factory.spec)
  }
}

extension ViewModelFactory {
  /// The spec a binding resolves for this factory: the spec itself, or one made from the
  /// factory's key, tag, lifetime and `buildThrowing()`. Unkeyed, such specs share one private
  /// identity per factory type, so that a factory made anew for each call still finds the
  /// instance its binding holds.
  var spec: ViewModelSpec<VM> {
    if let spec = self as? ViewModelSpec<VM> { return spec }
    let factoryType = ObjectIdentifier(type(of: self))
    return ViewModelSpec(
      factoryType: factoryType, key: key(), tag: tag(), aliveForever: aliveForever(),
      builder: { [self] in try self.buildThrowing() })
  }
}
