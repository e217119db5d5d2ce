/// The lifetime state of a registry: which instances are alive and under which identity, who
/// holds and who watches each of them, which are waiting out a grace period or kept in a pool.
///
/// This file is the only writer of that state. Its parts live where they are read fastest — an
/// instance's ``InstanceLifetime`` in the view model, a binding's ``HolderTable`` in the
/// binding — but their fields can be set only here. The store's mutations never call out (no
/// hook, no listener, no observer runs inside them); each returns what must happen next, and
/// the registry, the one driver (see `ViewModelRegistry+Lifetimes.swift`), carries that out.
///
/// How a keyed instance is looked up: ``InstanceStore/shared`` by ``InstanceIdentity``, after a
/// binding's own ``HolderTable`` (see `ViewModelRegistry+Resolve.swift`).
@MainActor
struct InstanceStore {
  /// Keyed instances, by identity.
  private(set) var shared: [InstanceIdentity: ViewModel] = [:]
  /// How many instances are alive, keyed and private.
  private(set) var liveCount = 0
  /// The live instances form a list in build order through their lifetimes: the oldest is held
  /// here, each holds the next.
  private var oldest: ViewModel?
  private unowned(unsafe) var newest: ViewModel? = nil
  /// Released instances kept per family for a quick return, least recently released first.
  private var pools: [ObjectIdentifier: [ViewModel]] = [:]
  private var lastSequence: UInt64 = 0

  nonisolated init() {}

  /// The live instances, oldest first (by build order: an instance that builds its
  /// dependencies in `onCreate` comes before them, though it is admitted after them).
  var live: [ViewModel] {
    var result: [(sequence: UInt64, viewModel: ViewModel)] = []
    result.reserveCapacity(liveCount)
    var next = oldest
    while let viewModel = next {
      result.append((viewModel.lifetime.record?.sequence ?? 0, viewModel))
      next = viewModel.lifetime.next
    }
    result.sort(by: olderFirst)
    return result.map(\.viewModel)
  }

  // MARK: Building

  /// Gives a freshly built instance its record, before `onCreate` runs. It is not findable yet.
  mutating func prepare(
    _ viewModel: ViewModel, identity: InstanceIdentity, values: consuming InstanceArg.Values,
    builtFor holder: BindingCore
  ) {
    lastSequence += 1
    viewModel.lifetime.record = InstanceRecord(
      identity: identity, values: values, sequence: lastSequence, creatorID: holder.id)
  }

  /// Makes a prepared instance findable, once `onCreate` has returned; `identity` is the one in
  /// its record, which its builder passes on: the table's copy is made from it, where one read
  /// from the record was copied first and released after (a retain and a release).
  mutating func admit(_ viewModel: ViewModel, at identity: InstanceIdentity) {
    guard viewModel.lifetime.record != nil else { return }
    if identity.isShared { shared[identity] = viewModel }
    if let newest {
      newest.lifetime.next = viewModel
      viewModel.lifetime.previous = newest
    } else {
      oldest = viewModel
    }
    newest = viewModel
    viewModel.lifetime.isLinked = true
    liveCount += 1
  }

  // MARK: Holding

  /// What happened when a holder asked to hold an instance.
  enum HoldOutcome {
    /// The holder held it already (and watched it if asked to).
    case alreadyHeld
    /// The holder held it already and now watches it too.
    case startedWatching
    /// The holder holds it now: the instance is owed `onBind`. `cancelGrace` is a grace period
    /// it was waiting out, to cancel.
    case bound(cancelGrace: (() -> Void)?)
  }

  /// Makes `holder` hold (and, when `watching`, watch) `viewModel`, found at `identity`.
  mutating func hold(
    _ viewModel: ViewModel, at identity: InstanceIdentity, by holder: BindingCore,
    watching: Bool, anchor: AnyObject?
  ) -> HoldOutcome {
    if let entry = holder.entry(at: identity) {
      guard watching, !entry.isWatching else { return .alreadyHeld }
      holder.table.startWatching(at: identity)
      viewModel.lifetime.watchers.append(holder)
      if let owner = holder.ownerViewModel { raiseHeight(of: owner, above: viewModel) }
      return .startedWatching
    }
    holder.table.lastSequence += 1
    holder.table.insert(
      HolderTable.Entry(
        viewModel: viewModel, isWatching: watching, sequence: holder.table.lastSequence),
      at: identity, anchor: anchor)
    let cancelGrace = returnFromRelease(viewModel)
    viewModel.lifetime.holders.append(holder)
    if watching {
      viewModel.lifetime.watchers.append(holder)
      if let owner = holder.ownerViewModel { raiseHeight(of: owner, above: viewModel) }
    }
    return .bound(cancelGrace: cancelGrace)
  }

