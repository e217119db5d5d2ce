import Registry

/// What happened since the last frame: who asked for a redraw, and the lifecycle log.
///
/// Hosts only record that they need a redraw; the shell draws one frame per key, the way a UI
/// framework coalesces invalidations into one pass per run-loop turn.
@MainActor
final class Journal {
  private(set) var redraws: [String] = []
  private(set) var events: [String] = []

  var needsRedraw: Bool { !redraws.isEmpty }

  /// Makes a lifecycle observer that writes each event here instead of printing it.
  func makeLogger() -> LoggingLifecycle {
    LoggingLifecycle { [weak self] line in self?.events.append(line) }
  }

  /// Records a redraw request once per frame, in the order the requests came.
  func requestRedraw(_ reason: String) {
    if !redraws.contains(reason) { redraws.append(reason) }
  }

  func takeRedraws() -> [String] {
    defer { redraws.removeAll() }
    return redraws
  }

  func takeEvents() -> [String] {
    defer { events.removeAll() }
    return events
  }
}
