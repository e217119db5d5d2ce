import Registry
import Testing

/// Counts the pauses it is told of.
@MainActor
private final class PauseCountingBinding: ViewModelBinding {
  var pauses = 0
  override func onPause() { pauses += 1 }
}

/// A provider that counts the observations still running.
@MainActor
private final class CountingPauseProvider: PauseProvider {
  var isPaused = false
  var observing = 0

  func observePause(_ observer: @escaping @MainActor (Bool) -> Void) -> () -> Void {
    observing += 1
    var stopped = false
    return { [self] in
      guard !stopped else { return }
      stopped = true
      observing -= 1
    }
  }
}

/// Watches two dependencies through its own binding, and records what `onDependencyNotify`
/// names, in order, and its own listeners' runs.
@MainActor
private final class PausedOwner: ViewModel {
  let first: ViewModelSpec<StateViewModel<Int>>
  let second: ViewModelSpec<StateViewModel<Int>>
  var told: [ViewModel] = []

  init(_ first: ViewModelSpec<StateViewModel<Int>>, _ second: ViewModelSpec<StateViewModel<Int>>) {
    self.first = first
    self.second = second
  }

  override func onCreate(_ arg: InstanceArg) {
    _ = viewModelBinding.watch(first)
    _ = viewModelBinding.watch(second)
  }

  override func onDependencyNotify(_ viewModel: ViewModel) { told.append(viewModel) }
}

/// A paused view model's setup: the owner watches `first` and `second` through its own binding,
/// which follows `provider` (not paused yet); `host` holds the owner.
@MainActor
private func pausedOwner() -> (
  first: ViewModelSpec<StateViewModel<Int>>, second: ViewModelSpec<StateViewModel<Int>>,
  host: CountingBinding, owner: PausedOwner, provider: BasePauseProvider
) {
  let first = ViewModelSpec(key: "first") { StateViewModel(state: 0) }
  let second = ViewModelSpec(key: "second") { StateViewModel(state: 0) }
  let host = CountingBinding()
  let owner = host.watch(ViewModelSpec(key: "owner") { PausedOwner(first, second) })
  let provider = BasePauseProvider()
  owner.viewModelBinding.addPauseProvider(provider)
  return (first, second, host, owner, provider)
}

@MainActor
@Suite struct ViewModelBindingPauseTests {
  /// A view model's own binding, paused, misses its dependencies' changes; on resume it
  /// refreshes once, and the view model is told, through `onDependencyNotify`, of "the first"
  /// dependency that changed meanwhile, "just before this view model notifies its own listeners
  /// and watchers".
  @Test func aPausedViewModelIsToldOfTheFirstDependencyThatChangedOnResume() {
    withTestRegistry { _, _ in
      let (first, second, host, owner, provider) = pausedOwner()
      var order: [String] = []
      _ = owner.listen { order.append("listeners, told \(owner.told.count)") }
      provider.pause()
      let a = owner.viewModelBinding.watch(first)
      let b = owner.viewModelBinding.watch(second)
      b.setState(1)
      a.setState(1)
      b.setState(2)
      #expect(owner.told.isEmpty && order.isEmpty && host.updates == 0)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === b)
      #expect(order == ["listeners, told 1"])
      #expect(host.updates == 1)
      // After the resume, the next change names its own dependency again.
      a.setState(2)
      #expect(owner.told.count == 2)
      #expect(owner.told.last === a)
      host.dispose()
    }
  }

  /// The same when the dependency was disposed alone while the binding was paused: the view
  /// model did not let go of it, and learns on resume that it is gone.
  @Test func aPausedViewModelIsToldOfADependencyDisposedMeanwhileOnResume() {
    withTestRegistry { registry, _ in
      let (first, _, host, owner, provider) = pausedOwner()
      provider.pause()
      let a = owner.viewModelBinding.read(first)
      registry.dispose(a)
      #expect(owner.told.isEmpty)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === a)
      #expect(a.isDisposed)
      #expect(host.updates == 1)
      host.dispose()
    }
  }

