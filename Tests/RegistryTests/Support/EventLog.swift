import Registry

/// An ordered record of lifecycle hooks, shared by the probe view models of one test.
@MainActor
final class EventLog {
  private(set) var events: [String] = []

  func append(_ event: String) {
    events.append(event)
  }

  func removeAll() {
    events.removeAll()
  }

  /// The events whose text starts with `prefix`.
  func events(startingWith prefix: String) -> [String] {
    events.filter { $0.hasPrefix(prefix) }
  }
}

/// A view model that writes every hook, with its name, into an ``EventLog``.
@MainActor
class ProbeViewModel: ViewModel {
  let name: String
  let log: EventLog
  private(set) var createArg: InstanceArg?
  var value = 0

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
  }

  override func onCreate(_ arg: InstanceArg) {
    createArg = arg
    log.append("create \(name)")
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) {
    log.append("bind \(name) \(bindingId)")
  }

  override func onUnbind(_ arg: InstanceArg, bindingId: String) {
    log.append("unbind \(name) \(bindingId)")
  }

  override func onDispose(_ arg: InstanceArg) {
    log.append("onDispose \(name)")
  }

  override func dispose() {
    log.append("dispose \(name)")
    super.dispose()
  }

  func set(_ value: Int) {
    update { self.value = value }
  }
}

/// A second type, to check that one key under two types is two instances.
@MainActor
final class OtherProbeViewModel: ProbeViewModel {}

/// A view model whose builder counts how often it runs.
@MainActor
final class BuildCounter {
  private(set) var count = 0

  func next() -> Int {
    count += 1
    return count
  }
}

/// A mutable value shared with closures that must not capture a `var`.
@MainActor
final class Box<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