  /// Keeps `owner` above `dependency`, which it now watches, and what watches `owner` above it.
  /// A fresh chain is built from the bottom up, so this is one comparison per hold; only a view
  /// model that gains a dependency after others came to watch it walks up.
  private func raiseHeight(of owner: ViewModel, above dependency: ViewModel) {
    guard owner.lifetime.height <= dependency.lifetime.height else { return }
    owner.lifetime.height = dependency.lifetime.height + 1
    guard !owner.lifetime.watchers.isEmpty else { return }
    var raised = [owner]
    // Holds that would close a cycle are refused, so the walk ends; a cycle would be a broken
    // invariant, and the count keeps it from hanging the app.
    var steps = 0
    while let next = raised.popLast() {
      steps += 1
      guard steps < 10_000_000 else {
        assertionFailure("a cycle of view models watching each other")
        break
      }
      for watcher in next.lifetime.watchers {
        guard let above = watcher.ownerViewModel, above.lifetime.height <= next.lifetime.height
        else { continue }
        above.lifetime.height = next.lifetime.height + 1
        raised.append(above)
      }
    }
  }

  /// An instance waiting to be disposed is acquired again: it is alive as before. Returns the
  /// grace period to cancel.
  private mutating func returnFromRelease(_ viewModel: ViewModel) -> (() -> Void)? {
    guard viewModel.lifetime.phase == .awaitingDisposal else { return nil }
    viewModel.lifetime.phase = .alive
    removeFromPool(viewModel)
    let cancel = viewModel.extrasIfMade?.cancelGrace
    viewModel.extrasIfMade?.cancelGrace = nil
    return cancel
  }

  /// What must happen to an instance after a holder let go of it.
  enum AfterRelease {
    /// Others hold it, or it lives forever, or it already waits to be disposed.
    case keep
    /// Nothing holds it: dispose it now.
    case dispose
    /// Nothing holds it, and its policy keeps it a while: a grace period, then maybe a pool.
    case wait(ReleasePolicy)
  }

  /// Makes `holder` let go of what it holds at `identity`; returns the instance, or `nil` when
  /// it held nothing there. What happens to the instance is decided by ``afterRelease(of:)``,
  /// once the instance has been told.
  mutating func release(_ identity: InstanceIdentity, by holder: BindingCore) -> ViewModel? {
    guard let entry = holder.table.remove(at: identity) else { return nil }
    return letGo(entry, by: holder)
  }

  /// ``release(_:by:)`` of what `holder` holds in its inline entry (most bindings hold one
  /// instance), when that is `viewModel`, or anything when `viewModel` is `nil`: found without
  /// an identity, so nothing is copied to look it up. `nil` when the entry is empty or holds
  /// another instance.
  mutating func releaseFirst(holding viewModel: ViewModel?, by holder: BindingCore) -> ViewModel? {
    guard let entry = holder.table.removeFirst(holding: viewModel) else { return nil }
    return letGo(entry, by: holder)
  }

  @inline(__always)
  private mutating func letGo(_ entry: HolderTable.Entry, by holder: BindingCore) -> ViewModel {
    let viewModel = entry.viewModel
    if entry.isWatching { viewModel.lifetime.watchers.remove(holder) }
    viewModel.lifetime.holders.remove(holder)
    return viewModel
  }

  /// What must happen to `viewModel` now that a holder has let go of it.
  mutating func afterRelease(of viewModel: ViewModel) -> AfterRelease {
    // The record is read field by field, in place: a copy of it would retain what it holds.
    guard viewModel.lifetime.holders.isEmpty, viewModel.lifetime.phase == .alive,
      viewModel.lifetime.record?.values.aliveForever == false
    else { return .keep }
    // A private instance can only be found again by the binding that let go of it, so a grace
    // period or a pool would only keep it unreachable: it goes at once.
    guard let policy = viewModel.lifetime.record?.releasePolicy,
      viewModel.lifetime.record?.identity.isShared == true
    else { return .dispose }
    viewModel.lifetime.phase = .awaitingDisposal
    return .wait(policy)
  }

