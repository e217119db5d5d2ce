import Registry

/// Counts builds and disposals per instance, to prove that each instance is disposed exactly
/// once and that nothing but `aliveForever` instances is left.
@MainActor
final class DisposalAudit: ViewModelLifecycle {
  private(set) var built = 0
  private(set) var disposed = 0
  private(set) var problems: [String] = []
  /// Instances built and not yet disposed, by name; a name can be built again after disposal.
  private var outstanding: [String: Int] = [:]

  func onCreate(_ event: LifecycleEvent) {
    built += 1
    outstanding[Self.name(event), default: 0] += 1
  }

  func onDispose(_ event: LifecycleEvent) {
    disposed += 1
    let name = Self.name(event)
    let left = outstanding[name, default: 0] - 1
    if left < 0 { problems.append("\(name) disposed more often than built") }
    outstanding[name] = left == 0 ? nil : left
  }

  /// Checks what is still outstanding against what the registry says is alive.
  func verify(against snapshot: RegistrySnapshot) -> [String] {
    var expected: [String: Int] = [:]
    for instance in snapshot.instances { expected[instance.name, default: 0] += 1 }
    var found = problems
    if expected != outstanding {
      let logged = outstanding.keys.sorted()
      let registered = expected.keys.sorted()
      found.append("the log says \(logged) are alive, the registry says \(registered)")
    }
    found += snapshot.releasable.map { "\($0.name) is still alive" }
    return found
  }

  private static func name(_ event: LifecycleEvent) -> String {
    event.key.map { "\(event.typeName)(key: \($0))" } ?? "\(event.typeName)(private)"
  }
}
