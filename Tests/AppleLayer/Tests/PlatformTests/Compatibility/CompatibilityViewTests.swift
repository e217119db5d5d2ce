import Registry
import RegistryTesting
import SwiftUI
import Testing
import UIKit

/// A factory written by hand, as AppleViewModel users write them.
@MainActor
private final class TallyFactory: ViewModelFactory {
  let shareKey: String?
  let tally: Tally

  init(key: String?, tally: Tally) {
    shareKey = key
    self.tally = tally
  }

  func build() -> TallyViewModel { TallyViewModel(shareKey ?? "private", tally: tally) }
  func key() -> AnyHashable? { shareKey }
}

private struct FactoryWatchView: View {
  @WatchViewModel var model: TallyViewModel

  init(factory: TallyFactory) {
    _model = WatchViewModel(factory)
  }

  var body: some View { Text("\(model.name) \(model.state)") }
}

private struct FactoryReadView: View {
  @ReadViewModel var model: TallyViewModel

  init(factory: TallyFactory) {
    _model = ReadViewModel(factory)
  }

  var body: some View { Text("read \(model.name)") }
}

private struct CaseInsensitiveName: View {
  let profile: ProfileViewModel

  var body: some View {
    StateViewModelSelector(
      viewModel: profile, selector: { $0.names[0] },
      equals: { $0.lowercased() == $1.lowercased() }
    ) { name in
      Text("name \(name)")
    }
  }
}

private struct PlainName: View {
  let profile: ProfileViewModel

  var body: some View {
    StateViewModelSelector(viewModel: profile, selector: { $0.names[0] }) { name in
      Text("name \(name)")
    }
  }
}

private struct VisitsWatcher: View {
  let profile: ProfileViewModel

  var body: some View {
    StateViewModelValueWatcher(viewModel: profile, selectors: [\.visits]) { state in
      Text("\(state.names[0]) \(state.visits)")
    }
  }
}

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

private struct Observers: View {
  let first: ObservableValue<String>
  let second: ObservableValue<Int>
  let third: ObservableValue<Bool>

  var body: some View {
    VStack {
      ObserverBuilder2(observable1: first, observable2: second) { a, b in Text("\(a) \(b)") }
      ObserverBuilder3(observable1: first, observable2: second, observable3: third) { a, b, c in
        Text("\(a) \(b) \(c)")
      }
    }
  }
}

@MainActor private func rename(_ profile: ProfileViewModel, to name: String) {
  var state = profile.state
  state.names[0] = name
  profile.setState(state)
}

@MainActor private func visit(_ profile: ProfileViewModel) {
  var state = profile.state
  state.visits += 1
  profile.setState(state)
}

@MainActor
@Suite struct CompatibilityViewTests {
  @Test func wrappersTakeAHandWrittenFactoryAndKeepItsInstance() {
    withRegistry { registry in
      let tally = Tally()
      let keyed = TallyFactory(key: "k", tally: tally)
      let runtime = ViewRuntime(
        VStack {
          FactoryWatchView(factory: keyed)
          FactoryReadView(factory: TallyFactory(key: nil, tally: tally))
        })
      for _ in 0..<20 {
        runtime.setRoot(
          VStack {
            FactoryWatchView(factory: TallyFactory(key: "k", tally: tally))
            FactoryReadView(factory: TallyFactory(key: nil, tally: tally))
          })
      }
      #expect(tally.created == ["k", "private"])
      #expect(runtime.texts == ["k 0", "read private"])
      let model: TallyViewModel = try! ViewModel.readCached(key: "k")
      model.increment()
      runtime.flush()
      #expect(runtime.texts == ["k 1", "read private"])
      runtime.unmount()
      #expect(tally.disposed.sorted() == ["k", "private"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aSelectorComparesWithItsOwnEqualsThenTheConfiguredOne() {
    withRegistry { registry in
      let profile = ProfileViewModel(names: ["ada"])
      let runtime = ViewRuntime(CaseInsensitiveName(profile: profile))
      let before = runtime.totalBodyCount
      rename(profile, to: "ADA")
      runtime.flush()
      #expect(runtime.totalBodyCount == before)
      rename(profile, to: "grace")
      runtime.flush()
      #expect(runtime.texts == ["name grace"])
      runtime.unmount()

      // Any two strings are "equal" to this policy: a selector without its own equals keeps
      // what it shows.
      registry.configure(
        config: ViewModelConfig(
          equals: {
            ($0 is String && $1 is String) || ($0 as? AnyHashable) == ($1 as? AnyHashable)
          },
          onError: { _, _ in }))
      let plain = ViewRuntime(PlainName(profile: profile))
      rename(profile, to: "linus")
      plain.flush()
      #expect(plain.texts == ["name grace"])
      plain.unmount()
    }
  }

  @Test func aValueWatcherTakesKeyPathSelectors() {
    withRegistry { _ in
      let profile = ProfileViewModel(names: ["a"])
      let runtime = ViewRuntime(VisitsWatcher(profile: profile))
      let before = runtime.totalBodyCount
      rename(profile, to: "b")
      runtime.flush()
      #expect(runtime.totalBodyCount == before)
      visit(profile)
      runtime.flush()
      #expect(runtime.texts == ["b 1"])
      runtime.unmount()
    }
  }

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

  @Test func observerBuildersRedrawWhenAnyValueChanges() {
    withRegistry { _ in
      let first = ObservableValue(initialValue: "a")
      let second = ObservableValue(initialValue: 1)
      let third = ObservableValue(initialValue: false)
      let runtime = ViewRuntime(Observers(first: first, second: second, third: third))
      #expect(runtime.texts == ["a 1", "a 1 false"])
      second.value = 2
      runtime.flush()
      third.value = true
      runtime.flush()
      #expect(runtime.texts == ["a 2", "a 2 true"])
      runtime.unmount()
    }
  }

  @Test func theUIKitVisibilityProviderIsPausedAndResumedByHand() {
    withRegistry { _ in
      let visibility = UIKitVisibilityPauseProvider()
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      binding.addPauseProvider(visibility)
      let tally = Tally()
      let counter = binding.watch(ViewModelSpec(key: "c") { TallyViewModel("c", tally: tally) })
      visibility.pause()
      counter.increment()
      #expect(binding.isPaused && refreshes == 0)
      visibility.resume()
      #expect(refreshes == 1)
      binding.dispose()
    }
  }
}