  /// A dependency that changed first and was disposed after another changed is still the one
  /// named on resume: the view model did not let go of it, and learns it is gone.
  @Test func aPausedViewModelIsToldOfTheFirstThatChangedThoughItWasDisposedLater() {
    withTestRegistry { registry, _ in
      let (first, second, host, owner, provider) = pausedOwner()
      provider.pause()
      let a = owner.viewModelBinding.watch(first)
      let b = owner.viewModelBinding.watch(second)
      a.setState(1)
      b.setState(1)
      registry.dispose(a)
      #expect(owner.told.isEmpty)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === a)
      #expect(host.updates == 1)
      host.dispose()
    }
  }

  /// A dependency the paused view model let go of is not kept for the resume: it is freed, and
  /// the view model is told of the first one that changed after it, among those it still holds.
  @Test func aPausedViewModelIsNotToldOfADependencyItLetGoOf() {
    withTestRegistry { _, _ in
      let (first, second, host, owner, provider) = pausedOwner()
      provider.pause()
      weak var letGo: StateViewModel<Int>?
      do {
        let a = owner.viewModelBinding.watch(first)
        letGo = a
        a.setState(1)
        owner.viewModelBinding.unbind(a)
      }
      #expect(letGo == nil)
      let b = owner.viewModelBinding.watch(second)
      b.setState(1)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === b)
      #expect(host.updates == 1)
      host.dispose()
    }
  }

  /// Let go of the first dependency that changed, it is told of the next one that changed
  /// while it was paused, among those it still holds.
  @Test func aPausedViewModelThatLetGoOfTheFirstIsToldOfTheNext() {
    withTestRegistry { _, _ in
      let (first, second, host, owner, provider) = pausedOwner()
      provider.pause()
      let a = owner.viewModelBinding.watch(first)
      let b = owner.viewModelBinding.watch(second)
      a.setState(1)
      b.setState(1)
      a.setState(2)
      owner.viewModelBinding.unbind(a)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === b)
      #expect(host.updates == 1)
      host.dispose()
    }
  }

  /// Past the first, the dependencies that changed while paused are kept in the order they
  /// first changed, each once, and those it let go of are dropped wherever they stand.
  @Test func theDependenciesThatChangedLaterAreKeptInOrderEachOnce() {
    withTestRegistry { _, _ in
      let specs = (0..<4).map { index in
        ViewModelSpec(key: "dependency \(index)") { StateViewModel(state: 0) }
      }
      let host = CountingBinding()
      let owner = host.watch(ViewModelSpec(key: "owner") { PausedOwner(specs[0], specs[1]) })
      let provider = BasePauseProvider()
      owner.viewModelBinding.addPauseProvider(provider)
      let deps = specs.map { owner.viewModelBinding.watch($0) }
      provider.pause()
      // Changed in this order: 0, 1, 1 again, 2, 3.
      for index in [0, 1, 1, 2, 3] { deps[index].setState(deps[index].state + 1) }
      // Let go of 2 (not the first kept), then of 0 and 1 (each the first kept in turn).
      for index in [2, 0, 1] { owner.viewModelBinding.unbind(deps[index]) }
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === deps[3])
      host.dispose()
    }
  }

  /// Two dependencies that change in one change, while paused past a missed refresh, are both
  /// kept after the first: let go of the first two, the view model is told of the third.
  @Test func dependenciesThatChangeTogetherWhilePausedAreAllKept() {
    withTestRegistry { _, _ in
      let specs = (0..<3).map { index in
        ViewModelSpec(key: "dependency \(index)") { StateViewModel(state: 0) }
      }
      let outside = ViewModelSpec(key: "outside") { StateViewModel(state: 0) }
      let host = CountingBinding()
      let owner = host.watch(ViewModelSpec(key: "owner") { PausedOwner(specs[0], specs[1]) })
      let provider = BasePauseProvider()
      owner.viewModelBinding.addPauseProvider(provider)
      let deps = specs.map { owner.viewModelBinding.watch($0) }
      let x = host.watch(outside)
      // One change of `outside` changes dependencies 1 and 2 inside it.
      _ = x.listen {
        deps[1].setState(1)
        deps[2].setState(1)
      }
      provider.pause()
      deps[0].setState(1)
      x.setState(1)
      for index in [0, 1] { owner.viewModelBinding.unbind(deps[index]) }
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === deps[2])
      host.dispose()
    }
  }

  /// What changed during one pause is not kept into the next: a second pause whose only
  /// changed dependency was let go of tells of none.
  @Test func aResumeForgetsWhatChangedDuringThePause() {
    withTestRegistry { _, _ in
      let third = ViewModelSpec(key: "third") { StateViewModel(state: 0) }
      let (first, second, host, owner, provider) = pausedOwner()
      let a = owner.viewModelBinding.watch(first)
      let b = owner.viewModelBinding.watch(second)
      let c = owner.viewModelBinding.watch(third)
      provider.pause()
      a.setState(1)
      b.setState(1)
      provider.resume()
      #expect(owner.told.count == 1 && owner.told.first === a)
      provider.pause()
      c.setState(1)
      owner.viewModelBinding.unbind(c)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(host.updates == 2)
      host.dispose()
    }
  }

  /// The first dependency that changed while paused stays first, however deep in nested changes
  /// it changed: a later change, even a shallower one, began after it.
  @Test func theFirstDependencyThatChangedWhilePausedStaysFirst() {
    withTestRegistry { _, _ in
      let outside = ViewModelSpec(key: "outside") { StateViewModel(state: 0) }
      let (first, second, host, owner, provider) = pausedOwner()
      let a = owner.viewModelBinding.watch(first)
      let b = owner.viewModelBinding.watch(second)
      let x = host.watch(outside)
      // `first` changes one level deep, inside a listener of `outside`; later `second` changes
      // at the top, and its own listener changes `first` again inside it.
      _ = x.listen { a.setState(a.state + 1) }
      _ = b.listen { a.setState(a.state + 1) }
      provider.pause()
      x.setState(1)
      b.setState(1)
      provider.resume()
      #expect(owner.told.count == 1)
      #expect(owner.told.first === a)
      host.dispose()
    }
  }

  /// A paused view model's own binding that outlives its owner (a caller kept it) keeps no
  /// dependency once disposed: the one it kept for its resume is freed with the rest.
  @Test func aPausedOwnBindingKeptPastItsOwnerKeepsNoDependency() {
    withTestRegistry { registry, _ in
      let first = ViewModelSpec(key: "first") { StateViewModel(state: 0) }
      let second = ViewModelSpec(key: "second") { StateViewModel(state: 0) }
      let host = ViewModelBinding()
      weak var changed: StateViewModel<Int>?
      weak var changedLater: StateViewModel<Int>?
      let kept: ViewModelBinding
      do {
        let owner = host.watch(ViewModelSpec(key: "owner") { PausedOwner(first, second) })
        kept = owner.viewModelBinding
        let provider = BasePauseProvider()
        kept.addPauseProvider(provider)
        provider.pause()
        let a = kept.watch(first)
        let b = kept.watch(second)
        changed = a
        changedLater = b
        a.setState(1)
        b.setState(1)
        // Disposed, `a` and `b` are no longer held by the binding, which still keeps them for
        // its resume: its own releases, at its disposal, do not reach them.
        registry.dispose(a)
        registry.dispose(b)
      }
      host.dispose()
      #expect(kept.isDisposed)
      #expect(registry.liveInstanceCount == 0)
      #expect(changed == nil)
      #expect(changedLater == nil)
    }
  }

  /// A paused view model's binding disposed with its owner lets go of the dependency it kept
  /// for the refresh it was owed: nothing else holds it, so it is freed.
  @Test func aDisposedPausedBindingKeepsNoDependency() {
    withTestRegistry { registry, _ in
      let first = ViewModelSpec(key: "first") { StateViewModel(state: 0) }
      let second = ViewModelSpec(key: "second") { StateViewModel(state: 0) }
      let host = ViewModelBinding()
      weak var changed: StateViewModel<Int>?
      do {
        let owner = host.watch(ViewModelSpec(key: "owner") { PausedOwner(first, second) })
        let provider = BasePauseProvider()
        owner.viewModelBinding.addPauseProvider(provider)
        provider.pause()
        let a = owner.viewModelBinding.watch(first)
        changed = a
        a.setState(1)
      }
      host.dispose()
      #expect(registry.liveInstanceCount == 0)
      #expect(changed == nil)
    }
  }

  /// `addPauseProvider(_:)`: the binding follows each provider "until the provider is removed or
  /// the binding is disposed; then it calls the closure `observePause(_:)` returned, once".
  @Test func disposingABindingStopsFollowingEveryProvider() {
    withTestRegistry { _, _ in
      let first = CountingPauseProvider()
      let second = CountingPauseProvider()
      let binding = ViewModelBinding()
      binding.addPauseProvider(first)
      binding.addPauseProvider(second)
      #expect(first.observing == 1 && second.observing == 1)
      binding.removePauseProvider(first)
      #expect(first.observing == 0)
      binding.dispose()
      #expect(second.observing == 0)
    }
  }
  private func makeWatched(
    _ refreshes: @escaping () -> Void
  ) -> (ViewModelBinding, StateViewModel<Int>) {
    let binding = ViewModelBinding(onUpdate: refreshes)
    let model = binding.watch(ViewModelSpec(key: "m") { StateViewModel(state: 0) })
    return (binding, model)
  }

  @Test func pauseTakesEffectAtOnceAndResumeRefreshesOnceWithTheLatestState() {
    withTestRegistry { _, _ in
      var seen: [Int] = []
      var model: StateViewModel<Int>!
      let (binding, watched) = makeWatched { seen.append(model.state) }
      model = watched
      let provider = BasePauseProvider()
      binding.addPauseProvider(provider)
      provider.pause()
      #expect(binding.isPaused)
      model.notifyListeners()
      model.setState(1)
      model.setState(2)
      #expect(seen.isEmpty)
      provider.resume()
      #expect(seen == [2])
      provider.pause()
      provider.resume()
      #expect(seen == [2])
    }
  }

  @Test func anyPausedProviderHoldsTheBinding() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let (binding, model) = makeWatched { refreshes += 1 }
      let first = BasePauseProvider()
      let second = BasePauseProvider()
      second.pause()
      binding.addPauseProvider(first)
      binding.addPauseProvider(second)
      #expect(binding.isPaused)
      model.setState(1)
      first.pause()
      second.resume()
      #expect(refreshes == 0)
      binding.removePauseProvider(first)
      #expect(!binding.isPaused)
      #expect(refreshes == 1)
    }
  }

  @Test func removingAPausedProviderResumes() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let (binding, model) = makeWatched { refreshes += 1 }
      let provider = BasePauseProvider()
      binding.addPauseProvider(provider)
      provider.pause()
      model.setState(3)
      binding.removePauseProvider(provider)
      #expect(refreshes == 1)
      provider.resume()
      model.setState(4)
      #expect(refreshes == 2)
    }
  }

  @Test func pauseAndResumeFromInsideARefresh() {
    withTestRegistry { _, _ in
      let provider = BasePauseProvider()
      var refreshes = 0
      var model: StateViewModel<Int>!
      let (binding, watched) = makeWatched {
        refreshes += 1
        if refreshes == 1 {
          provider.pause()
          model.setState(model.state + 1)  // missed while paused
          provider.resume()  // owed one refresh
        }
      }
      model = watched
      binding.addPauseProvider(provider)
      model.setState(1)
      #expect(refreshes == 2)
      #expect(model.state == 2)
    }
  }

  @Test func noRefreshOnResumeWhenNothingChanged() {
    withTestRegistry { _, _ in
      var refreshes = 0
      let (binding, _) = makeWatched { refreshes += 1 }
      let provider = BasePauseProvider()
      binding.addPauseProvider(provider)
      provider.pause()
      provider.resume()
      #expect(refreshes == 0)
    }
  }

  /// ViewModelBinding.dispose(): "Lets go of everything this binding holds" — its pause
  /// providers too: a disposed binding is not paused, and no provider reaches its `onPause()`.
  @Test func aDisposedBindingLetsGoOfItsPauseProviders() {
    withTestRegistry { _, _ in
      let provider = BasePauseProvider()
      let binding = PauseCountingBinding()
      binding.addPauseProvider(provider)
      provider.pause()
      #expect(binding.isPaused)
      #expect(binding.pauses == 1)
      binding.dispose()
      #expect(!binding.isPaused)
      provider.resume()
      provider.pause()
      #expect(binding.pauses == 1)
    }
  }
}
