import SwiftUI
import Testing

private final class Counter: ObservableObject {
  @Published var count = 0
}

private class Base: ObservableObject {
  @Published var base = 0
}

private final class Derived: Base {
  @Published var derived = 0
}

private final class Unpublished: ObservableObject {
  var value = 0
}

private struct ObservingView: View {
  @ObservedObject var counter: Counter
  var body: some View { Text("count \(counter.count)") }
}

private struct OwningView: View {
  let log: Log
  @StateObject private var counter: Counter

  init(log: Log) {
    self.log = log
    _counter = StateObject(
      wrappedValue: {
        log.events.append("made")
        return Counter()
      }())
  }

  var body: some View {
    Text("owned \(counter.count)")
    Button("bump") { counter.count += 1 }
  }
}

private struct Sender: View {
  let counter: Counter
  var body: some View {
    let _ = counter.objectWillChange.send()
    Text("sender")
  }
}

private struct ObserveThenSend: View {
  let counter: Counter
  var body: some View {
    VStack {
      ObservingView(counter: counter)
      Sender(counter: counter)
    }
  }
}

@MainActor
@Suite("ObservableObject, @Published and the views that follow them")
struct ObservableObjectTests {
  @Test func observedObjectRerendersOnPublishedChange() {
    let counter = Counter()
    let runtime = ViewRuntime(ObservingView(counter: counter))
    counter.count = 3
    #expect(runtime.pendingInvalidations == 1)
    runtime.flush()
    #expect(runtime.texts == ["count 3"])
    #expect(runtime.bodyCount(of: ObservingView.self) == 2)
  }

  @Test func anotherObservedObjectMovesTheSubscription() {
    let first = Counter()
    let second = Counter()
    let runtime = ViewRuntime(ObservingView(counter: first))
    runtime.setRoot(ObservingView(counter: second))
    first.count = 1
    #expect(runtime.pendingInvalidations == 0)
    second.count = 1
    #expect(runtime.pendingInvalidations == 1)
  }

  @Test func stateObjectIsMadeOncePerIdentity() throws {
    let log = Log()
    let runtime = ViewRuntime(OwningView(log: log))
    runtime.setRoot(OwningView(log: log))
    runtime.render()
    #expect(log.events == ["made"])
    try runtime.tap("bump")
    runtime.flush()
    #expect(runtime.texts.first == "owned 1")

    runtime.unmount()
    _ = ViewRuntime(OwningView(log: log))
    #expect(log.events == ["made", "made"])
  }

  @Test func objectWillChangeSentDuringABodyIsAViolation() {
    let counter = Counter()
    let runtime = ViewRuntime(ObserveThenSend(counter: counter))
    #expect(runtime.violations.count == 1)
    #expect(runtime.violations.first?.contains("objectWillChange of Counter") == true)
    #expect(
      runtime.violations.first?.contains("body of ObserveThenSend/VStack/TupleView/1:Sender")
        == true)
  }

  @Test func publishedSendsObjectWillChangeBeforeTheChange() {
    let counter = Counter()
    var seen: [Int] = []
    let subscription = counter.objectWillChange.sink { seen.append(counter.count) }
    counter.count = 1
    counter.count = 2
    #expect(seen == [0, 1])
    subscription.cancel()
    counter.count = 3
    #expect(seen == [0, 1])
  }

  @Test func projectedPublisherGivesTheCurrentValueThenNewOnesBeforeTheyAreSet() {
    let counter = Counter()
    var seen: [String] = []
    let subscription = counter.$count.sink { seen.append("\($0) (was \(counter.count))") }
    counter.count = 7
    #expect(seen == ["0 (was 0)", "7 (was 0)"])
    _ = subscription
  }

  @Test func aSubclassSharesOnePublisherWithItsSuperclass() {
    let object = Derived()
    #expect(object.objectWillChange === object.objectWillChange)
    var sends = 0
    let subscription = object.objectWillChange.sink { sends += 1 }
    object.base = 1
    object.derived = 1
    #expect(sends == 2)
    _ = subscription
  }

  @Test func anObjectWithoutPublishedGetsAFreshPublisherEachTime() {
    let object = Unpublished()
    #expect(object.objectWillChange !== object.objectWillChange)
    var sends = 0
    let subscription = object.objectWillChange.sink { sends += 1 }
    object.objectWillChange.send()
    #expect(sends == 0)
    _ = subscription
  }
}
