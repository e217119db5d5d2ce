extension ViewModelRegistry {
  /// Builds every later resolution of the service `spec` in this registry from `proxy`, a whole
  /// spec with its own key, tag and lifetime.
  ///
  /// ```swift
  /// registry.setProxy(
  ///   ServiceSpec<any APIClient>(key: "api") { MockAPIClient() }, for: apiSpec)
  /// ```
  ///
  /// > Important: A proxy that makes a shared spec private, or the reverse, or changes
  /// > `aliveForever`, is reported as a warning and installed as given. To keep the spec's
  /// > identity, use
  /// > [`setProxy(for:builder:)`](doc:setProxy(for:fileID:filePath:line:column:builder:)-(ServiceSpec<Service>,_,_,_,_,_)).
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from instead.
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func setProxy<Service>(
    _ proxy: ServiceSpec<Service>, for spec: ServiceSpec<Service>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    setProxy(
      proxy.spec, for: spec.spec, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Builds every later resolution of the service `spec` in this registry with `builder`,
  /// keeping everything else the spec is: its key, sharing, tag, lifetime, grace period and
  /// `onDispose`. For an interface, it stands in for the provider.
  ///
  /// ```swift
  /// registry.setProxy(for: apiSpec) { MockAPIClient(responses: fixtures) }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Makes the service instead; it may throw.
  public func setProxy<Service>(
    for spec: ServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor () throws -> Service
  ) {
    setProxy(
      for: spec.spec, fileID: fileID, filePath: filePath, line: line, column: column,
      builder: ServiceBox.maker(builder, onDispose: spec.onDispose))
  }

  /// Builds every later resolution of the async service `spec` in this registry with
  /// `builder`, keeping its key, sharing, tag and lifetime.
  ///
  /// ```swift
  /// registry.setProxy(for: databaseSpec) { InMemoryDatabase() }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Makes the service instead; it may suspend and throw.
  public func setProxy<Service>(
    for spec: AsyncServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor () async throws -> Service
  ) {
    let disposal = ServiceDisposal<Service>(nil)
    let replacement = spec.spec.replacingBuilder {
      ServiceBox<Service>(try await builder(), disposal: disposal)
    }
    installProxy(
      replacement, for: spec.spec, operation: "setProxy(for:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Removes the proxy of a service spec, if any.
  ///
  /// ```swift
  /// registry.clearProxy(for: apiSpec)
  /// ```
  ///
  /// - Parameter spec: The spec whose proxy to remove.
  public func clearProxy<Service>(for spec: ServiceSpec<Service>) {
    clearProxy(for: spec.spec)
  }

  /// Removes the proxy of an async service spec, if any.
  ///
  /// ```swift
  /// registry.clearProxy(for: databaseSpec)
  /// ```
  ///
  /// - Parameter spec: The spec whose proxy to remove.
  public func clearProxy<Service>(for spec: AsyncServiceSpec<Service>) {
    clearProxy(for: spec.spec)
  }
}

extension ServiceSpec {
  /// Builds every later resolution of this spec with `builder`, in the current registry,
  /// keeping everything else the spec is.
  ///
  /// ```swift
  /// apiSpec.setProxy { MockAPIClient() }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Makes the service instead; it may throw.
  @MainActor
  public func setProxy(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, builder: @escaping @MainActor () throws -> Service
  ) {
    ViewModelRegistry.current.setProxy(
      for: self, fileID: fileID, filePath: filePath, line: line, column: column,
      builder: builder)
  }

  /// Builds every later resolution of this spec from `proxy`, in the current registry.
  ///
  /// ```swift
  /// apiSpec.setProxy(ServiceSpec(key: "api") { MockAPIClient() })
  /// ```
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from instead; a change of sharing or lifetime is reported as
  ///     a warning.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  @MainActor
  public func setProxy(
    _ proxy: ServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    ViewModelRegistry.current.setProxy(
      proxy, for: self, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Removes the proxy installed on this spec in the current registry.
  ///
  /// ```swift
  /// apiSpec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    ViewModelRegistry.current.clearProxy(for: self)
  }

  /// Runs `operation` with `builder` building this spec in the current registry, then restores
  /// what was installed before, even when `operation` throws.
  ///
  /// ```swift
  /// try apiSpec.withProxy({ FailingAPIClient() }) { try runScenario() }
  /// ```
  ///
  /// - Parameters:
  ///   - builder: Makes the service while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func withProxy<R>(
    _ builder: @escaping @MainActor () throws -> Service, operation: () throws -> R
  ) rethrows -> R {
    try ViewModelRegistry.current.withProxy(
      spec.replacingBuilder(ServiceBox.maker(builder, onDispose: onDispose)), for: spec,
      operation: operation)
  }
}
