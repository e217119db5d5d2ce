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

extension ViewModelSpecWithArg2 {
  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  ///
  /// ```swift
  /// let item = spec.builder("u1", 2)  // an unregistered instance
  /// ```
  ///
  /// > Important: For a family made with `throwingBuilder:`, an error it throws is reported and
  /// > the program stops.
  @MainActor
  public var builder: @MainActor (A, B) -> VM {
    let build = stoppingOnError(family.makeInstance)
    return { a, b in build((a, b)) }
  }

  /// The key function as declared, or `nil` when none was given (then `Hashable` arguments
  /// together are the key).
  ///
  /// ```swift
  /// spec.keyFn?("u1", 2)
  /// ```
  public var keyFn: (@MainActor (A, B) -> AnyHashable?)? { Self.gather(family.keyFunction) }

  /// The tag function as declared, or `nil`.
  ///
  /// ```swift
  /// spec.tagFn?("u1", 2)
  /// ```
  public var tagFn: (@MainActor (A, B) -> AnyHashable?)? { Self.gather(family.tagFunction) }

  /// The lifetime function as declared, or `nil` (not alive forever).
  ///
  /// ```swift
  /// spec.aliveForeverFn?("u1", 2) ?? false
  /// ```
  public var aliveForeverFn: (@MainActor (A, B) -> Bool)? {
    Self.gather(family.aliveForeverFunction)
  }

  /// Turns a function of the tuple the underlying family takes back into one of 2 arguments.
  private static func gather<T>(
    _ function: (@MainActor ((A, B)) -> T)?
  ) -> (@MainActor (A, B) -> T)? {
    guard let function else { return nil }
    return { a, b in function((a, b)) }
  }

  /// Builds every later resolution of this family from `spec`, in the current registry, until
  /// the returned closure is called. Overrides nest as for ``ViewModelSpec/overrideWith(_:)``.
  ///
  /// ```swift
  /// let restore = spec.overrideWith(mockSpec)
  /// defer { restore() }
  /// ```
  ///
  /// - Parameter spec: The family to build from instead.
  /// - Returns: A closure that removes this override; calling it again does nothing.
  @MainActor
  public func overrideWith(_ spec: ViewModelSpecWithArg2<VM, A, B>) -> @MainActor () -> Void {
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
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg2<VM, A, B>, operation: () throws -> Result
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
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg2<VM, A, B>, operation: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await family.runWithOverride(spec.family, operation: operation)
  }
}

extension ViewModelSpecWithArg3 {
  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  ///
  /// ```swift
  /// let item = spec.builder("u1", 2, true)  // an unregistered instance
  /// ```
  ///
  /// > Important: For a family made with `throwingBuilder:`, an error it throws is reported and
  /// > the program stops.
  @MainActor
  public var builder: @MainActor (A, B, C) -> VM {
    let build = stoppingOnError(family.makeInstance)
    return { a, b, c in build((a, b, c)) }
  }

  /// The key function as declared, or `nil` when none was given (then `Hashable` arguments
  /// together are the key).
  ///
  /// ```swift
  /// spec.keyFn?("u1", 2, true)
  /// ```
  public var keyFn: (@MainActor (A, B, C) -> AnyHashable?)? { Self.gather(family.keyFunction) }

  /// The tag function as declared, or `nil`.
  ///
  /// ```swift
  /// spec.tagFn?("u1", 2, true)
  /// ```
  public var tagFn: (@MainActor (A, B, C) -> AnyHashable?)? { Self.gather(family.tagFunction) }

  /// The lifetime function as declared, or `nil` (not alive forever).
  ///
  /// ```swift
  /// spec.aliveForeverFn?("u1", 2, true) ?? false
  /// ```
  public var aliveForeverFn: (@MainActor (A, B, C) -> Bool)? {
    Self.gather(family.aliveForeverFunction)
  }

  /// Turns a function of the tuple the underlying family takes back into one of 3 arguments.
  private static func gather<T>(
    _ function: (@MainActor ((A, B, C)) -> T)?
  ) -> (@MainActor (A, B, C) -> T)? {
    guard let function else { return nil }
    return { a, b, c in function((a, b, c)) }
  }

