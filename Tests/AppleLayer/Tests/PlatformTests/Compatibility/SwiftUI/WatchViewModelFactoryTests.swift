import AppleViewModelCompatibility
import RegistryTesting
import SwiftUI
import Testing

/// A factory written by hand, as AppleViewModel users write them: it counts its builds and
/// names the instance it builds.
@MainActor
private final class TallyFactory: ViewModelFactory {
  let shareKey: String?
  let name: String
  let tally: Tally

  init(key: String?, name: String? = nil, tally: Tally) {
    shareKey = key
    self.name = name ?? key ?? "private"
    self.tally = tally
  }

  func build() -> TallyViewModel { TallyViewModel(name, tally: tally) }
  func key() -> AnyHashable? { shareKey }
}

/// Another factory type with the same view model, for the per-type identity of unkeyed ones.
@MainActor
private final class OtherTallyFactory: ViewModelFactory {
  let tally: Tally

  init(tally: Tally) { self.tally = tally }

  func build() -> TallyViewModel { TallyViewModel("other", tally: tally) }
}

private struct FactoryWatchView: View {
  @WatchViewModel var model: TallyViewModel
  let reads: Bool

  init(factory: any ViewModelFactory<TallyViewModel>, reads: Bool = true) {
    _model = WatchViewModel(factory)
    self.reads = reads
  }

  var body: some View {
    if reads { Text("\(model.name) \(model.state)") } else { Text("idle") }
  }
}

private struct FactoryReadView: View {
  @ReadViewModel var model: TallyViewModel

  init(factory: any ViewModelFactory<TallyViewModel>) {
    _model = ReadViewModel(factory)
  }

  var body: some View { Text("read \(model.name)") }
}

private struct SpecWatchView: View {
  @WatchViewModel var model: TallyViewModel

  init(spec: ViewModelSpec<TallyViewModel>) {
    _model = WatchViewModel(spec)
  }

  var body: some View { Text("spec \(model.name) \(model.state)") }
}