  /// Makes `holder` follow `viewModel` without holding it (a host that borrows it).
  mutating func observe(_ viewModel: ViewModel, by holder: BindingCore) {
    guard !holder.table.isDisposed, viewModel.lifetime.phase < .disposing,
      !holder.table.observed.contains(where: { $0 === viewModel })
    else { return }
    holder.table.observed.append(viewModel)
    viewModel.lifetime.watchers.append(holder)
  }

  /// Makes `holder` stop following `viewModel`. Returns whether it followed it.
  @discardableResult
  mutating func stopObserving(_ viewModel: ViewModel, by holder: BindingCore) -> Bool {
    guard let index = holder.table.observed.firstIndex(where: { $0 === viewModel }) else {
      return false
    }
    holder.table.observed.remove(at: index)
    viewModel.lifetime.watchers.remove(holder)
    return true
  }

  // MARK: Grace periods and pools

  /// Remembers how to cancel the grace period `viewModel` now waits out.
  mutating func startGrace(of viewModel: ViewModel, cancel: @escaping () -> Void) {
    viewModel.extras.cancelGrace = cancel
  }

  /// What must happen when a released instance's grace period is over.
  enum AfterGrace {
    /// It was acquired again or disposed meanwhile: nothing.
    case nothing
    /// Dispose it.
    case dispose
    /// It went into its family's pool, which let go of these to stay within its capacity:
    /// dispose them.
    case pooled(evicted: [ViewModel])
  }

  /// The grace period of `viewModel` is over (or it had none): it goes into its family's pool,
  /// or is to be disposed.
  mutating func endGrace(of viewModel: ViewModel) -> AfterGrace {
    guard viewModel.lifetime.phase == .awaitingDisposal, let record = viewModel.lifetime.record
    else { return .nothing }
    viewModel.extrasIfMade?.cancelGrace = nil
    guard let keep = record.releasePolicy?.keepReleased else { return .dispose }
    var pool = pools[keep.family, default: []]
    pool.append(viewModel)
    var evicted: [ViewModel] = []
    while pool.count > keep.capacity { evicted.append(pool.removeFirst()) }
    pools[keep.family] = pool.isEmpty ? nil : pool
    return .pooled(evicted: evicted)
  }

  private mutating func removeFromPool(_ viewModel: ViewModel) {
    guard let family = viewModel.lifetime.record?.releasePolicy?.keepReleased?.family,
      var pool = pools[family], let index = pool.firstIndex(where: { $0 === viewModel })
    else { return }
    pool.remove(at: index)
    pools[family] = pool.isEmpty ? nil : pool
  }

  // MARK: Disposal

  /// What a disposal must tell: the holders that held the instance, in the order they started
  /// (each is owed an `onUnbind`, and a refresh when it watched it or is a host's).
  struct Disposal {
    let holders: [(holder: BindingCore, wasWatching: Bool)]
    /// A grace period it was waiting out, to cancel.
    let cancelGrace: (() -> Void)?
  }

  /// Starts disposing `viewModel`: it is no longer findable, and every holder has let go of it.
  /// `nil` when it is already being disposed or disposed.
  mutating func beginDisposal(of viewModel: ViewModel) -> Disposal? {
    guard viewModel.lifetime.phase < .disposing else { return nil }
    let wasAwaiting = viewModel.lifetime.phase == .awaitingDisposal
    viewModel.lifetime.phase = .disposing
    let cancelGrace = viewModel.extrasIfMade?.cancelGrace
    viewModel.extrasIfMade?.cancelGrace = nil
    guard let isShared = viewModel.lifetime.record?.identity.isShared else {
      return Disposal(holders: [], cancelGrace: cancelGrace)
    }
    if wasAwaiting { removeFromPool(viewModel) }
    // One lookup: the slot is emptied where it was found, then compared. Another instance found
    // there (this one was replaced under its key) is put back: rare, where reading the slot to
    // compare it first cost a call, a retain and a release on every disposal.
    if isShared, let identity = viewModel.lifetime.record?.identity,
      let index = shared.index(forKey: identity)
    {
      let removed = shared.remove(at: index)
      if removed.value !== viewModel { shared[removed.key] = removed.value }
    }
    unlink(viewModel)
    // Most instances are disposed after their last holder let go: nothing more to do here.
    guard !viewModel.lifetime.holders.isEmpty else {
      return Disposal(holders: [], cancelGrace: cancelGrace)
    }
    var holders: [(holder: BindingCore, wasWatching: Bool)] = []
    for holder in viewModel.lifetime.holders {
      guard let (identity, entry) = holder.heldEntry(of: viewModel) else { continue }
      holder.table.remove(at: identity)
      if entry.isWatching { viewModel.lifetime.watchers.remove(holder) }
      holders.append((holder, entry.isWatching))
    }
    viewModel.lifetime.holders.removeAll()
    return Disposal(holders: holders, cancelGrace: cancelGrace)
  }

