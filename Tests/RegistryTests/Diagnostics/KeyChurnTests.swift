import Registry
import RegistryTesting
import Testing

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
