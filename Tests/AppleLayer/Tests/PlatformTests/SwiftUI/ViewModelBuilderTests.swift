import Registry
import RegistryTesting
import SwiftUI
import Testing

private struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

private struct Screen: View {
  let spec: ViewModelSpec<TallyViewModel>

  var body: some View {
    ViewModelBuilder(spec) { model in
      Text("\(model.name) \(model.state)")
    } failure: { error, retry in
      Button("retry \(error)", action: retry)
    }
  }
}

/// A screen that makes its builder's spec inline, from its input, on every render.
private struct InlineScreen: View {
  let item: Item
  let tally: Tally
  let follows: Bool

  var body: some View {
    ViewModelBuilder(
      ViewModelSpec(inputs: follows ? AnyHashable(item.id) : nil) {
        TallyViewModel("row \(item.title)", tally: tally)
      }
    ) { model in
      Text(model.name)
    }
  }
}

@MainActor
@Suite struct ViewModelBuilderTests {
  @Test func oneInstancePerViewAcrossAHundredRenders() {
    withRegistry { _ in
      let tally = Tally()
      let spec = ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }
      let item = Item(id: 1, title: "a")
      let runtime = ViewRuntime(
        VStack {
          Screen(spec: spec)
          InlineScreen(item: item, tally: tally, follows: false)
        })
      for _ in 0..<100 {
        runtime.setRoot(
          VStack {
            Screen(spec: spec)
            InlineScreen(item: item, tally: tally, follows: false)
          })
      }
      #expect(tally.created == ["k", "row a"])
      runtime.unmount()
      #expect(Set(tally.disposed) == ["k", "row a"])
    }
  }

  @Test func aChangedInputRecreatesOnceWithoutAnExtraRender() {
    withRegistry { _ in
      let tally = Tally()
      let runtime = ViewRuntime(
        InlineScreen(item: Item(id: 1, title: "a"), tally: tally, follows: true))
      runtime.setRoot(InlineScreen(item: Item(id: 2, title: "b"), tally: tally, follows: true))
      #expect(runtime.pendingInvalidations == 0)
      #expect(tally.created == ["row a", "row b"])
      #expect(tally.disposed == ["row a"])
      #expect(runtime.texts == ["row b"])
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func oneRedrawPerChange() throws {
    try withRegistry { registry in
      let tally = Tally()
      let runtime = ViewRuntime(
        Screen(spec: ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }))
      let model = try #require(registry.liveViewModels().first as? TallyViewModel)
      let before = runtime.totalBodyCount
      model.increment()
      runtime.flush()
      #expect(runtime.texts == ["k 1"])
      // The builder's body and its content's: once each.
      #expect(runtime.totalBodyCount - before <= 2)
      #expect(runtime.bodyCount(of: Screen.self) == 1)
      runtime.unmount()
    }
  }

  @Test func aFailedBuildShowsTheFailureAndRetryBuildsAgain() throws {
    try withRegistry { _ in
      let tally = Tally()
      let attempts = Captured<Int>()
      attempts.value = 0
      let spec = ViewModelSpec<TallyViewModel>(
        key: "flaky",
        throwingBuilder: {
          attempts.value! += 1
          if attempts.value == 1 { throw Offline() }
          return TallyViewModel("flaky", tally: tally)
        })
      let runtime = ViewRuntime(Screen(spec: spec))
      #expect(runtime.buttonTitles == ["retry offline"])
      // Re-renders with the same spec show the failure without building again.
      runtime.setRoot(Screen(spec: spec))
      #expect(attempts.value == 1)
      try runtime.tap("retry offline")
      runtime.flush()
      #expect(runtime.texts == ["flaky 0"])
      #expect(attempts.value == 2)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
    }
  }

  @Test func buildingOnFirstReadChangesNothingObservable() {
    withRegistry { _ in
      let tally = Tally()
      let runtime = ViewRuntime(
        Screen(spec: ViewModelSpec<TallyViewModel>(key: "k") { EagerViewModel("k", tally: tally) }))
      #expect(runtime.violations.isEmpty)
      #expect(runtime.pendingInvalidations == 0)
      #expect(runtime.texts == ["k 1"])
      runtime.unmount()
    }
  }

  @Test func twoViewsWithTheSameInlineSpecDoNotShareIt() {
    withRegistry { registry in
      let tally = Tally()
      let item = Item(id: 1, title: "a")
      let runtime = ViewRuntime(
        VStack {
          InlineScreen(item: item, tally: tally, follows: true)
          InlineScreen(item: item, tally: tally, follows: true)
        })
      #expect(tally.created == ["row a", "row a"])
      #expect(registry.liveInstanceCount == 2)
      runtime.unmount()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func removalReleasesTheInstanceOnce() {
    withRegistry { _ in
      let tally = Tally()
      let spec = ViewModelSpec(key: "k") { TallyViewModel("k", tally: tally) }
      let runtime = ViewRuntime(Toggle(show: true) { Screen(spec: spec) })
      runtime.setRoot(Toggle(show: false) { Screen(spec: spec) })
      #expect(tally.disposed == ["k"])
      runtime.unmount()
      #expect(tally.disposed == ["k"])
    }
  }
}