  private mutating func unlink(_ viewModel: ViewModel) {
    // A flag, not `previous != nil || oldest === viewModel`: reading either reference would
    // retain and release it.
    guard viewModel.lifetime.isLinked else { return }
    viewModel.lifetime.isLinked = false
    // The reference to the next instance is moved, not copied, into the link that named this
    // one: one release (of this instance, which the caller keeps alive) instead of five counts.
    let next = viewModel.lifetime.next.take()
    let previous = viewModel.lifetime.previous
    viewModel.lifetime.previous = nil
    if let next {
      next.lifetime.previous = previous
    } else {
      newest = previous
    }
    if let previous {
      previous.lifetime.next = consume next
    } else {
      oldest = consume next
    }
    liveCount -= 1
  }

  /// Ends a disposal: returns the bindings that only followed the instance (borrowing hosts),
  /// which must be told so they stop showing it.
  mutating func finishDisposal(of viewModel: ViewModel) -> [BindingCore] {
    guard !viewModel.lifetime.watchers.isEmpty else { return [] }
    let observers = Array(viewModel.lifetime.watchers)
    for observer in observers {
      if let index = observer.table.observed.firstIndex(where: { $0 === viewModel }) {
        observer.table.observed.remove(at: index)
      }
    }
    viewModel.lifetime.watchers.removeAll()
    return observers
  }

  /// What a binding's disposal must release: the identities it held, newest first —
  /// dependents go before what they depend on — and the instances it no longer follows.
  struct HolderTeardown {
    /// The newest, when the binding holds anything outside its inline entry; `nil` when it holds
    /// at most that entry, which is then released as the inline entry, without an identity (a
    /// copy of one is a retain and a release) or an array.
    let newest: InstanceIdentity?
    /// The others, newest first.
    let older: [InstanceIdentity]
    let unfollowed: [ViewModel]
  }

  /// Starts disposing `holder`: it follows nothing from now on, and can hold nothing new. The
  /// driver releases what it held one by one. `nil` when it was disposed already.
  mutating func beginDisposal(of holder: BindingCore) -> HolderTeardown? {
    guard !holder.table.isDisposed else { return nil }
    holder.table.isDisposed = true
    let unfollowed = holder.table.observed
    if !unfollowed.isEmpty {
      for viewModel in unfollowed { viewModel.lifetime.watchers.remove(holder) }
      holder.table.observed.removeAll()
    }
    guard !holder.table.others.isEmpty else {
      return HolderTeardown(newest: nil, older: [], unfollowed: unfollowed)
    }
    var order: [(sequence: UInt64, identity: InstanceIdentity)] = []
    order.reserveCapacity(holder.table.count)
    if let first = holder.table.first { order.append((first.entry.sequence, first.identity)) }
    for (identity, entry) in holder.table.others { order.append((entry.sequence, identity)) }
    order.sort(by: newestFirst)
    return HolderTeardown(
      newest: order[0].identity, older: order.dropFirst().map(\.identity), unfollowed: unfollowed)
  }

  /// Marks `holder` disposed when it holds nothing but its inline entry (if that) and has
  /// nothing else to stop or tell — no followed instances, pause providers or dispose hooks —
  /// so that its disposal is letting go of that entry. `false`, changing nothing, otherwise.
  mutating func markDisposedIfItHoldsOnlyItsInlineEntry(_ holder: BindingCore) -> Bool {
    guard !holder.table.isDisposed, holder.table.others.isEmpty, holder.table.observed.isEmpty,
      !holder.hasExtras
    else { return false }
    holder.table.isDisposed = true
    return true
  }

