import Registry

extension ViewModelSpec {
  /// Builds every later resolution of this spec from `spec`, in the current registry, until the
  /// returned closure is called.
  ///
  /// Overrides nest: the newest one wins, and restoring one (in any order) brings back the one
  /// below it, and finally the proxy set with `ViewModelSpec.setProxy(_:)`, if any.
  /// `clearProxy()` removes its overrides too, with the proxy. An instance already built stays
  /// as it is.
  ///
  /// ```swift
  /// let restore = counterSpec.overrideWith(
  ///   ViewModelSpec { MockCounterViewModel() })
  /// defer { restore() }
  /// #expect(binding.watch(counterSpec) is MockCounterViewModel)
  /// ```
  ///
  /// - Parameter spec: The spec to build from instead; its key, tag and lifetime apply too.
  /// - Returns: A closure that removes this override; calling it again does nothing.
  @MainActor
  public func overrideWith(_ spec: ViewModelSpec<VM>) -> @MainActor () -> Void {
    ViewModelRegistry.current.pushOverride(spec, for: self)
  }

  /// Runs `operation` with `spec` overriding this spec, then removes the override, even when
  /// `operation` throws.
  ///
  /// ```swift
  /// let mock = ViewModelSpec(key: "auth") { MockAuth() }
  /// let user = authSpec.runWithOverride(mock) {
  ///   binding.watch(authSpec)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpec<VM>, operation: () throws -> Result
  ) rethrows -> Result {
    try ViewModelRegistry.current.withScopedProxy(spec, for: self, operation: operation)
  }

  /// Runs the async `operation` with `spec` overriding this spec, then removes the override,
  /// even when `operation` throws.
  ///
  /// The override holds in this task, and in the tasks it starts (not detached ones), for as
  /// long as `operation` runs: other work in the registry does not see it, so two overlapping
  /// bodies never see each other's overrides.
  ///
  /// ```swift
  /// try await profileSpec.runWithOverride(ViewModelSpec { MockProfile() }) {
  ///   let profile = binding.watch(profileSpec)
  ///   await profile.load()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec to build from while `operation` runs.
  ///   - operation: The work to run, on the main actor.
  /// - Returns: What `operation` returns.
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpec<VM>, operation: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await ViewModelRegistry.current.withScopedProxy(spec, for: self, operation: operation)
  }
}
