import Registry

/// A view model that resolves its dependencies through its own binding in `onCreate`.
@MainActor
final class NodeViewModel: ProbeViewModel {
  var dependencies: [ViewModelSpec<NodeViewModel>] = []
  private(set) var resolved: [NodeViewModel] = []

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    resolved = dependencies.map { viewModelBinding.watch($0) }
  }
}

/// A keyed node spec with dependencies.
@MainActor
func nodeSpec(
  _ name: String, _ log: EventLog, aliveForever: Bool = false,
  _ dependencies: ViewModelSpec<NodeViewModel>...
) -> ViewModelSpec<NodeViewModel> {
  ViewModelSpec(key: name, aliveForever: aliveForever) {
    let model = NodeViewModel(name, log: log)
    model.dependencies = dependencies
    return model
  }
}
