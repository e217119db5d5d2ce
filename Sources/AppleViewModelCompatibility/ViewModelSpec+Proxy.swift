import Registry

extension ViewModelSpec {
  /// Builds every later resolution of this spec from `proxy`, in the current registry, as
  /// AppleViewModel's `setProxy(_:)` does; Registry's form is
  /// `ViewModelRegistry.setProxy(_:for:)`, on the registry.
  ///
  /// ```swift
  /// authSpec.setProxy(ViewModelSpec(key: "auth") { MockAuthViewModel() })
  /// ```
  ///
  /// - Parameter proxy: The spec to build from instead; its key, tag and lifetime apply too.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpec<VM>) {
    ViewModelRegistry.current.setProxy(proxy, for: self)
  }

  /// Removes the proxy installed on this spec in the current registry, and its overrides.
  ///
  /// ```swift
  /// authSpec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    ViewModelRegistry.current.clearProxy(for: self)
  }
}

extension ViewModelSpecWithArg {
  /// Builds every later resolution of this family, for every argument, from `proxy`, in the
  /// current registry, as AppleViewModel's `setProxy(_:)` does.
  ///
  /// ```swift
  /// userSpec.setProxy(ViewModelSpecWithArg { MockUserViewModel(id: $0) })
  /// ```
  ///
  /// - Parameter proxy: The family to build from instead.
  @MainActor
  public func setProxy(_ proxy: ViewModelSpecWithArg<VM, Arg>) {
    ViewModelRegistry.current.setProxy(proxy, for: self)
  }

  /// Removes the proxy installed on this family in the current registry, and its overrides.
  ///
  /// ```swift
  /// userSpec.clearProxy()
  /// ```
  @MainActor
  public func clearProxy() {
    ViewModelRegistry.current.clearProxy(for: self)
  }
}
