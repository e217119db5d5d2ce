import Observation
import Registry
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
}
