import RegistryTesting
import Testing

@testable import Registry

@MainActor
@Suite struct KeyChurnTests {
  @Test func unstableKeyIsReportedOncePerWindow() {
    withTestRegistry { registry, reporter in
      let clock = ManualClock()
      registry.clock = clock
      registry.configure(
        config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 3, window: .seconds(1))))
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("row\($0)", log: EventLog())
      })
      let host = ViewModelHost<ProbeViewModel>()
      // A key that changes on every render: each render builds a new row and disposes the last.
      for render in 0..<6 {
        host.resolve(rows(render))
        clock.advance(by: .milliseconds(10))
      }
      // Each render from the third on builds right after a disposal: the fourth such
      // replacement, building row 5, crosses the threshold of 3.
      #expect(
        reporter.errors == [
          .keyChurn(type: "ProbeViewModel", lastKey: "5", count: 4, window: "1.0 seconds")
        ])
      clock.advance(by: .seconds(2))
      for render in 6..<9 { host.resolve(rows(render)) }
      #expect(reporter.errors.count == 1)
    }
  }

  @Test func stableKeyIsNeverReported() {
    withTestRegistry { registry, reporter in
      registry.configure(
        config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 2, window: .seconds(60))))
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("row\($0)", log: EventLog())
      })
      let host = ViewModelHost<ProbeViewModel>()
      for _ in 0..<100 { host.resolve(rows(1)) }
      #expect(reporter.errors.isEmpty)
    }
  }

  @Test func closingALongListIsNotChurn() {
    withTestRegistry { _, reporter in
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("row\($0)", log: EventLog())
      })
      let list = ViewModelBinding(label: "List")
      for row in 0..<25 { _ = list.watch(rows(row)) }
      list.dispose()
      #expect(reporter.errors.isEmpty)
    }
  }

  @Test func inlineSpecWithAKeyThatChangesEveryRenderIsReported() {
    withTestRegistry { registry, reporter in
      registry.configure(
        config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 3, window: .seconds(60))))
      let screen = ViewModelBinding(label: "Screen")
      var shown: ProbeViewModel?
      // Each render makes a new spec with a new key, and lets go of what the last one showed.
      for render in 0..<6 {
        let row = screen.watch(
          ViewModelSpec(key: render) { ProbeViewModel("row", log: EventLog()) })
        if let shown { screen.unbind(shown) }
        shown = row
      }
      // From render 2 on, each build follows the disposal of an earlier row: the fourth such
      // replacement, at render 5, crosses the threshold of 3.
      #expect(
        reporter.errors == [
          .keyChurn(type: "ProbeViewModel", lastKey: "5", count: 4, window: "60.0 seconds")
        ])
      #expect(reporter.issues.map(\.severity) == [.warning])
      screen.dispose()
    }
  }

  @Test func hostResolvingAPrivateSpecMadeEachRenderIsReported() {
    withTestRegistry { registry, reporter in
      registry.configure(
        config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 2, window: .seconds(60))))
      let host = ViewModelHost<ProbeViewModel>()
      // No key, and inputs that change on every render: a new private instance each time.
      for render in 0..<5 {
        host.resolve(ViewModelSpec(inputs: render) { ProbeViewModel("row", log: EventLog()) })
      }
      #expect(
        reporter.errors == [
          .keyChurn(type: "ProbeViewModel", lastKey: nil, count: 3, window: "60.0 seconds")
        ])
      host.release()
    }
  }

  @Test func hostLoadingAnAsyncSpecWithANewKeyEachTimeIsReported() async {
    let registry = ViewModelRegistry(name: "test")
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    // Time stands still: each load waits for the main actor, which a parallel run keeps busy for
    // long enough (a minute, on a loaded machine) that a real window would let early loads go.
    registry.clock = ManualClock()
    registry.configure(
      config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 2, window: .seconds(60))))
    let host = ViewModelHost<ProbeViewModel>(registry: registry)
    // A load lets go of the row shown before it starts building the next: from load 1 on, each
    // build follows a disposal; the third such, at load 3, crosses 2.
    for load in 0..<5 {
      await host.load(AsyncViewModelSpec(key: load) { ProbeViewModel("row", log: EventLog()) })
    }
    #expect(
      reporter.errors == [
        .keyChurn(type: "ProbeViewModel", lastKey: "3", count: 3, window: "60.0 seconds")
      ])
    host.release()
    registry.disposeAll()
  }

  /// Distinct specs, each built once by its own binding and let go: nothing is replaced, so
  /// nothing is reported (under this trait, a churn warning would fail the test). The allocator
  /// gives each new spec the address of the one freed just before, so counting by the spec's
  /// address saw one spec replacing its instance 29 times.
  @Test(.registry(failOnWarnings: true)) func distinctShortLivedSpecsAreNotChurn() {
    for index in 0..<30 {
      let binding = ViewModelBinding()
      _ = binding.watch(
        ViewModelSpec(key: index) { ProbeViewModel("spec\(index)", log: EventLog()) })
      binding.dispose()
    }
  }

  /// Thousands of bindings that each dispose an instance within one window: every source is
  /// recent, so a pruning pass keeps them all. Passes then run ever more rarely (the limit
  /// doubles), where they ran on every disposal after the 1,024th and made a long test
  /// quadratic in debug builds (151 µs per build at 100,000 a second).
  @Test func manyRecentSourcesArePrunedRarely() {
    var detector = KeyChurnDetector()
    let threshold = KeyChurnThreshold(count: 20, window: .seconds(60))
    for serial in 0..<10_000 {
      let source = ChurnSource(holder: "b#\(serial)", type: ObjectIdentifier(ProbeViewModel.self))
      detector.recordDisposal(of: source, at: .milliseconds(serial), threshold: threshold)
    }
    #expect(detector.rememberedSources == 10_000)
    // 1,024 → 2,050 → 4,102 → 8,206: four passes for 10,000 disposals.
    #expect(detector.prunePasses == 4)
    // Once the window has passed, the next pass (at 16,413 sources) forgets them all.
    for index in 0..<6_500 {
      let source = ChurnSource(
        holder: "b#\(100_000 + index)", type: ObjectIdentifier(ProbeViewModel.self))
      detector.recordDisposal(
        of: source, at: .seconds(300) + .milliseconds(index), threshold: threshold)
    }
    #expect(detector.prunePasses == 5)
    #expect(detector.rememberedSources == 6_500)
  }

  /// One binding replacing its instance thousands of times within a window: each build adds
  /// its time and drops the expired ones from the front, and the count stays exact.
  @Test func aLongRunOfReplacementsIsCountedInItsWindow() {
    var detector = KeyChurnDetector()
    let threshold = KeyChurnThreshold(count: 100, window: .seconds(1))
    let source = ChurnSource(holder: "b#1", type: ObjectIdentifier(ProbeViewModel.self))
    var reports: [Int] = []
    // A replacement every 5 ms for 10 s: 200 in any one-second window.
    for step in 0..<2_000 {
      let now = Duration.milliseconds(5 * step)
      detector.recordDisposal(of: source, at: now, threshold: threshold)
      if let count = detector.recordBuild(of: source, at: now, threshold: threshold) {
        reports.append(count)
      }
    }
    // The 101st replacement (at 500 ms) crosses 100; after that, one report per window (at
    // 1,505 ms, 2,510 ms, … 9,545 ms), each counting the 201 replacements of the second up to it,
    // both ends included.
    #expect(reports.first == 101)
    #expect(reports.count == 10)
    #expect(reports.dropFirst().allSatisfy { $0 == 201 })
  }

  /// A registry given a new clock starts again from zero: times from the old clock are not
  /// counted against the new one.
  @Test func aClockThatGoesBackStartsTheCountAgain() {
    var detector = KeyChurnDetector()
    let threshold = KeyChurnThreshold(count: 3, window: .seconds(60))
    let source = ChurnSource(holder: "b#1", type: ObjectIdentifier(ProbeViewModel.self))
    for step in 0..<3 {
      let now = Duration.seconds(100) + .milliseconds(step)
      detector.recordDisposal(of: source, at: now, threshold: threshold)
      #expect(detector.recordBuild(of: source, at: now, threshold: threshold) == nil)
    }
    // Back to zero: without the reset the fourth replacement would cross 3.
    detector.recordDisposal(of: source, at: .zero, threshold: threshold)
    #expect(detector.recordBuild(of: source, at: .zero, threshold: threshold) == nil)
  }

  @Test func churnMessageSaysHowToFix() {
    #expect(
      RegistryError.keyChurn(type: "RowViewModel", lastKey: "42", count: 21, window: "1.0 seconds")
        .description == """
          RowViewModel instances were replaced 21 times within 1.0 seconds by one binding.
            Type: RowViewModel   Last key: 42
          This is the sign of an unstable key: each render asks for a new identity, so the view model is re-created and its state lost.
          To fix, derive the key from a stable id (not from a value that changes every render), or keep the spec in the host instead of making a new one per render.
          """)
  }
}
