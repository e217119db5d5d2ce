import Registry

// MARK: dispose_all, reset_tag

/// A view model that reads one dependency through its own binding in `onCreate`: the
/// dependency is newer than it, and a bulk disposal must dispose the owner first.
final class OwnerOfOne: ViewModel {
  let dependency: ViewModelSpec<PlainViewModel>

  init(dependency: ViewModelSpec<PlainViewModel>) {
    self.dependency = dependency
  }

  override func onCreate(_ arg: InstanceArg) {
    _ = viewModelBinding.read(dependency)
  }
}

/// `pairs` owners, each with the dependency it built, all tagged; one binding reads the owners.
final class OwnerPairs: @unchecked Sendable {
  // @unchecked: set once in `init`, then only read on the main actor.
  let owners: [ViewModelSpec<OwnerOfOne>]
  let keys: [String]

  init(pairs: Int) {
    owners = (0..<pairs).map { index in
      let dependency = ViewModelSpec(key: "dependency-\(index)", tag: "bulk") { PlainViewModel() }
      return ViewModelSpec(key: "owner-\(index)", tag: "bulk") {
        OwnerOfOne(dependency: dependency)
      }
    }
    keys = (0..<pairs * 2).map { "item-\($0)" }
  }
}

/// The pairs are built (untimed), then one bulk disposal disposes them all, each owner before
/// its dependency: ns per instance.
@MainActor
func bulkDisposal(_ fixture: OwnerPairs, byTag: Bool) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  for spec in fixture.owners { _ = binding.read(spec) }
  let count = fixture.owners.count * 2
  precondition(registry.liveInstanceCount == count)
  let start = benchClock.now
  if byTag {
    precondition(registry.reset(tag: "bulk") == count)
  } else {
    registry.disposeAll()
  }
  let elapsed = nanoseconds(since: start)
  expectEmpty(registry)
  binding.dispose()
  let name = byTag ? "reset_tag_\(count)" : "dispose_all_\(count)"
  return [Metric(name: name, unit: "ns/instance", value: elapsed / Double(count))]
}

/// The same number of objects in the floor's three tables, torn down.
@MainActor
func bulkDisposalFloor(_ fixture: OwnerPairs, byTag: Bool) -> [Metric] {
  let metrics = scaleDisposeFloor(keys: fixture.keys)
  let count = fixture.keys.count
  let name = byTag ? "reset_tag_\(count)" : "dispose_all_\(count)"
  return metrics.map { Metric(name: name, unit: $0.unit, value: $0.value) }
}
