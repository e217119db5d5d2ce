import Registry
import RegistryTesting
import SwiftUI
import Testing

/// Reads the view model's name only: its state changes are not this view's business.
private struct NameView: View {
  @ReadViewModel var model: TallyViewModel

  init(spec: ViewModelSpec<TallyViewModel>) {
    _model = ReadViewModel(spec)
  }

  var body: some View { Text("name \(model.name)") }
}

/// Reads the state in its body: Observation redraws it.
private struct StateReaderView: View {
  @ReadViewModel var model: TallyViewModel
  let binding: Captured<ViewModelBinding>?

  init(spec: ViewModelSpec<TallyViewModel>, binding: Captured<ViewModelBinding>? = nil) {
    _model = ReadViewModel(spec)
    self.binding = binding
  }

  var body: some View {
    let _ = binding?.value = $model
    Text("state \(model.state)")
  }
}

private struct InlineReadView: View {
  @ReadViewModel var model: TallyViewModel

  init(title: String, tally: Tally, inputs: AnyHashable? = nil) {
    _model = ReadViewModel(ViewModelSpec(inputs: inputs) { TallyViewModel(title, tally: tally) })
  }

  var body: some View { Text(model.name) }
}

@MainActor
@Suite struct ReadViewModelTests {
  @Test func oneInstancePerViewAcrossAHundredRenders() {
    withRegistry { _ in
      let tally = Tally()
      let keyed = ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }
      let runtime = ViewRuntime(
        VStack {
          NameView(spec: keyed)
          InlineReadView(title: "inline", tally: tally)
        })
      for _ in 0..<100 {
        runtime.setRoot(
          VStack {
            NameView(spec: keyed)
            InlineReadView(title: "inline", tally: tally)
          })
      }
      #expect(tally.created == ["k", "inline"])
      runtime.unmount()
      #expect(Set(tally.disposed) == ["k", "inline"])
    }
  }

  @Test func privateInstancesFollowTheirInputs() {
    withRegistry { _ in
      let tally = Tally()
      let runtime = ViewRuntime(InlineReadView(title: "a", tally: tally, inputs: 1))
      runtime.setRoot(InlineReadView(title: "a", tally: tally, inputs: 1))
      runtime.setRoot(InlineReadView(title: "b", tally: tally, inputs: 2))
      #expect(tally.created == ["a", "b"])
      #expect(tally.disposed == ["a"])
      #expect(runtime.texts == ["b"])
      runtime.unmount()
    }
  }

  @Test func aChangeTheBodyDoesNotReadRedrawsNothing() throws {
    try withRegistry { registry in
      let tally = Tally()
      let runtime = ViewRuntime(
        NameView(spec: ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }))
      let model = try #require(registry.liveViewModels().first as? TallyViewModel)
      model.increment()
      model.increment()
      runtime.flush()
      #expect(runtime.bodyCount(of: NameView.self) == 1)
      runtime.unmount()
    }
  }

  @Test func aBodyThatReadsStateRedrawsOncePerChangeAndHoldsWhilePaused() throws {
    try withRegistry { registry in
      let tally = Tally()
      let captured = Captured<ViewModelBinding>()
      let runtime = ViewRuntime(
        StateReaderView(
          spec: ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }, binding: captured))
      let model = try #require(registry.liveViewModels().first as? TallyViewModel)
      model.increment()
      runtime.flush()
      #expect(runtime.bodyCount(of: StateReaderView.self) == 2)
      let pause = BasePauseProvider()
      try #require(captured.value).addPauseProvider(pause)
      pause.pause()
      model.increment()
      runtime.flush()
      #expect(runtime.bodyCount(of: StateReaderView.self) == 2)
      pause.resume()
      runtime.flush()
      #expect(runtime.bodyCount(of: StateReaderView.self) == 3)
      #expect(runtime.texts == ["state 2"])
      runtime.unmount()
    }
  }

  @Test func aReadInstanceDisposedUnderTheViewIsReplacedOnTheNextRender() {
    withRegistry { registry in
      let tally = Tally()
      let spec = ViewModelSpec(key: "session", tag: "account") {
        TallyViewModel("session", tally: tally)
      }
      let runtime = ViewRuntime(NameView(spec: spec))
      #expect(registry.reset(tag: "account") == 1)
      // The host refreshed: the view redraws once and resolves a fresh instance.
      runtime.flush()
      #expect(runtime.bodyCount(of: NameView.self) == 2)
      #expect(tally.created == ["session", "session"])
      #expect(registry.liveViewModels().allSatisfy { !$0.isDisposed })
      #expect(registry.liveInstanceCount == 1)
      runtime.unmount()
    }
  }

  @Test func aChangedKeyReleasesTheOldOnceAndBuildsTheNewOnceWithoutAnExtraRender() {
    withRegistry { _ in
      let tally = Tally()
      let userSpec = ViewModelSpecWithArg<TallyViewModel, Int>(builder: {
        TallyViewModel("user \($0)", tally: tally)
      })
      let runtime = ViewRuntime(NameView(spec: userSpec(1)))
      runtime.setRoot(NameView(spec: userSpec(1)))
      runtime.setRoot(NameView(spec: userSpec(2)))
      #expect(runtime.pendingInvalidations == 0)
      #expect(tally.created == ["user 1", "user 2"])
      #expect(tally.disposed == ["user 1"])
      #expect(runtime.texts == ["name user 2"])
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func buildingOnFirstReadChangesNothingObservable() {
    withRegistry { _ in
      let tally = Tally()
      let runtime = ViewRuntime(
        StateReaderView(
          spec: ViewModelSpec<TallyViewModel>(key: "k") { EagerViewModel("k", tally: tally) }))
      #expect(runtime.violations.isEmpty)
      #expect(runtime.pendingInvalidations == 0)
      #expect(runtime.texts == ["state 1"])
      runtime.unmount()
    }
  }

  @Test func removalReleasesTheInstanceOnce() {
    withRegistry { _ in
      let tally = Tally()
      let spec = ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }
      let runtime = ViewRuntime(Toggle(show: true) { NameView(spec: spec) })
      runtime.setRoot(Toggle(show: false) { NameView(spec: spec) })
      #expect(tally.disposed == ["k"])
      runtime.setRoot(Toggle(show: false) { NameView(spec: spec) })
      #expect(tally.disposed == ["k"])
      runtime.unmount()
    }
  }
}
