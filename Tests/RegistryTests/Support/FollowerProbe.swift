import Registry

/// A probe that watches another spec through its own binding from `onCreate` on, and logs
/// `notified <name>` when that dependency notifies.
@MainActor
final class FollowerProbe: ProbeViewModel {
  let dependency: ViewModelSpec<ProbeViewModel>

  init(_ name: String, log: EventLog, following dependency: ViewModelSpec<ProbeViewModel>) {
    self.dependency = dependency
    super.init(name, log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    _ = viewModelBinding.watch(dependency)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    log.append("notified \(name)")
  }
}
