import Registry
import RegistryTesting
import SwiftUI
import Testing

private struct KeyedCounterView: View {
  @WatchViewModel var counter: TallyViewModel

  init(spec: ViewModelSpec<TallyViewModel>) {
    _counter = WatchViewModel(spec)
  }

  var body: some View { Text("count \(counter.state)") }
}

/// A child whose parent passes a new value on every render: it makes its private spec inline,
/// in its initializer, as users do.
private struct DetailView: View {
  let item: Item
  @WatchViewModel var detail: TallyViewModel

  init(item: Item, tally: Tally, following inputs: AnyHashable? = nil) {
    self.item = item
    _detail = WatchViewModel(
      ViewModelSpec(inputs: inputs) { TallyViewModel("detail \(item.title)", tally: tally) })
  }

  var body: some View { Text("\(item.title): \(detail.state)") }
}

private struct ItemView: View {
  @WatchViewModel var model: TallyViewModel

  init(family: ViewModelSpecWithArg<TallyViewModel, Item>, item: Item) {
    _model = WatchViewModel(family(item))
  }

  var body: some View { Text("item \(model.name)") }
}

/// A parent that re-renders whenever its input changes, re-creating its child's view value.
@Observable
private final class ParentInput {
  var tick = 0
}

private struct Parent<Child: View>: View {
  let input: ParentInput
  let child: (Int) -> Child

  var body: some View {
    VStack {
      Text("tick \(input.tick)")
      child(input.tick)
    }
  }
}

private struct PausableView: View {
  @WatchViewModel var counter: TallyViewModel
  let binding: Captured<ViewModelBinding>

  init(spec: ViewModelSpec<TallyViewModel>, binding: Captured<ViewModelBinding>) {
    _counter = WatchViewModel(spec)
    self.binding = binding
  }

  var body: some View {
    let _ = binding.value = $counter
    Text("count \(counter.state)")
  }
}

/// What a SwiftUI view gets from `@WatchViewModel`, checked on a runtime that evaluates bodies
/// the way SwiftUI does.
@MainActor
@Suite struct WatchViewModelTests {
  @Test func aKeyedInstanceSurvivesAHundredParentRenders() {
    withRegistry { _ in
      let tally = Tally()
      let spec = ViewModelSpec(key: "counter") { TallyViewModel("counter", tally: tally) }
      let input = ParentInput()
      let runtime = ViewRuntime(Parent(input: input) { _ in KeyedCounterView(spec: spec) })
      for _ in 0..<100 {
        input.tick += 1
        runtime.flush()
      }
      #expect(runtime.bodyCount(of: KeyedCounterView.self) == 101)
      #expect(tally.created == ["counter"])
      #expect(tally.disposed.isEmpty)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
      #expect(tally.disposed == ["counter"])
    }
  }

  @Test func aPrivateSpecMadeInlineInTheViewsInitializerSurvivesAHundredParentRenders() {
    withRegistry { _ in
      let tally = Tally()
      let item = Item(id: 1, title: "a")
      let runtime = ViewRuntime(DetailView(item: item, tally: tally))
      for _ in 0..<100 { runtime.setRoot(DetailView(item: item, tally: tally)) }
      #expect(tally.created == ["detail a"])
      #expect(tally.disposed.isEmpty)
      runtime.unmount()
      #expect(tally.disposed == ["detail a"])
    }
  }

  @Test func anArgumentSpecWhoseArgumentIsNotHashableSurvivesAHundredParentRenders() {
    withRegistry { _ in
      let tally = Tally()
      let family = ViewModelSpecWithArg<TallyViewModel, Item>(builder: { item in
        TallyViewModel("item \(item.title)", tally: tally)
      })
      let item = Item(id: 1, title: "a")
      let runtime = ViewRuntime(ItemView(family: family, item: item))
      for _ in 0..<100 { runtime.setRoot(ItemView(family: family, item: item)) }
      #expect(tally.created == ["item a"])
      runtime.unmount()
      #expect(tally.disposed == ["item a"])
    }
  }

