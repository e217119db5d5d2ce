extension ViewModelSpec {
  /// Builds every later resolution of this spec from `proxy`, in the current registry.
  ///
  /// Proxies live in the registry, not in the spec: a test running in its own registry (see
  /// `RegistryTesting`) swaps a spec without any other test seeing it. An instance already built
  /// stays as it is; the proxy applies to the next build.
  ///
  /// ```swift
  /// authSpec.setProxy(ViewModelSpec(key: "auth") { MockAuthViewModel() })
  /// ```
  ///
  /// The proxy builds the same `VM` type, so a mock is a subclass of the real view model; in
  /// another module that class must be `open` with a `public` initializer.
  ///
  /// To keep this spec's key, sharing and lifetime and swap only the builder, use
  /// [`setProxy(builder:)`](doc:setProxy(fileID:filePath:line:column:builder:)).
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from instead. Its key, tag and lifetime are used: a change of
  ///     sharing or of `aliveForever` is reported as a warning
  ///     (``RegistryError/proxyChangesSpec(type:key:changes:)``).
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  @MainActor
  public func setProxy(
    _ proxy: ViewModelSpec<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    ViewModelRegistry.current.setProxy(
      proxy, for: self, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Builds every later resolution of this spec with `builder`, in the current registry,
  /// keeping everything else the spec is: its key, sharing, tag, lifetime and grace period.
  ///
  /// ```swift
  /// sessionSpec.setProxy { MockSessionViewModel(user: "ada@example.test") }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Builds the instance instead of the spec's builder; it may throw.
  @MainActor
  public func setProxy(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, builder: @escaping @MainActor () throws -> VM
  ) {
    ViewModelRegistry.current.setProxy(
      for: self, fileID: fileID, filePath: filePath, line: line, column: column,
      builder: builder)
  }

  /// Removes the proxy installed on this spec in the current registry.
  ///
  /// ```swift
  /// authSpec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    ViewModelRegistry.current.clearProxy(for: self)
  }

  /// Runs `operation` with `proxy` installed, then restores what was installed before, even
  /// when `operation` throws.
  ///
  /// ```swift
  /// authSpec.withProxy(ViewModelSpec(key: "auth") { MockAuthViewModel() }) {
  ///   let auth = binding.watch(authSpec)  // a MockAuthViewModel
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func withProxy<R>(_ proxy: ViewModelSpec<VM>, operation: () throws -> R) rethrows -> R {
    let registry = ViewModelRegistry.current
    registry.reportChanges(from: values, to: proxy.values, type: VM.self, at: nil)
    return try registry.withProxy(proxy, for: self, operation: operation)
  }
}

extension ViewModelSpecWithArg {
  /// Builds every later resolution of this family, for every argument, from `proxy`, in the
  /// current registry.
  ///
  /// ```swift
  /// userSpec.setProxy(
  ///   ViewModelSpecWithArg(builder: { MockUserViewModel(id: $0) }))
  /// ```
  ///
  /// - Parameter proxy: The family to build from instead; its key, tag and lifetime functions
  ///   are used too.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpecWithArg<VM, Arg>) {
    ViewModelRegistry.current.setProxy(proxy, for: self)
  }

  /// Builds every later resolution of this family, for every argument, with `builder`, in the
  /// current registry, keeping the family's key, tag and lifetime functions, grace period and
  /// pool.
  ///
  /// ```swift
  /// userSpec.setProxy { id in MockUserViewModel(id: id) }
  /// ```
  ///
  /// - Parameter builder: Builds the instance for an argument instead; it may throw.
  @MainActor
  public func setProxy(builder: @escaping @MainActor (Arg) throws -> VM) {
    ViewModelRegistry.current.setProxy(for: self, builder: builder)
  }

  /// Removes the proxy installed on this family in the current registry.
  ///
  /// ```swift
  /// userSpec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    ViewModelRegistry.current.clearProxy(for: self)
  }

  /// Runs `operation` with `proxy` installed, then restores what was installed before, even
  /// when `operation` throws.
  ///
  /// ```swift
  /// userSpec.withProxy(mockUsers) { _ = binding.watch(userSpec("u1")) }
  /// ```
  ///
  /// - Parameters:
  ///   - proxy: The family to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func withProxy<R>(
    _ proxy: ViewModelSpecWithArg<VM, Arg>, operation: () throws -> R
  ) rethrows -> R {
    try ViewModelRegistry.current.withProxy(proxy, for: self, operation: operation)
  }
}
