/// The overrides installed on one spec or family in one registry, innermost last.
///
/// An override is installed as the registry's proxy for the spec, so resolution needs nothing
/// new. The proxy that was there before the first override (one set with `setProxy`) comes back
/// when the last one is restored; restores may come in any order.
struct OverrideStack {
  struct Entry {
    let token: UInt64
    let proxy: ProxyEntry
  }

  /// What the registry had for the spec before the first override, or since: a `setProxy` or
  /// `clearProxy` made while overrides are installed becomes what they return to.
  var base: ProxyEntry?
  var entries: [Entry] = []
}

extension ViewModelRegistry {
  /// Installs `proxy` for `original` on top of any override already installed.
  ///
  /// - Returns: A restore closure that removes exactly this override; calling it again, or after
  ///   `ViewModel.reset()` cleared the overrides, does nothing.
  func pushOverride(_ proxy: AnyObject, for original: AnyObject) -> @MainActor () -> Void {
    let id = proxyKey(of: original)
    var stack = compatibility.overrides[id] ?? OverrideStack(base: proxies[id])
    stack.base = baseChangedOutside(stack, id: id) ?? stack.base
    compatibility.nextOverrideToken += 1
    let token = compatibility.nextOverrideToken
    let entry = ProxyEntry(original: original, proxy: proxy)
    stack.entries.append(OverrideStack.Entry(token: token, proxy: entry))
    compatibility.overrides[id] = stack
    proxies[id] = entry
    return { [weak self] in self?.popOverride(token, id: id) }
  }

  private func popOverride(_ token: UInt64, id: ObjectIdentifier) {
    guard var stack = compatibility.overrides[id],
      let index = stack.entries.firstIndex(where: { $0.token == token })
    else { return }
    stack.base = baseChangedOutside(stack, id: id) ?? stack.base
    stack.entries.remove(at: index)
    proxies[id] = stack.entries.last?.proxy ?? stack.base
    compatibility.overrides[id] = stack.entries.isEmpty ? nil : stack
  }

  /// What `setProxy` or `clearProxy` put in place of the top override since it was installed,
  /// as an optional of an optional: `nil` when nothing changed.
  private func baseChangedOutside(_ stack: OverrideStack, id: ObjectIdentifier) -> ProxyEntry?? {
    guard let top = stack.entries.last else { return nil }
    let current = proxies[id]
    if current?.proxy === top.proxy.proxy { return nil }
    return .some(current)
  }
}
