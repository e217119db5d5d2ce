extension ViewModelBinding {
  /// Resolves an async spec and watches the instance, waiting for its build if needed.
  ///
  /// Callers asking for the same instance while it builds share one build. Cancelling this call
  /// stops waiting; the build itself is cancelled only when every caller has been.
  ///
  /// ```swift
  /// let database = try await binding.watchAsync(databaseSpec)
  /// ```
  ///
  /// - Parameter spec: What to resolve.
  /// - Returns: The instance, held by this binding.
  /// - Throws: The builder's error (every waiting caller gets it, and the next call builds
  ///   again), `CancellationError` when this call is cancelled, or a ``RegistryError``.
  public func watchAsync<VM: ViewModel>(_ spec: AsyncViewModelSpec<VM>) async throws -> VM {
    try await registry.resolve(spec, for: core, mode: .watch, operation: "watchAsync(_:)")
  }

  /// Resolves an async spec and holds the instance without watching it.
  ///
  /// ```swift
  /// let session = try await binding.readAsync(sessionSpec)
  /// ```
  ///
  /// - Parameter spec: What to resolve.
  /// - Returns: The instance, held by this binding.
  /// - Throws: The same errors as ``watchAsync(_:)``.
  public func readAsync<VM: ViewModel>(_ spec: AsyncViewModelSpec<VM>) async throws -> VM {
    try await registry.resolve(spec, for: core, mode: .read, operation: "readAsync(_:)")
  }
}