  /// Builds every later resolution of this family from `spec`, in the current registry, until
  /// the returned closure is called. Overrides nest as for ``ViewModelSpec/overrideWith(_:)``.
  ///
  /// ```swift
  /// let restore = spec.overrideWith(mockSpec)
  /// defer { restore() }
  /// ```
  ///
  /// - Parameter spec: The family to build from instead.
  /// - Returns: A closure that removes this override; calling it again does nothing.
  @MainActor
  public func overrideWith(_ spec: ViewModelSpecWithArg3<VM, A, B, C>) -> @MainActor () -> Void {
    family.overrideWith(spec.family)
  }

  /// Runs `operation` with `spec` overriding this family, then removes the override.
  ///
  /// ```swift
  /// spec.runWithOverride(mockSpec) { _ = binding.watch(spec("u1", 2, true)) }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The family to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg3<VM, A, B, C>, operation: () throws -> Result
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
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg3<VM, A, B, C>, operation: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await family.runWithOverride(spec.family, operation: operation)
  }
}

extension ViewModelSpecWithArg4 {
  /// The builder as declared, ignoring proxies and overrides, as a function that cannot throw.
  ///
  /// ```swift
  /// let item = spec.builder("u1", 2, true, 0.5)  // an unregistered instance
  /// ```
  ///
  /// > Important: For a family made with `throwingBuilder:`, an error it throws is reported and
  /// > the program stops.
  @MainActor
  public var builder: @MainActor (A, B, C, D) -> VM {
    let build = stoppingOnError(family.makeInstance)
    return { a, b, c, d in build((a, b, c, d)) }
  }

  /// The key function as declared, or `nil` when none was given (then `Hashable` arguments
  /// together are the key).
  ///
  /// ```swift
  /// spec.keyFn?("u1", 2, true, 0.5)
  /// ```
  public var keyFn: (@MainActor (A, B, C, D) -> AnyHashable?)? { Self.gather(family.keyFunction) }

  /// The tag function as declared, or `nil`.
  ///
  /// ```swift
  /// spec.tagFn?("u1", 2, true, 0.5)
  /// ```
  public var tagFn: (@MainActor (A, B, C, D) -> AnyHashable?)? { Self.gather(family.tagFunction) }

  /// The lifetime function as declared, or `nil` (not alive forever).
  ///
  /// ```swift
  /// spec.aliveForeverFn?("u1", 2, true, 0.5) ?? false
  /// ```
  public var aliveForeverFn: (@MainActor (A, B, C, D) -> Bool)? {
    Self.gather(family.aliveForeverFunction)
  }

  /// Turns a function of the tuple the underlying family takes back into one of 4 arguments.
  private static func gather<T>(
    _ function: (@MainActor ((A, B, C, D)) -> T)?
  ) -> (@MainActor (A, B, C, D) -> T)? {
    guard let function else { return nil }
    return { a, b, c, d in function((a, b, c, d)) }
  }

  /// Builds every later resolution of this family from `spec`, in the current registry, until
  /// the returned closure is called. Overrides nest as for ``ViewModelSpec/overrideWith(_:)``.
  ///
  /// ```swift
  /// let restore = spec.overrideWith(mockSpec)
  /// defer { restore() }
  /// ```
  ///
  /// - Parameter spec: The family to build from instead.
  /// - Returns: A closure that removes this override; calling it again does nothing.
  @MainActor
  public func overrideWith(_ spec: ViewModelSpecWithArg4<VM, A, B, C, D>) -> @MainActor () -> Void {
    family.overrideWith(spec.family)
  }

  /// Runs `operation` with `spec` overriding this family, then removes the override.
  ///
  /// ```swift
  /// spec.runWithOverride(mockSpec) {
  ///   _ = binding.watch(spec("u1", 2, true, 0.5))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The family to build from while `operation` runs.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg4<VM, A, B, C, D>, operation: () throws -> Result
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
  @MainActor
  public func runWithOverride<Result>(
    _ spec: ViewModelSpecWithArg4<VM, A, B, C, D>, operation: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    try await family.runWithOverride(spec.family, operation: operation)
  }
}
