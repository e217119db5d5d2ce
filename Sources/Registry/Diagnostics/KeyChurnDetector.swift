/// Where replacements come from: the holder that asked for a build, and the type it built.
///
/// Not the spec's address: specs made per render (the case to catch) are new objects each
/// time, and the allocator hands a freed spec's address to the next one, so distinct
/// short-lived specs would look like one. A binding's id holds its serial, which is never
/// reused in its registry, and a type lives as long as the process.
struct ChurnSource: Hashable {
  /// The ``ViewModelBinding/id`` of the binding whose resolution built the instance. Its id, not
  /// its serial: the instance keeps the id for `onCreate`'s argument anyway, and the check runs
  /// only in debug builds, where hashing a short string costs nothing that matters.
  let holder: String
  /// The view-model type of the identity.
  let type: ObjectIdentifier
}

/// Spots unstable keys: a holder that keeps building new instances of one type while those it
/// built before are disposed. A build counts as a replacement when an instance of the same
/// source was disposed within the window; closing a long list (disposals with no builds) never
/// counts, and neither do many holders each building once.
struct KeyChurnDetector {
  private var lastDisposal: [ChurnSource: Duration] = [:]
  private var replacements: [ChurnSource: Replacements] = [:]
  /// When each source was last reported; one report per window.
  private var reported: [ChurnSource: Duration] = [:]
  /// How many sources are remembered before the quiet ones are forgotten. Raised to twice what
  /// a pass keeps, so that a pass that finds every source recent (a test disposing thousands of
  /// bindings within the window) is not run again on the next disposal: each pass is paid for by
  /// as many disposals as it looked at.
  private var pruneLimit = KeyChurnDetector.minimumPruneLimit
  private static let minimumPruneLimit = 1_024
  /// How many pruning passes have run: for tests that check the cost stays linear.
  private(set) var prunePasses = 0

  /// The replacement times of one source within the window, oldest first. Times only grow
  /// while the clock does, so the expired ones are a prefix: dropped from the front, each
  /// once, instead of the whole list being filtered on every build.
  private struct Replacements {
    private var times: [Duration] = []
    private var start = 0

    var count: Int { times.count - start }

    mutating func record(_ now: Duration, window: Duration) {
      // A clock that went back (a registry given a new one) makes the earlier times meaningless.
      if let last = times.last, now < last {
        times.removeAll()
        start = 0
      }
      times.append(now)
      while start < times.count, now - times[start] > window { start += 1 }
      // Compacted once the dropped part is the larger half: amortized, each time moves once.
      if start > 32, start * 2 > times.count {
        times.removeFirst(start)
        start = 0
      }
    }
  }

  mutating func recordDisposal(
    of source: ChurnSource, at now: Duration, threshold: KeyChurnThreshold
  ) {
    lastDisposal[source] = now
    // Sources come and go (bindings end): forget the quiet ones.
    if lastDisposal.count > pruneLimit {
      prunePasses += 1
      lastDisposal = lastDisposal.filter { now - $0.value <= threshold.window }
      replacements = replacements.filter { lastDisposal[$0.key] != nil }
      reported = reported.filter { lastDisposal[$0.key] != nil }
      pruneLimit = max(Self.minimumPruneLimit, lastDisposal.count * 2)
    }
  }

  /// Records a build; returns how many replacements happened in the window when that crosses
  /// the threshold for the first time in this window.
  mutating func recordBuild(
    of source: ChurnSource, at now: Duration, threshold: KeyChurnThreshold
  ) -> Int? {
    guard let disposed = lastDisposal[source], now - disposed <= threshold.window else {
      return nil
    }
    // Changed in place: a copy would copy the list.
    replacements[source, default: Replacements()].record(now, window: threshold.window)
    let count = replacements[source]?.count ?? 0
    guard count > threshold.count else { return nil }
    if let last = reported[source], now - last <= threshold.window { return nil }
    reported[source] = now
    return count
  }

  /// How many sources are remembered: for tests that check memory stays bounded.
  var rememberedSources: Int { lastDisposal.count }
}

extension ViewModelRegistry {
  /// In debug builds, notes the disposal of an instance for key-churn detection.
  func noteDisposalForChurn(_ viewModel: ViewModel) {
    #if DEBUG
      guard let threshold = config.keyChurnWarning, let registration = viewModel.lifetime.record
      else { return }
      churn.recordDisposal(of: registration.churnSource, at: clock.now, threshold: threshold)
    #endif
  }

  /// In debug builds, notes a build and warns once its holder churns.
  func noteBuildForChurn(_ viewModel: ViewModel) {
    #if DEBUG
      guard let threshold = config.keyChurnWarning, let registration = viewModel.lifetime.record,
        let count = churn.recordBuild(
          of: registration.churnSource, at: clock.now, threshold: threshold)
      else { return }
      report(
        .keyChurn(
          type: Describe.type(viewModel.describedType),
          lastKey: Describe.key(registration.values.key),
          count: count, window: "\(threshold.window)"),
        at: nil)
    #endif
  }
}
