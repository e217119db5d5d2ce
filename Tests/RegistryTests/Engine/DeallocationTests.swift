import Registry
import Testing

/// A token captured by closures, to check that the closures themselves are released.
private final class Token {}

@MainActor
@Suite struct DeallocationTests {
  @Test func disposedBindingFreesEveryViewModelBindingAndClosure() {
    withTestRegistry { registry, _ in
      weak var weakBinding: ViewModelBinding?
      weak var weakModel: ProbeViewModel?
      weak var weakToken: Token?
      do {
        let token = Token()
        weakToken = token
        let binding = ViewModelBinding { _ = token }
        weakBinding = binding
        let model = binding.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
        weakModel = model
        model.listen { _ = token }
        model.addDispose { _ = token }
        binding.dispose()
      }
      #expect(weakBinding == nil)
      #expect(weakModel == nil)
      #expect(weakToken == nil)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// "No leaks": a host that refreshed because an instance it watched was disposed does not
  /// keep that instance alive while the host lives on.
  @Test func aDisposedInstanceIsFreedWhileTheHostThatWatchedItLivesOn() {
    withTestRegistry { registry, _ in
      let refreshes = Box(0)
      let binding = ViewModelBinding { refreshes.value += 1 }
      weak var weakModel: ProbeViewModel?
      do {
        let model = binding.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
        weakModel = model
        registry.dispose(model)
      }
      #expect(refreshes.value == 1)
      #expect(weakModel == nil)
      #expect(!binding.isDisposed)
      binding.dispose()
    }
  }

  @Test func droppedBindingFreesAChainAndADiamond() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      var weakModels: [() -> NodeViewModel?] = []
      weak var weakBinding: ViewModelBinding?
      do {
        let d = nodeSpec("d", log)
        let a = nodeSpec("a", log, nodeSpec("b", log, d), nodeSpec("c", log, d))
        let chain = (0..<5).reversed().reduce(nodeSpec("end", log)) { next, index in
          nodeSpec("chain\(index)", log, next)
        }
        let binding = ViewModelBinding()
        weakBinding = binding
        for spec in [a, chain] {
          weak let model = binding.watch(spec)
          weakModels.append { model }
        }
        #expect(registry.liveInstanceCount == 10)
      }
      #expect(weakBinding == nil)
      #expect(weakModels.allSatisfy { $0() == nil })
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events(startingWith: "dispose").count == 10)
    }
  }

  /// A view model that was told of a dependency's change keeps nothing of it: once it lets go
  /// of the dependency, the dependency is freed — also when the change came while its binding
  /// was paused.
  @Test func aDependencyWhoseChangeWasToldIsFreedOnceLetGo() {
    for paused in [false, true] {
      withTestRegistry { registry, _ in
        let owner = ViewModelBinding().read(
          ViewModelSpec(key: "owner", aliveForever: true) {
            ProbeViewModel("owner", log: EventLog())
          })
        let visibility = BasePauseProvider()
        owner.viewModelBinding.addPauseProvider(visibility)
        if paused { visibility.pause() }
        weak var weakDependency: ProbeViewModel?
        do {
          let dependency = owner.viewModelBinding.watch(
            ViewModelSpec(key: "dependency") { ProbeViewModel("dependency", log: EventLog()) })
          weakDependency = dependency
          dependency.set(1)
          owner.viewModelBinding.unbind(dependency)
        }
        #expect(weakDependency == nil, "paused: \(paused)")
        visibility.resume()
        registry.disposeAll()
      }
    }
  }

  @Test func listenerCapturingItsOwnBindingIsFreed() {
    withTestRegistry { registry, _ in
      weak var weakBinding: ViewModelBinding?
      weak var weakModel: ProbeViewModel?
      do {
        let binding = ViewModelBinding()
        weakBinding = binding
        let model = binding.watch(ViewModelSpec { ProbeViewModel("p", log: EventLog()) })
        weakModel = model
        // The listener keeps the binding, which keeps the model, which keeps the listener.
        model.listen { _ = binding.id }
        binding.dispose()
      }
      #expect(weakBinding == nil)
      #expect(weakModel == nil)
    }
  }

  @Test func viewModelWhoseListenerCapturesItsOwnBindingIsFreed() {
    withTestRegistry { registry, _ in
      weak var weakParent: NodeViewModel?
      weak var weakChild: NodeViewModel?
      do {
        let log = EventLog()
        let host = ViewModelBinding()
        let parent = host.watch(nodeSpec("parent", log, nodeSpec("child", log)))
        let child = parent.resolved[0]
        weakParent = parent
        weakChild = child
        let ownBinding = parent.viewModelBinding
        child.listen { _ = ownBinding.id }
        host.dispose()
      }
      #expect(weakParent == nil)
      #expect(weakChild == nil)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func hostsAndObservableValuesAreFreed() {
    withTestRegistry { registry, _ in
      weak var weakHost: ViewModelHost<ProbeViewModel>?
      weak var weakValue: ObservableValue<Int>?
      weak var weakModel: ProbeViewModel?
      do {
        let host = ViewModelHost<ProbeViewModel> {}
        weakHost = host
        weakModel = host.resolve(ViewModelSpec { ProbeViewModel("h", log: EventLog()) })
        let value = ObservableValue(initialValue: 1, shareKey: "v")
        weakValue = value
        value.listen { _ in _ = host.version }
      }
      #expect(weakHost == nil)
      #expect(weakValue == nil)
      #expect(weakModel == nil)
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
