import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// A view model that resolves a dependency in `onCreate`, as AppleViewModel's README shows.
@MainActor
private final class OrderViewModel: ViewModel {
  private(set) var session: CompatCounter?

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    session = viewModelBinding.read(sessionSpec)
  }
}

@MainActor private let sessionSpec = ViewModelSpec<CompatCounter>(key: "session") {
  CompatCounter()
}

/// The members Registry already had under AppleViewModel's names, called with AppleViewModel's
/// argument labels.
@MainActor
@Suite struct AppleViewModelSurfaceTests {
  @Test func viewModelListenersUpdateAndDisposeBlocks() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let counter = binding.watch(
        ViewModelSpec<CompatCounter>(key: "c", tag: "t") { CompatCounter() })
      var heard = 0
      let stop = counter.listen(onChanged: { heard += 1 })
      #expect(counter.hasListeners)
      counter.notifyListeners()
      counter.update { counter.count = 3 }
      stop()
      counter.increment()
      #expect(heard == 2)
      #expect(counter.tag == AnyHashable("t"))
      var order: [Int] = []
      counter.addDispose { order.append(1) }
      counter.addDispose { order.append(2) }
      #expect(!counter.isDisposed)
      binding.dispose()
      #expect(counter.isDisposed && order == [1, 2])
    }
  }

  @Test func dependenciesResolveThroughViewModelBinding() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let order = binding.watch(ViewModelSpec<OrderViewModel> { OrderViewModel() })
      let session = order.session
      #expect(session != nil)
      binding.dispose()
      #expect(session?.isDisposed == true)
    }
  }

  @Test func stateViewModelMembers() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let store = binding.read(
        ViewModelSpec<CompatStateViewModel>(key: "s") {
          CompatStateViewModel(equals: { $0.count == $1.count })
        })
      var transitions: [String] = []
      var labels: [String] = []
      store.listenState(onChanged: { previous, new in
        transitions.append("\(previous?.count ?? -1)->\(new.count)")
      })
      store.listenStateSelect(
        selector: { $0.count }, equals: nil,
        onChanged: { _, count in
          labels.append("\(count)")
        })
      #expect(store.previousState == nil)
      store.inc()
      store.setLabel("ignored by equals")
      store.setState(CompatState(count: 5, label: "x"))
      #expect(transitions == ["0->1", "1->5"])
      #expect(labels == ["1", "5"])
      #expect(store.previousState?.count == 1)
      #expect(store.initialState == CompatState())
      #expect(store.state.count == 5)
    }
  }

  @Test func specsWithAppleViewModelsLabels() throws {
    try withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let trailing = ViewModelSpec<CompatCounter> { CompatCounter() }
      let labelled = ViewModelSpec<CompatCounter>(
        key: "auth", tag: "t", aliveForever: true, builder: { CompatCounter() })
      let throwing = ViewModelSpec<CompatCounter>(throwingBuilder: { throw CompatFailure() })
      let inferred = ViewModelSpec { MockCompatCounter() }
      #expect(binding.watch(trailing) !== binding.watch(labelled))
      let mock: MockCompatCounter = binding.read(inferred)
      #expect(!mock.isDisposed)
      #expect(throws: CompatFailure.self) { try binding.readThrowing(throwing) }
      #expect(throws: CompatFailure.self) { try binding.watchThrowing(throwing) }
      trailing.setProxy(ViewModelSpec { MockCompatCounter() })
      let other = ViewModelBinding()
      #expect(other.watch(trailing) is MockCompatCounter)
      trailing.clearProxy()
      let cached: CompatCounter = try binding.watchCached(key: "auth")
      let read: CompatCounter = try binding.readCached(tag: "t")
      let maybe: CompatCounter? = binding.maybeWatchCached(key: "auth", tag: "t")
      let maybeRead: CompatCounter? = binding.maybeReadCached(key: "nope")
      #expect(cached === read && maybe === read && maybeRead == nil)
    }
  }

  @Test func argumentFamiliesWithAppleViewModelsLabels() throws {
    try withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let one = ViewModelSpecWithArg<CompatCounter, String>(
        builder: { _ in CompatCounter() }, key: { "user-\($0)" }, tag: { _ in "users" },
        aliveForever: { _ in false })
      let two = ViewModelSpecWithArg2<CompatCounter, String, Int>(
        builder: { _, _ in CompatCounter() }, key: { "\($0)\($1)" })
      let three = ViewModelSpecWithArg3<CompatCounter, String, Int, Int>(
        throwingBuilder: { _, _, _ in CompatCounter() })
      let four = ViewModelSpecWithArg4<CompatCounter, String, Int, Int, Int>(
        builder: { _, _, _, _ in CompatCounter() }, tag: { _, _, _, _ in "four" })
      #expect(binding.watch(one("a")) === binding.read(one("a")))
      #expect(binding.watch(one("a")) !== binding.watch(one("b")))
      #expect(one("a").key == AnyHashable("user-a"))
      #expect(binding.watch(two("a", 1)).instanceArg.key == AnyHashable("a1"))
      _ = try binding.watchThrowing(three("a", 1, 2))
      #expect(binding.watch(four("a", 1, 2, 3)).tag == AnyHashable("four"))
      one.setProxy(ViewModelSpecWithArg(builder: { _ in MockCompatCounter() }))
      #expect(ViewModelBinding().read(one("c")) is MockCompatCounter)
      one.clearProxy()
      two.setProxy(ViewModelSpecWithArg2(builder: { _, _ in MockCompatCounter() }))
      #expect(two("b", 2).build() is MockCompatCounter)
      two.clearProxy()
      three.setProxy(ViewModelSpecWithArg3(builder: { _, _, _ in MockCompatCounter() }))
      #expect(three("b", 2, 3).build() is MockCompatCounter)
      three.clearProxy()
      four.setProxy(ViewModelSpecWithArg4(builder: { _, _, _, _ in MockCompatCounter() }))
      #expect(four("b", 2, 3, 4).build() is MockCompatCounter)
      four.clearProxy()
    }
  }

  @Test func bindingsWithAppleViewModelsMembers() {
    withTestRegistry { _, _ in
      final class ScreenBinding: ViewModelBinding {
        var updates = 0
        override func onUpdate() { updates += 1 }
      }
      let binding = ScreenBinding()
      let plain = ViewModelBinding()
      #expect(binding.id != plain.id)
      let counter = binding.watch(ViewModelSpec<CompatCounter> { CompatCounter() })
      let visibility = BasePauseProvider()
      binding.addPauseProvider(visibility)
      visibility.pause()
      #expect(binding.isPaused)
      counter.increment()
      #expect(binding.updates == 0)
      binding.removePauseProvider(visibility)
      #expect(!binding.isPaused && binding.updates == 1)
      visibility.resume()
      binding.dispose()
      #expect(binding.isDisposed)
    }
  }

  @Test func initializeConfiguresTheCurrentRegistry() {
    withTestRegistry { registry, _ in
      let recorder = CompatRecorder()
      ViewModel.initialize(config: ViewModelConfig(isLoggingEnabled: false), lifecycles: [recorder])
      ViewModel.initialize()
      #expect(registry.lifecycles.isEmpty)
      ViewModel.initialize(lifecycles: [recorder])
      #expect(registry.lifecycles.count == 1)
    }
  }
}