  /// Marks a binding disposed that never held anything (one made for a disposed view model).
  mutating func markDisposed(_ holder: BindingCore) {
    holder.table.isDisposed = true
  }
}

/// Sorts newest first, without the main-actor closure a comparison written inside an isolated
/// method would be (and the executor check it would pay on every comparison).
private nonisolated func newestFirst(
  _ lhs: (sequence: UInt64, identity: InstanceIdentity),
  _ rhs: (sequence: UInt64, identity: InstanceIdentity)
) -> Bool {
  lhs.sequence > rhs.sequence
}

private nonisolated func olderFirst(
  _ lhs: (sequence: UInt64, viewModel: ViewModel), _ rhs: (sequence: UInt64, viewModel: ViewModel)
) -> Bool {
  lhs.sequence < rhs.sequence
}

/// What the registry knows of an instance it built; set once, before `onCreate`. Its references
/// are the spec's own objects (values, policy, identity key), shared by every instance it builds.
struct InstanceRecord {
  let identity: InstanceIdentity
  /// What it was built with (after any proxy): key, tag and lifetime.
  let values: InstanceArg.Values
  /// Build order in the registry; cached lookups prefer the newest.
  let sequence: UInt64
  /// What happens when the last holder lets go; `nil`: it is disposed at once. Its spec's, kept
  /// in the values it shares with the spec rather than in each record.
  var releasePolicy: ReleasePolicy? { values.releasePolicy }
  /// The ``ViewModelBinding/id`` of the binding whose resolution built the instance: what
  /// `onCreate` was told, and, for key-churn detection, which holder built it (the id holds the
  /// binding's serial, never reused in its registry).
  let creatorID: String

  /// The holder that built the instance, and its type.
  var churnSource: ChurnSource { ChurnSource(holder: creatorID, type: identity.type) }

  /// The hooks' argument about `bindingId`.
  func arg(bindingId: String?) -> InstanceArg { InstanceArg(values: values, bindingId: bindingId) }

  /// The argument `onCreate` received: about the binding that built the instance.
  var creationArg: InstanceArg { arg(bindingId: creatorID) }
}

/// An instance's lifetime state, kept in the view model; only ``InstanceStore`` sets it.
struct InstanceLifetime {
  /// `disposing` lasts for good: no rule tells an instance being disposed from one that was.
  enum Phase: Int, Comparable {
    case alive, awaitingDisposal, disposing

    static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// `nil` for an instance made by hand, which no registry tracks.
  fileprivate(set) var record: InstanceRecord?
  /// The bindings that hold it, in the order they started.
  fileprivate(set) var holders = HolderList()
  /// The bindings refreshed when it changes: those that watch it and those that follow it
  /// without holding it.
  fileprivate(set) var watchers = HolderList()
  /// The live list of its registry, in build order.
  fileprivate var next: ViewModel?
  fileprivate unowned(unsafe) var previous: ViewModel? = nil
  // The small fields last, in one word, and the view model's own flags after them in its
  // padding (ViewModel.swift): 16 bytes less per instance than a word each.
  private var storedHeight: UInt32 = 0
  fileprivate(set) var phase = Phase.alive
  /// On the live list: from being admitted until it is unlinked.
  fileprivate var isLinked = false

  /// One more than the highest view model it watches through its own binding, 0 when it watches
  /// none: a change is carried up the graph lowest first, so that each view model is refreshed
  /// once, after everything it watches. Only raised (a release leaves it), which keeps it above
  /// every view model it watches.
  fileprivate(set) var height: Int {
    get { Int(storedHeight) }
    // A graph four billion view models deep would have overflowed the stack long before.
    set { storedHeight = UInt32(newValue) }
  }

  /// Released, but kept alive by a grace period or its family's pool.
  var isAwaitingDisposal: Bool { phase == .awaitingDisposal }
}

/// The last value given to a table's ``HolderTable/generation``: each is new in the process, so
/// that a spec's lookup memo names one state of one table, never a table made since at the same
/// address. Even, so that a memo can keep a flag in the lowest bit.
@MainActor private var lastTableGeneration: UInt64 = 0

/// What one binding holds and follows; kept in the binding, only ``InstanceStore`` sets it.
@MainActor
struct HolderTable {
  struct Entry {
    /// Not counted: an instance is held only while it is live, and the store's live list (from
    /// `admit` to `unlink`) keeps it; its disposal takes it out of every holder's table, while
    /// the disposal's caller still has it. Counting it cost a retain and a release per hold.
    unowned(unsafe) let viewModel: ViewModel
    /// When the binding started holding it (release runs newest first), shifted left by one;
    /// the lowest bit says whether it watches it. One word: a table of many entries is most of
    /// what a live instance costs beyond its object (Benchmarks/README.md, `scale_bytes_N`).
    private var sequenceAndWatching: UInt64

