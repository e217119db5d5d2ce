import AppleViewModelCompatibility
import Registry
import RegistryTesting
import SwiftUI
import Testing

private struct CachedView: View {
  let key: String

  var body: some View {
    CachedViewModelBuilder(shareKey: key) { (model: TallyViewModel) in
      Text("cached \(model.name) \(model.state)")
    }
  }
}

private struct TaggedView: View {
  var body: some View {
    CachedViewModelBuilder(tag: "tallies") { (model: TallyViewModel) in
      Text("tagged \(model.name)")
    }
  }
}

@MainActor
@Suite struct CachedViewModelBuilderTests {
  @Test func aCachedBuilderWatchesWhatItFindsAndFollowsItsKey() {
    withRegistry { registry in
      let tally = Tally()
      let owner = ViewModelBinding()
      let first = owner.watch(ViewModelSpec(key: "a") { TallyViewModel("a", tally: tally) })
      owner.watch(ViewModelSpec(key: "b") { TallyViewModel("b", tally: tally) })
      let runtime = ViewRuntime(CachedView(key: "a"))
      #expect(runtime.texts == ["cached a 0"])
      first.increment()
      runtime.flush()
      #expect(runtime.texts == ["cached a 1"])
      // The builder holds what it shows: the owner letting go leaves it alive.
      owner.unbind(first)
      #expect(!first.isDisposed)
      runtime.setRoot(CachedView(key: "b"))
      #expect(runtime.texts == ["cached b 0"])
      #expect(first.isDisposed)
      runtime.unmount()
      owner.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aCachedBuilderFindsByTag() {
    withRegistry { _ in
      let tally = Tally()
      let owner = ViewModelBinding()
      owner.watch(ViewModelSpec(key: "x", tag: "tallies") { TallyViewModel("x", tally: tally) })
      let runtime = ViewRuntime(TaggedView())
      #expect(runtime.texts == ["tagged x"])
      runtime.unmount()
      owner.dispose()
    }
  }

  @Test func aCachedBuilderShowsNothingAndReportsAMissOnce() {
    let registry = ViewModelRegistry(name: "cached")
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    registry.withCurrent {
      let runtime = ViewRuntime(CachedView(key: "missing"))
      runtime.setRoot(CachedView(key: "missing"))
      #expect(runtime.texts.isEmpty)
      #expect(
        reporter.errors == [
          .notFound(
            operation: #"CachedViewModelBuilder(key: "missing")"#, type: "TallyViewModel",
            key: #""missing""#, tag: nil, registry: "cached")
        ])
      // Found once it exists.
      let tally = Tally()
      let owner = ViewModelBinding()
      owner.watch(ViewModelSpec(key: "missing") { TallyViewModel("late", tally: tally) })
      runtime.setRoot(CachedView(key: "missing"))
      #expect(runtime.texts == ["cached late 0"])
      runtime.unmount()
      owner.dispose()
    }
    registry.disposeAll()
  }

  @Test func aCachedBuilderHoldsOnlyWhatItShowsAndChangesNothingWhileABodyRuns() {
    withRegistry { registry in
      let tally = Tally()
      let first = ViewModelBinding()
      first.watch(ViewModelSpec(key: "a", tag: "tallies") { TallyViewModel("a", tally: tally) })
      let runtime = ViewRuntime(TaggedView())
      #expect(runtime.texts == ["tagged a"])
      // A newer instance with the tag: the view shows it and lets go of the older one.
      let second = ViewModelBinding()
      second.watch(ViewModelSpec(key: "b", tag: "tallies") { TallyViewModel("b", tally: tally) })
      runtime.render()
      #expect(runtime.texts == ["tagged b"])
      first.dispose()
      #expect(tally.disposed == ["a"])
      // A key change drops the old lookup without announcing anything during the body.
      let owner = ViewModelBinding()
      owner.watch(ViewModelSpec(key: "k1") { TallyViewModel("k1", tally: tally) })
      owner.watch(ViewModelSpec(key: "k2") { TallyViewModel("k2", tally: tally) })
      let cached = ViewRuntime(CachedView(key: "k1"))
      cached.setRoot(CachedView(key: "k2"))
      cached.flush()
      #expect(cached.texts == ["cached k2 0"])
      #expect(cached.violations.isEmpty)
      #expect(runtime.violations.isEmpty)
      runtime.unmount()
      cached.unmount()
      second.dispose()
      owner.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