  @Test func aChangedKeyReleasesTheOldInstanceOnceAndBuildsTheNewOnce() {
    withRegistry { _ in
      let tally = Tally()
      let userSpec = ViewModelSpecWithArg<TallyViewModel, Int>(builder: {
        TallyViewModel("user \($0)", tally: tally)
      })
      let runtime = ViewRuntime(KeyedCounterView(spec: userSpec(1)))
      for _ in 0..<10 { runtime.setRoot(KeyedCounterView(spec: userSpec(1))) }
      let rendersBefore = runtime.bodyCount(of: KeyedCounterView.self)
      runtime.setRoot(KeyedCounterView(spec: userSpec(2)))
      // The render that changed the input is the only one: nothing it did invalidated it.
      #expect(runtime.pendingInvalidations == 0)
      runtime.flush()
      #expect(runtime.bodyCount(of: KeyedCounterView.self) == rendersBefore + 1)
      for _ in 0..<10 { runtime.setRoot(KeyedCounterView(spec: userSpec(2))) }
      #expect(tally.created == ["user 1", "user 2"])
      #expect(tally.disposed == ["user 1"])
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func aPrivateInstanceFollowsItsInputsAndIsSharedWithNoOtherView() {
    withRegistry { registry in
      let tally = Tally()
      let a = Item(id: 1, title: "a")
      let b = Item(id: 2, title: "b")
      let runtime = ViewRuntime(
        VStack {
          DetailView(item: a, tally: tally, following: a.id)
          DetailView(item: a, tally: tally, following: a.id)
        })
      // Two views, the same inputs: two private instances.
      #expect(tally.created == ["detail a", "detail a"])
      runtime.setRoot(
        VStack {
          DetailView(item: a, tally: tally, following: a.id)
          DetailView(item: b, tally: tally, following: b.id)
        })
      #expect(tally.created == ["detail a", "detail a", "detail b"])
      #expect(tally.disposed == ["detail a"])
      #expect(runtime.texts == ["a: 0", "b: 0"])
      #expect(registry.liveInstanceCount == 2)
      runtime.unmount()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func oneBodyEvaluationPerChange() throws {
    try withRegistry { _ in
      let tally = Tally()
      let spec = ViewModelSpec(key: "counter") { TallyViewModel("counter", tally: tally) }
      let runtime = ViewRuntime(KeyedCounterView(spec: spec))
      let counter = try #require(
        ViewModelRegistry.current.liveViewModels().first as? TallyViewModel)
      for expected in 1...5 {
        counter.increment()
        runtime.flush()
        #expect(runtime.bodyCount(of: KeyedCounterView.self) == 1 + expected)
        #expect(runtime.texts == ["count \(expected)"])
      }
      // A change to another view model the body never read redraws nothing.
      let other = ViewModelBinding()
      other.watch(ViewModelSpec(key: "other") { TallyViewModel("other", tally: tally) })
        .increment()
      runtime.flush()
      #expect(runtime.bodyCount(of: KeyedCounterView.self) == 6)
      #expect(runtime.violations.isEmpty)
      other.dispose()
      runtime.unmount()
    }
  }

  @Test func buildingOnFirstReadChangesNothingObservableAndMakesNoDependency() {
    withRegistry { _ in
      let tally = Tally()
      let source = StateViewModel(state: "source")
      final class Reading: TallyViewModel {
        init(source: StateViewModel<String>, tally: Tally) {
          _ = source.state
          super.init("reading", tally: tally)
        }
        // Resolving in onCreate, and setting its own state, while the body is running.
        override func onCreate(_ arg: InstanceArg) {
          super.onCreate(arg)
          setState(41)
          increment()
        }
      }
      let spec = ViewModelSpec<TallyViewModel>(key: "reading") {
        Reading(source: source, tally: tally)
      }
      let runtime = ViewRuntime(KeyedCounterView(spec: spec))
      #expect(runtime.violations.isEmpty)
      #expect(runtime.pendingInvalidations == 0)
      #expect(runtime.texts == ["count 42"])
      // What the builder read is not a dependency of the view.
      source.setState("changed")
      runtime.flush()
      #expect(runtime.bodyCount(of: KeyedCounterView.self) == 1)
      runtime.unmount()
    }
  }

  @Test func aPausedBindingsViewIsNotRedrawnAndRedrawsOnceOnResume() throws {
    try withRegistry { _ in
      let tally = Tally()
      let spec = ViewModelSpec(key: "counter") { TallyViewModel("counter", tally: tally) }
      let captured = Captured<ViewModelBinding>()
      let runtime = ViewRuntime(PausableView(spec: spec, binding: captured))
      let counter = try #require(
        ViewModelRegistry.current.liveViewModels().first as? TallyViewModel)
      let pause = BasePauseProvider()
      try #require(captured.value).addPauseProvider(pause)
      pause.pause()
      counter.increment()
      counter.increment()
      runtime.flush()
      #expect(runtime.bodyCount(of: PausableView.self) == 1)
      pause.resume()
      runtime.flush()
      #expect(runtime.bodyCount(of: PausableView.self) == 2)
      #expect(runtime.texts == ["count 2"])
      // Nothing changed while paused: no redraw on resume.
      pause.pause()
      pause.resume()
      runtime.flush()
      #expect(runtime.bodyCount(of: PausableView.self) == 2)
      runtime.unmount()
    }
  }

  @Test func aSharedInstanceThatAVisibleViewShowsTooRedrawsThePausedViewThroughObservation()
    throws
  {
    try withRegistry { registry in
      let tally = Tally()
      let spec = ViewModelSpec(key: "counter") { TallyViewModel("counter", tally: tally) }
      let captured = Captured<ViewModelBinding>()
      let runtime = ViewRuntime(
        VStack {
          PausableView(spec: spec, binding: captured)
          KeyedCounterView(spec: spec)
        })
      let counter = try #require(registry.liveViewModels().first as? TallyViewModel)
      let pause = BasePauseProvider()
      try #require(captured.value).addPauseProvider(pause)
      pause.pause()
      counter.increment()
      runtime.flush()
      // Observation has no per-view pause: the visible view's holder lets the change through.
      #expect(runtime.bodyCount(of: PausableView.self) == 2)
      #expect(runtime.bodyCount(of: KeyedCounterView.self) == 2)
      runtime.unmount()
    }
  }

  @Test func removalReleasesAndDisposesOnlyWhatNobodyElseHolds() {
    withRegistry { _ in
      let tally = Tally()
      let mine = ViewModelSpec(key: "mine") { TallyViewModel("mine", tally: tally) }
      let shared = ViewModelSpec(key: "shared") { TallyViewModel("shared", tally: tally) }
      let elsewhere = ViewModelBinding()
      _ = elsewhere.read(shared)
      let runtime = ViewRuntime(
        Toggle(show: true) {
          VStack {
            KeyedCounterView(spec: mine)
            KeyedCounterView(spec: shared)
          }
        })
      runtime.setRoot(
        Toggle(show: false) {
          VStack {
            KeyedCounterView(spec: mine)
            KeyedCounterView(spec: shared)
          }
        })
      #expect(tally.disposed == ["mine"])
      elsewhere.dispose()
      #expect(tally.disposed == ["mine", "shared"])
      runtime.unmount()
      #expect(tally.disposed == ["mine", "shared"])
    }
  }
}
