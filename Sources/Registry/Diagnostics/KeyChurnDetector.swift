/// Spots unstable keys: a spec (or family) that keeps building new instances while disposing
/// old ones. A build counts as a replacement when an instance of the same source was disposed
/// within the window; closing a long list (disposals with no builds) never counts.
struct KeyChurnDetector {
  private var lastDisposal: [ObjectIdentifier: Duration] = [:]
  private var replacements: [ObjectIdentifier: [Duration]] = [:]
  /// When each source was last reported; one report per window.
  private var reported: [ObjectIdentifier: Duration] = [:]

  mutating func recordDisposal(
    of source: ObjectIdentifier, at now: Duration, threshold: KeyChurnThreshold
  ) {
    lastDisposal[source] = now
    // Sources come and go (a spec made per render is a new source): forget the quiet ones.
    if lastDisposal.count > 1_024 {
      lastDisposal = lastDisposal.filter { now - $0.value <= threshold.window }
      replacements = replacements.filter { lastDisposal[$0.key] != nil }
      reported = reported.filter { lastDisposal[$0.key] != nil }
    }
  }

  /// Records a build; returns how many replacements happened in the window when that crosses
  /// the threshold for the first time in this window.
  mutating func recordBuild(
    of source: ObjectIdentifier, at now: Duration, threshold: KeyChurnThreshold
  ) -> Int? {
    guard let disposed = lastDisposal[source], now - disposed <= threshold.window else {
      return nil
    }
    var times = replacements[source, default: []]
    times.append(now)
    times.removeAll { now - $0 > threshold.window }
    replacements[source] = times
    guard times.count > threshold.count else { return nil }
    if let last = reported[source], now - last <= threshold.window { return nil }
    reported[source] = now
    return times.count
  }
}

extension ViewModelRegistry {
  /// In debug builds, notes the disposal of an instance for key-churn detection.
  func noteDisposalForChurn(_ viewModel: ViewModel) {
    #if DEBUG
      guard let threshold = config.keyChurnWarning,
        let source = viewModel.registration?.churnSource
      else { return }
      churn.recordDisposal(of: source, at: clock.now, threshold: threshold)
    #endif
  }

  /// In debug builds, notes a build and warns once its spec churns.
  func noteBuildForChurn(_ viewModel: ViewModel) {
    #if DEBUG
      guard let threshold = config.keyChurnWarning, let registration = viewModel.registration,
        let source = registration.churnSource,
        let count = churn.recordBuild(of: source, at: clock.now, threshold: threshold)
      else { return }
      report(
        .keyChurn(
          type: Describe.type(type(of: viewModel)), lastKey: Describe.key(registration.arg.key),
          count: count, window: "\(threshold.window)"),
        at: nil)
    #endif
  }
}
