import Registry

/// A builder that cannot throw, for AppleViewModel's `builder` properties: an error is reported
/// and the program stops, as `watch(_:)` does for a builder that throws.
@MainActor
func stoppingOnError<Input, VM: ViewModel>(
  _ build: @escaping @MainActor (Input) throws -> VM
) -> @MainActor (Input) -> VM {
  return { input in
    do {
      return try build(input)
    } catch {
      ViewModelRegistry.current.stop(
        error, operation: "builder", type: VM.self, key: nil,
        at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    }
  }
}

extension ViewModelSpecWithArg {
  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  ///
  /// ```swift
  /// let user = userSpec.builder("u1")  // an unregistered UserViewModel
  /// ```
  ///
  /// > Important: For a family made with `throwingBuilder:`, an error it throws is reported and
  /// > the program stops.
  @MainActor
  public var builder: @MainActor (Arg) -> VM { stoppingOnError(makeInstance) }

  /// The key function as declared, or `nil` when none was given (then a `Hashable` argument is
  /// the key).
  ///
  /// ```swift
  /// userSpec.keyFn?("u1")  // "user-u1"
  /// ```
  public var keyFn: (@MainActor (Arg) -> AnyHashable?)? { keyFunction }

  /// The tag function as declared, or `nil`.
  ///
  /// ```swift
  /// userSpec.tagFn?("u1")  // "users"
  /// ```
  public var tagFn: (@MainActor (Arg) -> AnyHashable?)? { tagFunction }

  /// The lifetime function as declared, or `nil` (not alive forever).
  ///
  /// ```swift
  /// userSpec.aliveForeverFn?("u1") ?? false
  /// ```
  public var aliveForeverFn: (@MainActor (Arg) -> Bool)? { aliveForeverFunction }

  /// Builds every later resolution of this family, for every argument, from `spec`, in the
  /// current registry, until the returned closure is called. Overrides nest as for
  /// ``ViewModelSpec/overrideWith(_:)``.
  ///
  /// The override applies when a spec made by the family is resolved, so a spec made before
  /// the override builds from it too.
  ///
  /// ```swift
  /// let restore = userSpec.overrideWith(
  ///   ViewModelSpecWithArg(builder: { MockUser(id: $0) }))
  /// defer { restore() }
  /// ```
  ///
  /// - Parameter spec: The family to build from instead.
  /// - Returns: A closure that removes this override; calling it again does nothing.
  @MainActor
  public func overrideWith(_ spec: ViewModelSpecWithArg<VM, Arg>) -> @MainActor () -> Void {
    ViewModelRegistry.current.pushOverride(spec, for: self)
  }

  /// Runs `operation` with `spec` overriding this family, then removes the override.
  ///
  /// ```swift
  /// userSpec.runWithOverride(mockUsers) { _ = binding.watch(userSpec("u1")) }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The family to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg<VM, Arg>, operation: () throws -> Result
  ) rethrows -> Result {
    try ViewModelRegistry.current.withScopedProxy(spec, for: self, operation: operation)
  }

  /// Runs the async `operation` with `spec` overriding this family, then removes the override.
  /// The override holds in this task, and in the tasks it starts (not detached ones), while
  /// `operation` runs: other work in the registry does not see it.
  ///
  /// ```swift
  /// await userSpec.runWithOverride(mockUsers) { await screen.load() }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The family to build from while `operation` runs.
  ///   - operation: The work to run, on the main actor.
  /// - Returns: What `operation` returns.
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg<VM, Arg>, operation: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await ViewModelRegistry.current.withScopedProxy(spec, for: self, operation: operation)
  }
}