@MainActor
@Suite struct WatchViewModelFactoryTests {
  @Test func wrappersTakeAHandWrittenFactoryAndKeepItsInstance() {
    withRegistry { registry in
      let tally = Tally()
      let runtime = ViewRuntime(
        VStack {
          FactoryWatchView(factory: TallyFactory(key: "k", tally: tally))
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

  @Test func nothingIsBuiltUntilTheBodyReadsTheValue() {
    withRegistry { registry in
      let tally = Tally()
      let runtime = ViewRuntime(
        FactoryWatchView(factory: TallyFactory(key: "k", tally: tally), reads: false))
      runtime.render()
      #expect(tally.created.isEmpty)
      #expect(registry.liveInstanceCount == 0)
      runtime.setRoot(FactoryWatchView(factory: TallyFactory(key: "k", tally: tally)))
      #expect(tally.created == ["k"])
      #expect(runtime.texts == ["k 0"])
      runtime.unmount()
      #expect(tally.disposed == ["k"])
    }
  }

  @Test func aKeyedFactoryFollowsItsKeyReleasingTheOldInstanceOnce() {
    withRegistry { registry in
      let tally = Tally()
      let runtime = ViewRuntime(FactoryWatchView(factory: TallyFactory(key: "a", tally: tally)))
      runtime.setRoot(FactoryWatchView(factory: TallyFactory(key: "b", tally: tally)))
      #expect(runtime.texts == ["b 0"])
      for _ in 0..<5 {
        runtime.setRoot(FactoryWatchView(factory: TallyFactory(key: "b", tally: tally)))
      }
      #expect(tally.created == ["a", "b"])
      #expect(tally.disposed == ["a"])
      runtime.unmount()
      #expect(tally.disposed == ["a", "b"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func anUnkeyedFactoryKeepsOneInstancePerViewAndFactoryType() {
    withRegistry { registry in
      let tally = Tally()
      @MainActor func root(_ round: Int) -> some View {
        VStack {
          FactoryWatchView(factory: TallyFactory(key: nil, name: "first \(round)", tally: tally))
          FactoryWatchView(factory: TallyFactory(key: nil, name: "second \(round)", tally: tally))
        }
      }
      let runtime = ViewRuntime(root(0))
      // New factory objects with other inputs: each view keeps the instance its first factory
      // built, as in AppleViewModel (an unkeyed factory is identified by its type).
      for round in 1...5 { runtime.setRoot(root(round)) }
      #expect(tally.created == ["first 0", "second 0"])
      #expect(runtime.texts == ["first 0 0", "second 0 0"])
      #expect(registry.liveInstanceCount == 2)
      // Another factory type is another identity: the view builds anew and lets the old go.
      runtime.setRoot(
        VStack {
          FactoryWatchView(factory: OtherTallyFactory(tally: tally))
          FactoryWatchView(factory: TallyFactory(key: nil, name: "second 6", tally: tally))
        })
      #expect(tally.created == ["first 0", "second 0", "other"])
      #expect(tally.disposed == ["first 0"])
      runtime.unmount()
      #expect(tally.disposed.sorted() == ["first 0", "other", "second 0"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aWatchingWrapperRedrawsOncePerChangeAndAReadingOneNever() throws {
    withRegistry { _ in
      let tally = Tally()
      let runtime = ViewRuntime(
        VStack {
          FactoryWatchView(factory: TallyFactory(key: "k", tally: tally))
          FactoryReadView(factory: TallyFactory(key: "k", tally: tally))
        })
      let watching = "VStack/TupleView/0:FactoryWatchView"
      let reading = "VStack/TupleView/1:FactoryReadView"
      let before = (runtime.bodyCount(atPath: watching), runtime.bodyCount(atPath: reading))
      #expect(before == (1, 1))
      let model: TallyViewModel = try! ViewModel.readCached(key: "k")
      for _ in 0..<3 {
        model.increment()
        runtime.flush()
      }
      #expect(runtime.bodyCount(atPath: watching) == 4)
      #expect(runtime.bodyCount(atPath: reading) == 1)
      #expect(runtime.texts == ["k 3", "read k"])
      #expect(tally.created == ["k"])
      runtime.unmount()
      #expect(tally.disposed == ["k"])
    }
  }

  @Test func aSpecGivenAsAFactoryKeepsTheSpecsIdentityAndProxy() {
    withRegistry { registry in
      let tally = Tally()
      let spec = ViewModelSpec(key: "shared") { TallyViewModel("live", tally: tally) }
      registry.setProxy(
        ViewModelSpec(key: "shared") { TallyViewModel("mock", tally: tally) }, for: spec)
      let runtime = ViewRuntime(
        VStack {
          FactoryWatchView(factory: spec)
          SpecWatchView(spec: spec)
        })
      // One instance for both wrappers: the factory form resolved the spec itself, with its
      // key and its proxy, not a factory-typed identity of its own.
      #expect(tally.created == ["mock"])
      #expect(runtime.texts == ["mock 0", "spec mock 0"])
      runtime.unmount()
      #expect(tally.disposed == ["mock"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aPrivateSpecGivenAsAFactoryFollowsItsInputsAsASpecDoes() {
    withRegistry { registry in
      let tally = Tally()
      @MainActor func screen(_ round: Int) -> FactoryWatchView {
        FactoryWatchView(
          factory: ViewModelSpec(inputs: round) { TallyViewModel("r\(round)", tally: tally) })
      }
      let runtime = ViewRuntime(screen(0))
      runtime.setRoot(screen(0))
      #expect(tally.created == ["r0"])
      // A hand-written unkeyed factory would keep its first instance; a spec is private per
      // binding, declaration and inputs, so new inputs build a new instance.
      runtime.setRoot(screen(1))
      #expect(tally.created == ["r0", "r1"])
      #expect(tally.disposed == ["r0"])
      #expect(runtime.texts == ["r1 0"])
      runtime.unmount()
      #expect(tally.disposed == ["r0", "r1"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aFactoryResolvesInTheRegistryOfItsSubtree() {
    withRegistry { registry in
      let tally = Tally()
      let other = ViewModelRegistry(name: "window")
      let runtime = ViewRuntime(
        FactoryWatchView(factory: TallyFactory(key: "k", tally: tally)).viewModelRegistry(other))
      #expect(runtime.texts == ["k 0"])
      #expect(other.liveInstanceCount == 1)
      #expect(registry.liveInstanceCount == 0)
      runtime.unmount()
      #expect(other.liveInstanceCount == 0)
      #expect(tally.disposed == ["k"])
    }
  }
}
