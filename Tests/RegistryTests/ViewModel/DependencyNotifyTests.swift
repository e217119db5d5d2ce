import Registry
import Testing

@MainActor
private final class Parent: ProbeViewModel {
  let childSpec: ViewModelSpec<ProbeViewModel>
  let watches: Bool
  var notified: [String] = []
  private(set) var child: ProbeViewModel?

  init(childSpec: ViewModelSpec<ProbeViewModel>, watches: Bool, log: EventLog) {
    self.childSpec = childSpec
    self.watches = watches
    super.init("parent", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    child = watches ? viewModelBinding.watch(childSpec) : viewModelBinding.read(childSpec)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    notified.append((viewModel as? ProbeViewModel)?.name ?? "?")
    log.append("dependency \(notified.last!)")
  }
}

/// `onDependencyNotify` tells a view model which watched dependency changed, once per change,
/// before its own listeners hear of it.
@MainActor
@Suite struct DependencyNotifyTests {
  @Test func aWatchedDependencysChangeIsToldOnceBeforeTheParentsListeners() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let childSpec = ViewModelSpec(key: "child") { ProbeViewModel("child", log: log) }
      let binding = ViewModelBinding()
      let parent = binding.watch(
        ViewModelSpec(key: "parent") { Parent(childSpec: childSpec, watches: true, log: log) })
      parent.listen { log.append("parent listener") }
      let child = try #require(parent.child)
      child.set(1)
      #expect(parent.notified == ["child"])
      #expect(log.events.suffix(2) == ["dependency child", "parent listener"])
      // Disposed under the parent: told too.
      registry.dispose(child)
      #expect(parent.notified == ["child", "child"])
      binding.dispose()
    }
  }

  @Test func aDependencyThatIsOnlyReadIsNotTold() throws {
    try withTestRegistry { _, _ in
      let log = EventLog()
      let childSpec = ViewModelSpec(key: "child") { ProbeViewModel("child", log: log) }
      let binding = ViewModelBinding()
      let parent = binding.watch(
        ViewModelSpec(key: "parent") { Parent(childSpec: childSpec, watches: false, log: log) })
      try #require(parent.child).set(1)
      #expect(parent.notified.isEmpty)
      binding.dispose()
    }
  }
}
