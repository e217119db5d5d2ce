import Observation
import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct ObservableValueTests {
  @Test func sameKeyAndTypeShareStorageAndSecondInitialValueIsIgnored() {
    withTestRegistry { registry, _ in
      let first = ObservableValue(initialValue: 1, shareKey: "count")
      let second = ObservableValue(initialValue: 99, shareKey: "count")
      #expect(second.value == 1)
      second.value = 5
      #expect(first.value == 5)
      let otherType = ObservableValue(initialValue: "text", shareKey: "count")
      #expect(otherType.value == "text")
      #expect(registry.liveInstanceCount == 2)
    }
  }

  @Test func nilKeyIsPrivate() {
    withTestRegistry { _, _ in
      let first = ObservableValue(initialValue: 1)
      let second = ObservableValue(initialValue: 1)
      first.value = 2
      #expect(second.value == 1)
    }
  }

  @Test func listenAndObservation() {
    withTestRegistry { _, _ in
      let value = ObservableValue(initialValue: 0, shareKey: "v")
      var seen: [Int] = []
      let stop = value.listen { seen.append($0) }
      value.value = 1
      value.value = 1
      stop()
      value.value = 2
      #expect(seen == [1])
      var changed = 0
      withObservationTracking {
        _ = value.value
      } onChange: {
        MainActor.assumeIsolated { changed += 1 }
      }
      value.value = 3
      #expect(changed == 1)
    }
  }

  @Test func sharedStorageIsReleasedWithTheLastValue() {
    withTestRegistry { registry, _ in
      do {
        let value = ObservableValue(initialValue: 0, shareKey: "v")
        value.value = 4
        #expect(registry.liveInstanceCount == 1)
      }
      #expect(registry.liveInstanceCount == 0)
      #expect(ObservableValue(initialValue: 0, shareKey: "v").value == 0)
    }
  }

  /// A value has no `dispose()`: letting it go is how it ends, so a test registry does not
  /// report its binding as dropped (a strict test would fail on the doc comment's example).
  @Test func lettingASharedValueGoReportsNothing() {
    let reporter = RecordingIssueReporter()
    withRegistry({ $0.issueReporter = reporter }) { registry in
      do {
        let theme = ObservableValue(initialValue: "light", shareKey: "theme")
        let sameTheme = ObservableValue(initialValue: "dark", shareKey: "theme")
        sameTheme.value = "dark"
        #expect(theme.value == "dark")
      }
      #expect(registry.liveInstanceCount == 0)
      #expect(reporter.issues.isEmpty, "\(reporter.issues.map { "\($0.error)" })")
    }
  }

  @Test(.registry(failOnWarnings: true)) func theDocExamplePassesAStrictTest() {
    let theme = ObservableValue(initialValue: "light", shareKey: "theme")
    let sameTheme = ObservableValue(initialValue: "dark", shareKey: "theme")
    sameTheme.value = "dark"
    #expect(theme.value == "dark")
  }
}
