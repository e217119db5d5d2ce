/// How deep disposals are nested, and the disposals deferred below the deepest allowed level.
///
/// A view model's disposal disposes its own binding, whose releases dispose its dependencies,
/// whose disposals dispose theirs: a chain disposes one level inside the other. Up to
/// ``limit`` levels that is what happens, in the documented order (a dependency is disposed
/// before its dependent's `dispose()`). A disposal deeper than that has already begun (the
/// instance is no longer findable or held) and is finished by the outermost disposal, after the
/// level above it, so that no chain, however long, overflows the stack.
struct DisposalNesting {
  /// Levels of disposal that run inside one another before the next is deferred. A level costs
  /// a few kilobytes of stack in a debug build; 256 of them stay far below a thread's stack.
  static let limit = 256

  /// A disposal that has begun and waits for its turn.
  struct Deferred {
    let viewModel: ViewModel
    let disposal: InstanceStore.Disposal
    let callingHook: Bool
  }

  /// The disposals running now, one inside the other.
  private(set) var depth = 0
  /// Disposals begun too deep, oldest first.
  private var deferred: [Deferred] = []
  /// The next one to finish, in `deferred`.
  private var nextDeferred = 0

  /// Whether a disposal starting now must be deferred.
  var isAtLimit: Bool { depth >= Self.limit }

  mutating func enter() { depth += 1 }
  mutating func leave() { depth -= 1 }

  mutating func postpone(_ disposal: Deferred) { deferred.append(disposal) }

  /// The oldest deferred disposal, once the outermost disposal has finished its own work.
  mutating func takeDeferred() -> Deferred? {
    guard nextDeferred < deferred.count else { return nil }
    defer { nextDeferred += 1 }
    return deferred[nextDeferred]
  }

  /// Whether disposals were deferred, all finished by now, that this list still keeps.
  var hasFinished: Bool { !deferred.isEmpty }

  /// Empties the list once every deferred disposal has finished, and hands the finished ones
  /// to the caller, so that none is kept alive by it. The caller lets go of them after this
  /// access has ended: the last reference to a view model runs its `deinit`, which can dispose
  /// again.
  mutating func takeFinished() -> [Deferred] {
    let finished = deferred
    deferred = []
    nextDeferred = 0
    return finished
  }
}
