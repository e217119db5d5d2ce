extension ViewModelBinding {
  /// Resolves a service and holds it; builds it when nothing alive matches.
  ///
  /// The binding holds one reference to the service however often it reads it, and lets go
  /// when it is disposed (or
  /// [`unbind(_:)`](doc:unbind(_:fileID:filePath:line:column:)-(ServiceSpec<Service>,_,_,_,_))). A
  /// service held already comes back at the cost of at most one hash lookup, as a view model does.
  /// A service never refreshes the binding: it has no changes to announce.
  ///
  /// ```swift
  /// let api = binding.read(apiSpec)
  /// ```
  ///
  /// > Important: On a disposed binding this reports the mistake and returns the live shared
  /// > service, or a new one that no registry tracks, without holding it. If the builder
  /// > throws, the build runs into a cycle, or the spec is an interface nobody provided, there is
  /// > nothing to return: the error is reported and the program stops. Resolve such specs with
  /// > ``readThrowing(_:)-(ServiceSpec<Service>)``.
  ///
  /// - Parameters:
  ///   - spec: What to resolve.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The service.
  @discardableResult @inlinable
  public func read<Service>(
    _ spec: ServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Service {
    // Inlinable, so that reading the value out of its box is specialized for the caller's
    // service type: unspecialized, it copies through value witnesses on every re-read.
    readBox(spec.spec, fileID: fileID, filePath: filePath, line: line, column: column).value
  }

  /// The box of a service, resolved and held like a view model read with `read(_:)`.
  @usableFromInline
  func readBox<Box: ViewModel>(
    _ spec: ViewModelSpec<Box>, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) -> Box {
    resolveOrStop(
      spec, watching: false, operation: "read(_:)",
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resolves a service like
  /// [`read(_:)`](doc:read(_:fileID:filePath:line:column:)-(ServiceSpec<Service>,_,_,_,_)),
  /// throwing what can go wrong.
  ///
  /// ```swift
  /// do {
  ///   let database = try binding.readThrowing(databaseSpec)
  /// } catch {
  ///   showError(error)
  /// }
  /// ```
  ///
  /// - Parameter spec: What to resolve.
  /// - Returns: The service, held by this binding.
  /// - Throws: The builder's own error;
  ///   ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)`` for an interface
  ///   nobody provided; and the errors of ``watchThrowing(_:)-(ViewModelSpec<VM>)``. In each case
  ///   nothing is left held, and nothing registered but what a dependency's own spec keeps past
  ///   its last holder (one built on the way that is `aliveForever`, waits out a grace period,
  ///   or is kept in its family's pool).
  @discardableResult
  public func readThrowing<Service>(_ spec: ServiceSpec<Service>) throws -> Service {
    try resolveThrowing(spec.spec, watching: false, operation: "readThrowing(_:)").value
  }

  /// A service has no changes to follow; read it instead.
  ///
  /// ```swift
  /// let api = binding.read(apiSpec)
  /// ```
  @available(
    *, unavailable, message: "a service never changes, so there is nothing to watch: use read(_:)"
  )
  @discardableResult
  public func watch<Service>(
    _ spec: ServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Service {
    read(spec, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resolves an async service and holds it, waiting for its build if needed.
  ///
  /// Callers asking for the same service while it builds share one build, as for
  /// ``readAsync(_:)-(AsyncViewModelSpec<VM>)``.
  ///
  /// ```swift
  /// let database = try await binding.readAsync(databaseSpec)
  /// ```
  ///
  /// - Parameter spec: What to resolve.
  /// - Returns: The service, held by this binding.
  /// - Throws: The builder's error, `CancellationError` when this call is cancelled, or a
  ///   ``RegistryError``.
  public func readAsync<Service>(_ spec: AsyncServiceSpec<Service>) async throws -> Service {
    try await registry.resolve(spec.spec, for: core, mode: .read, operation: "readAsync(_:)")
      .value
  }

  /// Lets go of the service this binding holds for `spec`; it is disposed if this binding was
  /// its last holder.
  ///
  /// ```swift
  /// binding.unbind(uploadSessionSpec)
  /// ```
  ///
  /// > Important: A service this binding does not hold, or a disposed binding, is reported and
  /// > nothing changes.
  ///
  /// - Parameters:
  ///   - spec: The spec the service was read with.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func unbind<Service>(
    _ spec: ServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    do {
      try core.unbind(spec.spec)
    } catch {
      registry.report(
        error, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }
}