    init(viewModel: ViewModel, isWatching: Bool, sequence: UInt64) {
      self.viewModel = viewModel
      sequenceAndWatching = sequence << 1 | (isWatching ? 1 : 0)
    }

    var isWatching: Bool {
      get { sequenceAndWatching & 1 == 1 }
      set { sequenceAndWatching = sequenceAndWatching & ~1 | (newValue ? 1 : 0) }
    }

    /// When the binding started holding it; release runs newest first.
    var sequence: UInt64 { sequenceAndWatching >> 1 }
  }

  /// The first instance the binding holds, inline: most bindings hold one, and then no
  /// dictionary is allocated. It may be empty while `others` is not (after a release).
  fileprivate(set) var first: (identity: InstanceIdentity, entry: Entry)?
  /// `first` again as plain values, kept in step with it, so that the re-render path compares
  /// and reads it without copying or retaining anything: its identity's key-box address (0 when
  /// empty) and hash, its instance (owned by `first`, which outlives every read of this) and
  /// whether it is watched.
  fileprivate private(set) var firstBox: UInt = 0
  fileprivate private(set) var firstHash = 0
  fileprivate private(set) unowned(unsafe) var firstViewModel: ViewModel? = nil
  fileprivate private(set) var firstIsWatching = false
  /// What else the binding holds, by identity.
  fileprivate(set) var others = [InstanceIdentity: Entry]()
  /// The specs of the private instances held at an identity that does not name its spec (a
  /// family's argument without a key), kept alive so that the object identifier in the identity
  /// cannot be reused while the instance lives. Apart from the entries: few instances need one,
  /// and every entry would otherwise carry the word. Optional, so that a table without any costs
  /// nothing to make and destroy (an empty dictionary is a retain and a release).
  private var anchors: [InstanceIdentity: AnyObject]?
  /// Instances followed without being held.
  fileprivate(set) var observed: [ViewModel] = []
  fileprivate(set) var isDisposed = false
  fileprivate var lastSequence: UInt64 = 0
  /// Changes whenever an entry is removed, replaced or starts being watched, and on the first
  /// insert, to a value no table had before; 0 until then, so 0 means the table never held
  /// anything. Specs' lookup memos are valid while it does not change: a new entry changes none
  /// that a memo names, so the memos of a binding that holds many instances survive its next
  /// hold.
  private(set) var generation: UInt64 = 0

  private mutating func changed() {
    lastTableGeneration &+= 2
    generation = lastTableGeneration
  }

  /// A lookup memo's stamp for a table at `generation`: the generation, plus one when the memo
  /// may answer a watch (generations are even).
  static func memoStamp(_ generation: UInt64, watching: Bool) -> UInt64 {
    watching ? generation + 1 : generation
  }

  var count: Int { (firstBox == 0 ? 0 : 1) + others.count }
  /// Whether the table holds nothing: the same as `count == 0`, without counting `others`.
  var isEmpty: Bool { firstBox == 0 && others.isEmpty }

  /// Every entry, in no particular order.
  var allEntries: [Entry] {
    var result: [Entry] = []
    result.reserveCapacity(count)
    if let first { result.append(first.entry) }
    result.append(contentsOf: others.values)
    return result
  }

  fileprivate mutating func insert(
    _ entry: Entry, at identity: InstanceIdentity, anchor: AnyObject?
  ) {
    // The first insert takes a generation from the process-wide count: every table that never
    // held anything shares 0, and a memo of an entry found at 0 would answer for all of them.
    if generation == 0 { changed() }
    if let anchor {
      // Taken out, so that the insert does not copy the dictionary.
      var held = anchors.take() ?? [:]
      held[identity] = anchor
      anchors = held
    }
    guard firstBox == 0 else {
      if others.updateValue(entry, forKey: identity) != nil { changed() }
      return
    }
    firstBox = identity.boxAddress
    firstHash = identity.keyHash
    firstViewModel = entry.viewModel
    firstIsWatching = entry.isWatching
    first = (identity, entry)
  }

