/// A proxy installed for a spec or family. The original is kept so that its object identifier
/// cannot be reused by another object while the entry exists.
struct ProxyEntry {
  let original: AnyObject
  let proxy: AnyObject
}

/// What a proxy is installed under for an object that is not itself what its specs name (a
/// family, named by its token).
protocol ProxyKeyed: AnyObject {
  var proxyKey: ObjectIdentifier { get }
}

/// The key a proxy for `object` is installed under.
func proxyKey(of object: AnyObject) -> ObjectIdentifier {
  (object as? any ProxyKeyed)?.proxyKey ?? ObjectIdentifier(object)
}

extension ViewModelRegistry {
  /// Builds every later resolution of `spec` in this registry from `proxy`.
  ///
  /// ```swift
  /// registry.setProxy(ViewModelSpec(key: "auth") { MockAuth() }, for: authSpec)
  /// ```
  ///
  /// - Parameters:
  ///   - proxy: The spec to build from instead.
  ///   - spec: The spec being replaced.
  public func setProxy<VM>(_ proxy: ViewModelSpec<VM>, for spec: ViewModelSpec<VM>) {
    proxies[ObjectIdentifier(spec)] = ProxyEntry(original: spec, proxy: proxy)
  }

  /// Builds every later resolution of `family`, for every argument, from `proxy`.
  ///
  /// ```swift
  /// registry.setProxy(ViewModelSpecWithArg(builder: { MockUser(id: $0) }), for: userSpec)
  /// ```
  ///
  /// - Parameters:
  ///   - proxy: The family to build from instead.
  ///   - family: The family being replaced.
  public func setProxy<VM, Arg>(
    _ proxy: ViewModelSpecWithArg<VM, Arg>, for family: ViewModelSpecWithArg<VM, Arg>
  ) {
    proxies[family.proxyKey] = ProxyEntry(original: family, proxy: proxy)
  }

  /// Removes the proxy of a spec or family, if any.
  ///
  /// ```swift
  /// registry.clearProxy(for: authSpec)
  /// ```
  ///
  /// - Parameter spec: The spec or family whose proxy to remove.
  public func clearProxy(for spec: AnyObject) {
    proxies[proxyKey(of: spec)] = nil
  }

  /// Removes every proxy in this registry.
  ///
  /// ```swift
  /// registry.clearAllProxies()
  /// ```
  public func clearAllProxies() {
    proxies.removeAll()
  }

  /// Installs `proxy` for `spec` while `operation` runs, then puts back what was there before.
  func withProxy<Spec: AnyObject, R>(
    _ proxy: Spec, for spec: Spec, operation: () throws -> R
  ) rethrows -> R {
    let id = proxyKey(of: spec)
    let previous = proxies[id]
    proxies[id] = ProxyEntry(original: spec, proxy: proxy)
    defer { proxies[id] = previous }
    return try operation()
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
    proxies[ObjectIdentifier(spec)]?.proxy as? AsyncViewModelSpec<VM> ?? spec
  }

  /// The spec that builds `spec` in this registry: its proxy, its family's proxy, or itself.
  func activeSpec<VM>(for spec: ViewModelSpec<VM>) -> ViewModelSpec<VM> {
    if let proxy = proxies[ObjectIdentifier(spec)]?.proxy as? ViewModelSpec<VM> {
      return proxy
    }
    if let origin = spec.origin, let family = proxies[origin.familyID]?.proxy,
      let remade = origin.remake(family)
    {
      return remade
    }
    return spec
  }
}
