/// Counts disposals per spec (or family) in a sliding window, to spot unstable keys.
struct KeyChurnDetector {
  private var disposals: [ObjectIdentifier: [Duration]] = [:]
  /// Sources already reported, with the time of the report; one report per window.
  private var reported: [ObjectIdentifier: Duration] = [:]

  /// Records a disposal; returns how many happened in the window when that crosses the
  /// threshold for the first time in this window.
  mutating func recordDisposal(
    of source: ObjectIdentifier, at now: Duration, threshold: KeyChurnThreshold
  ) -> Int? {
    var times = disposals[source, default: []]
    times.append(now)
    times.removeAll { now - $0 > threshold.window }
    disposals[source] = times
    guard times.count > threshold.count else { return nil }
    if let last = reported[source], now - last <= threshold.window { return nil }
    reported[source] = now
    return times.count
  }
}

extension ViewModelRegistry {
  /// In debug builds, notes the disposal of an instance and warns once a spec churns.
  func noteDisposalForChurn(_ viewModel: ViewModel) {
    #if DEBUG
      guard let threshold = config.keyChurnWarning, let registration = viewModel.registration,
        let source = registration.churnSource,
        let count = churn.recordDisposal(of: source, at: clock.now, threshold: threshold)
      else { return }
      report(
        .keyChurn(
          type: Describe.type(type(of: viewModel)), lastKey: Describe.key(registration.arg.key),
          count: count, window: "\(threshold.window)"),
        at: nil)
    #endif
  }
}