  fileprivate mutating func startWatching(at identity: InstanceIdentity) {
    changed()
    if firstMatches(identity) {
      first?.entry.isWatching = true
      firstIsWatching = true
    } else {
      others[identity]?.isWatching = true
    }
  }

  @discardableResult
  fileprivate mutating func remove(at identity: InstanceIdentity) -> Entry? {
    changed()
    let entry: Entry?
    if firstMatches(identity) {
      entry = takeFirst().entry
    } else {
      entry = others.isEmpty ? nil : others.removeValue(forKey: identity)
    }
    if anchors != nil { releaseAnchor(at: identity) }
    return entry
  }

  /// Removes the inline entry when it holds `viewModel` (any instance when `nil`), compared by
  /// address: nothing is retained to find it.
  fileprivate mutating func removeFirst(holding viewModel: ViewModel?) -> Entry? {
    guard firstBox != 0 else { return nil }
    if let viewModel {
      guard ObjectIdentifier(firstViewModel.unsafelyUnwrapped) == ObjectIdentifier(viewModel)
      else { return nil }
    }
    changed()
    let (identity, entry) = takeFirst()
    if anchors != nil { releaseAnchor(at: identity) }
    return entry
  }

  /// Empties the inline entry, which holds something, and its plain copies; returns it.
  private mutating func takeFirst() -> (identity: InstanceIdentity, entry: Entry) {
    firstBox = 0
    firstHash = 0
    firstViewModel = nil
    firstIsWatching = false
    return first.take().unsafelyUnwrapped
  }

  /// Lets go of the spec kept for the entry at `identity`, if one was, once the entry is gone:
  /// the spec's release can run code (what its family's closures captured) that calls back into
  /// the registry, which then finds the table consistent. An empty table of anchors goes, so
  /// that later releases skip it again.
  private mutating func releaseAnchor(at identity: InstanceIdentity) {
    guard var held = anchors.take() else { return }
    let anchor = held.removeValue(forKey: identity)
    withExtendedLifetime(anchor) { anchors = held.isEmpty ? nil : held }
  }

  /// Whether the inline entry is the one at `identity`, compared without copying it: by key-box
  /// address, else (an equal identity made elsewhere) by hash, then in full.
  func firstMatches(_ identity: InstanceIdentity) -> Bool {
    if firstBox == identity.boxAddress { return true }
    return firstBox != 0 && firstHash == identity.keyHash
      && first.unsafelyUnwrapped.identity == identity
  }
}

extension BindingCore {
  /// The instance this binding holds for `spec` (built by `spec` itself: no proxy), when it also
  /// watches it or need not: the re-render path is this lookup. A method of the binding, not of
  /// its table, so that the table is read in place rather than copied; it reads the spec's and
  /// the table's plain values only, so nothing is retained but the instance returned.
  @inline(__always)
  func heldInstance<Source: InstanceSource>(of spec: Source, watching: Bool) -> ViewModel? {
    // The spec that made the binding's first entry asks again: its own key box, by address.
    if table.firstBox == spec.lookupBoxAddress {
      return !watching || table.firstIsWatching ? table.firstViewModel : nil
    }
    // The spec found or was given its instance in this table, and the table has not let go of
    // or started watching anything since (a memo names one generation of one table: no other
    // table has it). A spec never found anywhere has stamp 0, which matches only a table that
    // never held anything, and then answers nil, which is right.
    let stamp = spec.memoStamp
    if stamp & ~1 == table.generation, !watching || stamp & 1 == 1 {
      return spec.memoViewModel
    }
    // An empty table (a binding's first resolution) holds nothing to find: the identity is not
    // copied (a retain and a release) for a search that cannot succeed.
    guard !table.isEmpty,
      let entry = entry(at: spec.ownIdentity)
    else { return nil }
    spec.memoStamp = HolderTable.memoStamp(table.generation, watching: entry.isWatching)
    spec.memoViewModel = entry.viewModel
    return !watching || entry.isWatching ? entry.viewModel : nil
  }

  /// Whether this binding's inline entry holds the instance `spec` builds itself (no proxy):
  /// told by the spec's own key-box address, so nothing is copied or retained.
  @inline(__always)
  func firstIsBuilt<Source: InstanceSource>(by spec: Source) -> Bool {
    table.firstBox == spec.lookupBoxAddress
  }

