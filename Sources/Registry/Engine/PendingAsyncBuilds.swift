/// One async build in flight, shared by every caller that asked for the same instance.
@MainActor
final class PendingAsyncBuild {
  struct Waiter {
    let core: BindingCore
    let watching: Bool
    /// The call that waits (`watchAsync(_:)`, `readAsync(_:)`), for its errors.
    let operation: StaticString
    /// The spec of a private instance, kept by the binding that will hold it.
    let anchor: AnyObject?
    let continuation: CheckedContinuation<ViewModel, any Error>
  }

  let key: PendingBuildKey
  let tag: AnyHashable?
  /// How the build reads in a cycle message.
  let name: String
  var waiters: [UInt64: Waiter] = [:]
  var task: Task<Void, Never>?
  /// Set by `disposeAll()` or `reset(tag:)` while it ran: its result must not be registered.
  var isAbandoned = false
  private var nextWaiterID: UInt64 = 0

  init(key: PendingBuildKey, tag: AnyHashable?, name: String) {
    self.key = key
    self.tag = tag
    self.name = name
  }

  /// Takes every waiter out of the build, in the order they came: the first caller is the one
  /// the instance is built for, and each is answered in turn.
  func takeWaiters() -> [Waiter] {
    let inOrder = waiters.sorted { $0.key < $1.key }.map(\.value)
    waiters.removeAll()
    return inOrder
  }

  func makeWaiterID() -> UInt64 {
    nextWaiterID += 1
    return nextWaiterID
  }
}

/// The async builds the current task is running inside, outermost first: a build that waits
/// for one of them waits for itself.
enum AsyncBuildChain {
  struct Link: Sendable {
    let build: ObjectIdentifier
    let name: String
  }

  @TaskLocal static var links: [Link] = []
}

/// Which callers share a build: everyone for a keyed instance, one binding for a private one.
struct PendingBuildKey: Hashable {
  let identity: InstanceIdentity
  let privateHolder: ObjectIdentifier?
}

/// The async builds in flight, by what they build: a caller that asks for an instance being
/// built joins its build.
@MainActor
struct PendingAsyncBuilds {
  private var builds: [PendingBuildKey: PendingAsyncBuild] = [:]

  // The registry is made off the main actor too (`ViewModelRegistry(name:)` is nonisolated).
  nonisolated init() {}

  /// The build in flight for `key`, if any.
  subscript(key: PendingBuildKey) -> PendingAsyncBuild? { builds[key] }

  /// Makes `pending` the build that callers asking for its key join.
  mutating func start(_ pending: PendingAsyncBuild) {
    builds[pending.key] = pending
  }

  /// Removes `pending` when it is still the build for its key (a later one may have replaced
  /// it after it was abandoned).
  mutating func end(_ pending: PendingAsyncBuild) {
    if builds[pending.key] === pending { builds[pending.key] = nil }
  }

  /// Removes every build in flight, or those with `tag`, and returns them.
  mutating func endAll(tag: AnyHashable?) -> [PendingAsyncBuild] {
    let ended = builds.values.filter { tag == nil || $0.tag == tag }
    for pending in ended { builds[pending.key] = nil }
    return ended
  }
}
