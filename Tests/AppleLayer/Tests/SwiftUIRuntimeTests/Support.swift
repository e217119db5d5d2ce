import SwiftUI

/// A shared record of what happened, in order.
final class Log {
  var events: [String] = []
}

/// An object whose deinitialization is logged.
final class Resource {
  let name: String
  let log: Log

  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
    log.events.append("init \(name)")
  }

  deinit { log.events.append("deinit \(name)") }
}

/// Lines recorded from any thread.
final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ line: String) {
    lock.lock()
    stored.append(line)
    lock.unlock()
  }

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
