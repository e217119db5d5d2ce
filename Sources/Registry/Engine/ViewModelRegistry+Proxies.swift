extension ViewModelRegistry {
  /// Builds every later resolution of `spec` in this registry from `proxy`, a spec of the same
  /// kind with its own key, tag and lifetime.
  ///
  /// Every kind of spec is replaced this way: a ``ViewModelSpec``, a ``ServiceSpec``, their
  /// async forms, their families (for every argument) and the interfaces declared with them.
  /// To swap only how the instance is built, keeping the spec's key, sharing and lifetime, use
  /// [`setProxy(for:builder:)`](doc:setProxy(for:fileID:filePath:line:column:builder:)).
  /// An instance already built stays as it is; the proxy applies to the next build. Proxies
  /// live in the registry: a test running in its own registry swaps a spec without any other
  /// test seeing it.
  ///
  /// ```swift
  /// registry.setProxy(ViewModelSpec(key: "auth") { MockAuth() }, for: authSpec)
  /// ```
  ///
  /// The proxy builds the same type, so a mock view model is a subclass of the real one; in
  /// another module that class must be `open` with a `public` initializer.
  ///
  /// > Important: A proxy that makes a shared spec private, or the reverse, or changes
  /// > `aliveForever`, is reported as a warning,
  /// > ``RegistryError/proxyChangesSpec(type:key:changes:)``, and installed as given. For a
  /// > family, the warning comes the first time the proxy builds an argument whose spec
  /// > changes so.
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from instead.
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func setProxy<Spec: RegistrySpec>(
    _ proxy: Spec, for spec: Spec, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let original = spec._proxyHandle
    let replacement = proxy._proxyHandle
    reportChanges(from: original, to: replacement, at: site)
    installProxy(replacement.object, for: original.object, operation: "setProxy(_:for:)", at: site)
  }

  /// Builds every later resolution of `spec` in this registry with `builder`, keeping
  /// everything else the spec is: its key, sharing, tag, lifetime, grace period, and for a
  /// family its key and lifetime functions and its pool; for a service, its `onDispose`.
  ///
  /// The builder has the spec's own shape: no argument for a spec, the argument for a family of
  /// one, the arguments for a family of several, `async` for an async spec.
  ///
  /// ```swift
  /// registry.setProxy(for: sessionSpec) { MockSession(user: "ada") }
  /// registry.setProxy(for: userSpec) { id in MockUserViewModel(id: id) }
  /// registry.setProxy(for: databaseSpec) { try await InMemoryDatabase.open() }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec being replaced.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Builds the instance instead of the spec's builder; it may throw.
  public func setProxy<Spec: RegistrySpec>(
    for spec: Spec, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column, builder: Spec.Builder
  ) {
    let original = spec._proxyHandle
    installProxy(
      original.replacingBuilder(builder), for: original.object,
      operation: "setProxy(for:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Removes the proxy of `spec` in this registry, if any, and the overrides the compatibility
  /// module's `overrideWith(_:)` stacked on it: its next build uses its own builder.
  ///
  /// ```swift
  /// registry.clearProxy(for: authSpec)
  /// ```
  ///
  /// - Parameter spec: The spec whose proxy to remove.
  public func clearProxy<Spec: RegistrySpec>(for spec: Spec) {
    warnIfDefaultRegistryWrittenInTest(operation: "clearProxy(for:)", at: nil)
    proxies.clear(spec._proxyHandle.object)
  }

  /// Removes every proxy in this registry.
  ///
  /// ```swift
  /// registry.clearAllProxies()
  /// ```
  public func clearAllProxies() {
    proxies.clearAll()
  }

  /// Runs `operation` with `proxy` building `spec` in this registry, then puts back what was
  /// installed before, even when `operation` throws.
  ///
  /// ```swift
  /// try registry.withProxy(offlineAPISpec, for: apiSpec) {
  ///   try runScenario()
  /// }
  /// ```
  ///
  /// A change of sharing or lifetime is reported as
  /// [`setProxy(_:for:)`](doc:setProxy(_:for:fileID:filePath:line:column:))
  /// reports it. `operation` does not suspend, so an async spec's resolution, which does, is not
  /// made inside it: replace an async spec with `setProxy` and `clearProxy(for:)`. In a test,
  /// prefer the registry's own scope (`RegistryTesting`), which no other test sees.
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from while `operation` runs.
  ///   - spec: The spec being replaced.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  public func withProxy<Spec: RegistrySpec, R>(
    _ proxy: Spec, for spec: Spec, operation: () throws -> R
  ) rethrows -> R {
    let original = spec._proxyHandle
    let replacement = proxy._proxyHandle
    reportChanges(from: original, to: replacement, at: nil)
    return try withProxy(
      replacement.object, for: original.object, named: "withProxy(_:for:operation:)",
      operation: operation)
  }

  /// Runs `operation` with `builder` building `spec` in this registry, keeping everything else
  /// the spec is, then puts back what was installed before, even when `operation` throws.
  ///
  /// ```swift
  /// registry.withProxy(for: clockSpec, builder: { FixedClock(.noon) }) {
  ///   #expect(binding.read(greetingSpec).text == "Good afternoon")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The spec being replaced.
  ///   - builder: Builds the instance while `operation` runs, in the spec's own shape.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  public func withProxy<Spec: RegistrySpec, R>(
    for spec: Spec, builder: Spec.Builder, operation: () throws -> R
  ) rethrows -> R {
    let original = spec._proxyHandle
    return try withProxy(
      original.replacingBuilder(builder), for: original.object,
      named: "withProxy(for:builder:operation:)", operation: operation)
  }

  /// Installs `proxy` for `spec` while `operation` runs, then puts back what was there before.
  func withProxy<R>(
    _ proxy: AnyObject, for spec: AnyObject, named name: StaticString,
    operation: () throws -> R
  ) rethrows -> R {
    warnIfDefaultRegistryWrittenInTest(operation: name, at: nil)
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
      proxies.markReportedChanges(at: ProxyKey(familyID))
    else { return }
    reportChanges(from: spec.values, to: active.values, type: VM.self, at: site)
  }

  /// Reports what a whole-spec proxy changes of the spec it replaces; a family's changes are
  /// reported per argument, when the proxy first builds one.
  private func reportChanges<Builder>(
    from original: _ProxyHandle<Builder>, to replacement: _ProxyHandle<Builder>,
    at site: CallSite?
  ) {
    guard let from = original.values, let to = replacement.values else { return }
    reportChanges(from: from, to: to, type: original.type, at: site)
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
    proxies.proxy(for: ProxyKey(ObjectIdentifier(spec)), in: self) as? AsyncViewModelSpec<VM>
      ?? spec
  }

  /// The spec that builds `spec` in this registry: its proxy, its family's proxy, or itself.
  package func activeSpec<VM>(for spec: ViewModelSpec<VM>) -> ViewModelSpec<VM> {
    if let proxy = proxies.proxy(for: spec.proxyKey, in: self) as? ViewModelSpec<VM> {
      return proxy
    }
    if let origin = spec.origin,
      let family = proxies.proxy(for: ProxyKey(origin.familyID), in: self),
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
