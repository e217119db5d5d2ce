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
  /// - Parameter proxy: The spec to build from instead. Its key and tag are used; when it has no
  ///   key, the instance stays private as the original would be.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpec<VM>) {
    ViewModelRegistry.current.setProxy(proxy, for: self)
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
    try ViewModelRegistry.current.withProxy(proxy, for: self, operation: operation)
  }
}

extension ViewModelSpecWithArg {
  /// Builds every later resolution of this family, for every argument, from `proxy`, in the
  /// current registry.
  ///
  /// ```swift
  /// userSpec.setProxy(ViewModelSpecWithArg(builder: { MockUserViewModel(id: $0) }))
  /// ```
  ///
  /// - Parameter proxy: The family to build from instead; its key, tag and lifetime functions
  ///   are used too.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpecWithArg<VM, Arg>) {
    ViewModelRegistry.current.setProxy(proxy, for: self)
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
