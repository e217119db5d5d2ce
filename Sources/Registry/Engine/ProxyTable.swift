/// The proxies of one registry: every proxy and override write goes through here.
///
/// Three layers answer "what builds this spec?", first match wins:
/// 1. **scoped proxies** of the running task (``ProxyScope``), installed for the length of one
///    operation, so that two overlapping async operations never see each other's;
/// 2. **overrides**, a stack per spec: the newest wins, and removing one (in any order) brings
///    back the one below it, and finally
/// 3. the proxy set with `setProxy`, which an override's removal returns to.
///
/// The table is a value with private state, kept by the registry; nothing here calls out.
@MainActor
struct ProxyTable {
  /// A proxy installed for a spec or family. The original is kept so that its object identifier
  /// cannot be reused by another object while the entry exists.
  struct Entry {
    let original: AnyObject
    let proxy: AnyObject
    /// A family proxy that changed some argument's sharing or lifetime has said so once.
    var reportedChanges = false
  }

  /// What each proxied spec or family is built from now (overrides included), by proxy key.
  private var entries: [ProxyKey: Entry] = [:]
  /// The `setProxy` entries below installed overrides, and the overrides, newest last.
  private var overrides: [ProxyKey: OverrideStack] = [:]
  private var lastOverrideToken: UInt64 = 0
  /// How many scoped proxies of this registry are installed in running tasks: while any is, the
  /// table is not empty, so that every resolution looks.
  private var scopedCount = 0

  private struct OverrideStack {
    var base: Entry?
    var entries: [(token: UInt64, entry: Entry)] = []
  }

  nonisolated init() {}

  /// Whether no resolution needs to look here: the re-render path's first test.
  var isEmpty: Bool { entries.isEmpty && scopedCount == 0 }

  /// The proxy that builds what `key` names, in the running task.
  func proxy(for key: ProxyKey, in registry: ViewModelRegistry) -> AnyObject? {
    if scopedCount > 0, let scoped = ProxyScope.current?.proxy(for: key, in: registry) {
      return scoped
    }
    return entries[key]?.proxy
  }

  /// Installs `proxy` for `original`: what `setProxy` does. Below installed overrides, it is
  /// what their removal returns to.
  mutating func set(_ proxy: AnyObject, for original: AnyObject) {
    let key = proxyKey(of: original)
    let entry = Entry(original: original, proxy: proxy)
    if overrides[key] != nil {
      overrides[key]?.base = entry
    } else {
      entries[key] = entry
    }
  }

  /// Removes the proxy of `original` (and every override of it).
  mutating func clear(_ original: AnyObject) {
    let key = proxyKey(of: original)
    entries[key] = nil
    overrides[key] = nil
  }

  /// Removes every proxy and override.
  mutating func clearAll() {
    entries.removeAll()
    overrides.removeAll()
  }

  /// Swaps the entry for `original` while an operation runs: `nil` clears it. Returns what was
  /// there, for ``restore(_:for:)``.
  mutating func swap(_ proxy: AnyObject?, for original: AnyObject) -> Entry? {
    let key = proxyKey(of: original)
    let previous = entries[key]
    entries[key] = proxy.map { Entry(original: original, proxy: $0) }
    return previous
  }

  /// Puts back what ``swap(_:for:)`` returned.
  mutating func restore(_ previous: Entry?, for original: AnyObject) {
    entries[proxyKey(of: original)] = previous
  }

  /// Installs an override of `original` on top of its stack; the token removes it.
  mutating func pushOverride(_ proxy: AnyObject, for original: AnyObject) -> UInt64 {
    let key = proxyKey(of: original)
    var stack = overrides[key] ?? OverrideStack(base: entries[key])
    lastOverrideToken += 1
    let entry = Entry(original: original, proxy: proxy)
    stack.entries.append((lastOverrideToken, entry))
    overrides[key] = stack
    entries[key] = entry
    return lastOverrideToken
  }

  /// Removes one override, whichever its place in the stack; the newest left (or the base)
  /// builds from then on.
  mutating func popOverride(_ token: UInt64, for original: AnyObject) {
    let key = proxyKey(of: original)
    guard var stack = overrides[key],
      let index = stack.entries.firstIndex(where: { $0.token == token })
    else { return }
    stack.entries.remove(at: index)
    entries[key] = stack.entries.last?.entry ?? stack.base
    overrides[key] = stack.entries.isEmpty ? nil : stack
  }

  /// Notes that a scoped proxy of this registry started or ended.
  mutating func noteScope(started: Bool) {
    scopedCount += started ? 1 : -1
  }

  /// Marks the family proxy at `key` as having reported its changes; `false` when there is none
  /// or it did already.
  mutating func markReportedChanges(at key: ProxyKey) -> Bool {
    guard let entry = entries[key], !entry.reportedChanges else { return false }
    entries[key]?.reportedChanges = true
    return true
  }
}

/// Proxies installed for the length of one operation, in the task that runs it and the tasks it
/// starts (part of the package interface: AppleViewModel's `runWithOverride`).
package final class ProxyScope: @unchecked Sendable {
  // @unchecked: what a scope holds is set on the main actor, where it is read; the proxies are
  // specs, which are immutable.
  @TaskLocal static var current: ProxyScope?

  private let parent: ProxyScope?
  private unowned let registry: ViewModelRegistry
  private var entries: [ProxyKey: AnyObject] = [:]
  /// Set when the operation returns. A task it started keeps the scope as its task-local value,
  /// but the proxies hold only "for as long as the operation runs".
  private var isOver = false

  init(parent: ProxyScope?, registry: ViewModelRegistry) {
    self.parent = parent
    self.registry = registry
  }

  @MainActor
  func proxy(for key: ProxyKey, in registry: ViewModelRegistry) -> AnyObject? {
    if !isOver, registry === self.registry, let found = entries[key] { return found }
    return parent?.proxy(for: key, in: registry)
  }

  /// Ends the scope: its proxies no longer apply, in any task.
  @MainActor
  func end() {
    isOver = true
  }

  @MainActor
  func set(_ proxy: AnyObject?, for original: AnyObject) {
    entries[proxyKey(of: original)] = proxy
  }

  @MainActor
  func entry(for original: AnyObject) -> AnyObject? {
    entries[proxyKey(of: original)]
  }

  /// The scope the running task is in for `registry`, if any.
  @MainActor
  static func innermost(for registry: ViewModelRegistry) -> ProxyScope? {
    var scope = current
    while let found = scope {
      if found.registry === registry, !found.isOver { return found }
      scope = found.parent
    }
    return nil
  }
}

/// What a proxy is installed under: an object (a spec, an async spec, a family's token), or, for
/// a spec a family made for a `Hashable` argument, the family and the argument's key, which every
/// spec the family makes for that argument shares: its spec cache starts again empty when full,
/// and a proxy set on one argument's spec must still apply to the next spec made for it.
struct ProxyKey: Hashable {
  let object: ObjectIdentifier
  let argument: AnyHashable?

  init(_ object: ObjectIdentifier, argument: AnyHashable? = nil) {
    self.object = object
    self.argument = argument
  }
}

/// What a proxy is installed under for an object that is not itself what its specs name (a
/// family, named by its token; a family's spec, named by its family and argument).
protocol ProxyKeyed: AnyObject {
  var proxyKey: ProxyKey { get }
}

/// The key a proxy for `object` is installed under.
func proxyKey(of object: AnyObject) -> ProxyKey {
  (object as? any ProxyKeyed)?.proxyKey ?? ProxyKey(ObjectIdentifier(object))
}
