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

  @Test func churnMessageSaysHowToFix() {
    #expect(
      RegistryError.keyChurn(type: "RowViewModel", lastKey: "42", count: 21, window: "1.0 seconds")
        .description == """
          RowViewModel instances of one spec were replaced 21 times within 1.0 seconds.
            Type: RowViewModel   Last key: 42
          This is the sign of an unstable key: each render asks for a new identity, so the view model is re-created and its state lost.
          To fix, derive the key from a stable id (not from a value that changes every render), or keep the spec in the host instead of making a new one per render.
          """)
  }
}
