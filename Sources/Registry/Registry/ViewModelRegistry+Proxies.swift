extension ViewModelRegistry {
  /// Builds every later resolution of `spec` in this registry from `proxy`, a whole spec with
  /// its own key, tag and lifetime.
  ///
  /// To swap only how the instance is built — keeping the spec's key, sharing and lifetime —
  /// use
  /// [`setProxy(for:builder:)`](doc:setProxy(for:fileID:filePath:line:column:builder:)-(ViewModelSpec<VM>,_,_,_,_,_)).
  ///
  /// ```swift
  /// registry.setProxy(ViewModelSpec(key: "auth") { MockAuth() }, for: authSpec)
  /// ```
  ///
  /// > Important: A proxy that makes a shared spec private, or the reverse, or changes
  /// > `aliveForever`, is reported as a warning,
  /// > ``RegistryError/proxyChangesSpec(type:key:changes:)``, and installed as given.
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from instead.
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func setProxy<VM>(
    _ proxy: ViewModelSpec<VM>, for spec: ViewModelSpec<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    reportChanges(from: spec.values, to: proxy.values, type: VM.self, at: site)
    installProxy(proxy, for: spec, operation: "setProxy(_:for:)", at: site)
  }

  /// Builds every later resolution of `spec` in this registry with `builder`, keeping
  /// everything else the spec is: its key, sharing, tag, lifetime and grace period.
  ///
  /// ```swift
  /// registry.setProxy(for: userSpec) { MockUserViewModel(name: "Ada") }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Builds the instance instead of the spec's builder; it may throw.
  public func setProxy<VM>(
    for spec: ViewModelSpec<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor () throws -> VM
  ) {
    installProxy(
      spec.replacingBuilder(builder), for: spec, operation: "setProxy(for:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Builds every later resolution of `family`, for every argument, from `proxy`, with the
  /// proxy's own key, tag and lifetime functions.
  ///
  /// ```swift
  /// registry.setProxy(
  ///   ViewModelSpecWithArg(builder: { MockUser(id: $0) }), for: userSpec)
  /// ```
  ///
  /// > Important: An argument whose spec the proxy makes private where the family's is shared,
  /// > or the reverse, or whose `aliveForever` differs, is reported as a warning the first time
  /// > it is built.
  ///
  /// - Parameters:
  ///   - proxy: The family to build from instead.
  ///   - family: The family being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func setProxy<VM, Arg>(
    _ proxy: ViewModelSpecWithArg<VM, Arg>, for family: ViewModelSpecWithArg<VM, Arg>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    installProxy(
      proxy, for: family, operation: "setProxy(_:for:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Builds every later resolution of `family`, for every argument, with `builder`, keeping the
  /// family's key, tag and lifetime functions, grace period and pool.
  ///
  /// ```swift
  /// registry.setProxy(for: userSpec) { id in MockUserViewModel(id: id) }
  /// ```
  ///
  /// - Parameters:
  ///   - family: The family being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Builds the instance for an argument instead; it may throw.
  public func setProxy<VM, Arg>(
    for family: ViewModelSpecWithArg<VM, Arg>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor (Arg) throws -> VM
  ) {
    installProxy(
      family.replacingBuilder(builder), for: family, operation: "setProxy(for:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Removes the proxy of a spec or family, if any.
  ///
  /// ```swift
  /// registry.clearProxy(for: authSpec)
  /// ```
  ///
  /// - Parameter spec: The spec or family whose proxy to remove.
  public func clearProxy(for spec: AnyObject) {
    warnIfDefaultRegistryWrittenInTest(operation: "clearProxy(for:)", at: nil)
    proxies.clear(spec)
  }

  /// Removes every proxy in this registry.
  ///
  /// ```swift
  /// registry.clearAllProxies()
  /// ```
  public func clearAllProxies() {
    proxies.clearAll()
  }

  /// Installs `proxy` for `spec` while `operation` runs, then puts back what was there before.
  func withProxy<Spec: AnyObject, R>(
    _ proxy: Spec, for spec: Spec, at site: CallSite? = nil, operation: () throws -> R
  ) rethrows -> R {
    warnIfDefaultRegistryWrittenInTest(operation: "withProxy(_:operation:)", at: site)
    let previous = proxies.swap(proxy, for: spec)
    defer { proxies.restore(previous, for: spec) }
    return try operation()
  }

  /// The one way a proxy is installed.
  func installProxy(
    _ proxy: AnyObject, for original: AnyObject, operation: StaticString, at site: CallSite?
  ) {
    warnIfDefaultRegistryWrittenInTest(operation: operation, at: site)
    proxies.set(proxy, for: original)
  }

  /// Reports, once per installed family proxy, an argument whose spec the proxy family makes
  /// with another sharing or lifetime than the family's own.
  func reportFamilyProxyChanges<VM>(
    familyID: ObjectIdentifier, from spec: ViewModelSpec<VM>, to active: ViewModelSpec<VM>,
    site: CallSite?
  ) {
    let sharingChanged = (spec.key == nil) != (active.key == nil)
    guard sharingChanged || spec.aliveForever != active.aliveForever,
      proxies.markReportedChanges(at: familyID)
    else { return }
    reportChanges(from: spec.values, to: active.values, type: VM.self, at: site)
  }

  /// Reports, as a warning, what a proxy spec changes of the spec it replaces: its sharing or
  /// its lifetime.
  func reportChanges(
    from original: InstanceArg.Values, to proxy: InstanceArg.Values, type: Any.Type,
    at site: CallSite?
  ) {
    var changes: [String] = []
    switch (original.key, proxy.key) {
    case (let key?, nil):
      changes.append("shared under \(Describe.key(key) ?? "") → private to each binding")
    case (nil, let key?):
      changes.append("private to each binding → shared under \(Describe.key(key) ?? "")")
    default: break
    }
    if original.aliveForever != proxy.aliveForever {
      changes.append(
        original.aliveForever
          ? "aliveForever → disposed with its last holder"
          : "disposed with its last holder → aliveForever")
    }
    guard !changes.isEmpty else { return }
    report(
      .proxyChangesSpec(
        type: Describe.type(type), key: Describe.key(original.key), changes: changes),
      at: site)
  }

  /// The spec that builds `spec` in this registry and the identity it names: the first two steps
  /// of every resolution (proxy, then identity).
  @inline(__always)
  func route<VM>(
    _ spec: ViewModelSpec<VM>
  ) -> (active: ViewModelSpec<VM>, identity: InstanceIdentity) {
    let active = proxies.isEmpty ? spec : activeSpec(for: spec)
    return (active, spec.identity(buildingWith: active))
  }

  /// The async form of ``route(_:)``.
  func route<VM>(
    _ spec: AsyncViewModelSpec<VM>
  ) -> (active: AsyncViewModelSpec<VM>, identity: InstanceIdentity) {
    let active = proxies.isEmpty ? spec : activeSpec(for: spec)
    return (active, spec.identity(buildingWith: active))
  }

  /// The async spec that builds `spec` in this registry: its proxy, or itself.
  func activeSpec<VM>(for spec: AsyncViewModelSpec<VM>) -> AsyncViewModelSpec<VM> {
    proxies.proxy(for: ObjectIdentifier(spec), in: self) as? AsyncViewModelSpec<VM> ?? spec
  }

  /// The spec that builds `spec` in this registry: its proxy, its family's proxy, or itself.
  package func activeSpec<VM>(for spec: ViewModelSpec<VM>) -> ViewModelSpec<VM> {
    if let proxy = proxies.proxy(for: ObjectIdentifier(spec), in: self) as? ViewModelSpec<VM> {
      return proxy
    }
    if let origin = spec.origin, let family = proxies.proxy(for: origin.familyID, in: self),
      let remade = origin.remake(family)
    {
      return remade
    }
    return spec
  }
}

// MARK: The package interface: overrides and scoped proxies

extension ViewModelRegistry {
  /// Installs `proxy` for `original` on top of its overrides (inside a scoped proxy of this
  /// registry, in that scope), and returns what removes it again, whichever its place: the
  /// newest left, else the `setProxy` below them all, builds from then on.
  package func pushOverride(_ proxy: AnyObject, for original: AnyObject) -> @MainActor () -> Void {
    warnIfDefaultRegistryWrittenInTest(operation: "overrideWith(_:)", at: nil)
    if let scope = ProxyScope.innermost(for: self) {
      let previous = scope.entry(for: original)
      scope.set(proxy, for: original)
      return { scope.set(previous, for: original) }
    }
    let token = proxies.pushOverride(proxy, for: original)
    return { [weak self] in self?.proxies.popOverride(token, for: original) }
  }

  /// Runs `operation` with `proxy` building `original` in this task (and the tasks it starts)
  /// only: two overlapping operations never see each other's proxies.
  package func withScopedProxy<R>(
    _ proxy: AnyObject, for original: AnyObject, operation: () throws -> R
  ) rethrows -> R {
    let scope = ProxyScope(parent: ProxyScope.current, registry: self)
    scope.set(proxy, for: original)
    proxies.noteScope(started: true)
    defer {
      scope.end()
      proxies.noteScope(started: false)
    }
    return try ProxyScope.$current.withValue(scope, operation: operation)
  }

  /// The async form of ``withScopedProxy(_:for:operation:)``.
  package func withScopedProxy<R>(
    _ proxy: AnyObject, for original: AnyObject, operation: () async throws -> R
  ) async rethrows -> R {
    let scope = ProxyScope(parent: ProxyScope.current, registry: self)
    scope.set(proxy, for: original)
    proxies.noteScope(started: true)
    defer {
      scope.end()
      proxies.noteScope(started: false)
    }
    return try await ProxyScope.$current.withValue(scope, operation: operation)
  }
}