  /// Sets `spec`'s lookup memo to the instance this binding has just come to hold for it, as of
  /// `generation`, the table's generation before the hold: the first read after a build or an
  /// acquisition is then answered as a re-read, without searching the table. If the hooks the
  /// hold ran let go of anything, the table has a new generation and the memo never matches.
  /// `watching` is what the resolution asked for; the entry watches at least that.
  @inline(__always)
  func rememberHold<Source: InstanceSource>(
    _ viewModel: ViewModel, of spec: Source, builtBy active: Source,
    watching: Bool, asOf generation: UInt64
  ) {
    // A memo of generation 0 would match every table that never held anything (the first
    // hold gives a table its generation). Under a proxy the binding may hold the instance at
    // the proxy's identity, which the lookup by the spec's own identity would not find; without
    // one, `active` is `spec` and the identity its own. (Compared as objects, which costs
    // nothing: comparing the identity's key-box address cost a retain and a release.)
    guard generation != 0, active === spec else { return }
    spec.memoStamp = HolderTable.memoStamp(generation, watching: watching)
    spec.memoViewModel = viewModel
  }

  /// Where and how this binding holds `viewModel`: under its identity, or, for a private
  /// instance it did not build, under the identity that names the instance itself.
  func heldEntry(of viewModel: ViewModel) -> (InstanceIdentity, HolderTable.Entry)? {
    guard let identity = viewModel.lifetime.record?.identity else { return nil }
    if let entry = entry(at: identity), entry.viewModel === viewModel { return (identity, entry) }
    guard !identity.isShared else { return nil }
    let borrowed = InstanceIdentity.borrowing(viewModel)
    guard let entry = entry(at: borrowed), entry.viewModel === viewModel else { return nil }
    return (borrowed, entry)
  }

  /// Whether this binding holds `viewModel`.
  func holds(_ viewModel: ViewModel) -> Bool {
    heldEntry(of: viewModel) != nil
  }

  /// What this binding holds at `identity`.
  func entry(at identity: InstanceIdentity) -> HolderTable.Entry? {
    if table.firstMatches(identity) { return table.first.unsafelyUnwrapped.entry }
    return table.others.isEmpty ? nil : table.others[identity]
  }
}

/// The holders or watchers of one instance, in order. Most instances have one, kept inline: no
/// array is allocated until a second comes.
///
/// The list does not count its bindings: a binding is listed only while its own table holds (or
/// follows) the instance, and it lets go of everything before it can be freed — its disposal
/// empties its table, and the public binding's `deinit` (or the task it starts off the main
/// actor, which keeps the core) disposes it first. Counting them cost a retain and a release per
/// hold and per watch.
struct HolderList: Sequence {
  private var first: Unretained? = nil
  private var others: [Unretained] = []

  /// A binding listed without being counted, compared by address: reading it as a reference to
  /// compare it would retain and release it.
  fileprivate struct Unretained {
    unowned(unsafe) let binding: BindingCore

    init(_ core: BindingCore) {
      binding = core
    }

    func names(_ holder: BindingCore) -> Bool {
      ObjectIdentifier(binding) == ObjectIdentifier(holder)
    }
  }

  var isEmpty: Bool { first == nil }

  mutating func append(_ holder: BindingCore) {
    if first == nil { first = Unretained(holder) } else { others.append(Unretained(holder)) }
  }

  /// Removes the first occurrence of `holder`, keeping the order of the others.
  mutating func remove(_ holder: BindingCore) {
    if let first, first.names(holder) {
      self.first = others.isEmpty ? nil : others.removeFirst()
    } else if let index = others.firstIndex(where: { $0.names(holder) }) {
      others.remove(at: index)
    }
  }

  mutating func removeAll() {
    first = nil
    others.removeAll()
  }

  func makeIterator() -> Iterator {
    Iterator(first: first?.binding, others: others)
  }

  struct Iterator: IteratorProtocol {
    private var first: BindingCore?
    private let others: [Unretained]
    private var index = 0

    fileprivate init(first: BindingCore?, others: [Unretained]) {
      self.first = first
      self.others = others
    }

    mutating func next() -> BindingCore? {
      if let first {
        self.first = nil
        return first
      }
      guard index < others.count else { return nil }
      index += 1
      return others[index - 1].binding
    }
  }
}
