import SwiftUI
import Testing

private struct Counter: View {
  let label: String
  @State private var count = 0

  var body: some View {
    VStack {
      Text("\(label): \(count)")
      Button("+ \(label)") { count += 1 }
    }
  }
}

private struct Pair: View {
  let title: String

  var body: some View {
    VStack {
      Text(title)
      Counter(label: "a")
      Counter(label: "b")
    }
  }
}

private struct Holder: View {
  let log: Log
  let name: String
  @State private var resource: Resource

  init(log: Log, name: String) {
    self.log = log
    self.name = name
    // Evaluated for every view value, as SwiftUI does; only the first is kept.
    _resource = State(wrappedValue: Resource(name, log: log))
  }

  var body: some View { Text("holding \(resource.name)") }
}

private struct Toggled: View {
  let show: Bool
  let log: Log

  var body: some View {
    VStack {
      if show {
        Holder(log: log, name: "r")
      }
      Text("footer")
    }
  }
}

private struct Branches: View {
  let first: Bool

  var body: some View {
    if first {
      Counter(label: "first")
    } else {
      Counter(label: "second")
    }
  }
}

private struct Erased: View {
  let asText: Bool

  var body: some View {
    if asText {
      AnyView(Counter(label: "x"))
    } else {
      AnyView(VStack { Counter(label: "x") })
    }
  }
}

private struct SameTypeErased: View {
  let label: String
  var body: some View { AnyView(Counter(label: label)) }
}

private struct Identified: View {
  let id: Int
  var body: some View { Counter(label: "c").id(id) }
}

private struct Item: Identifiable {
  let id: Int
}

private struct Rows: View {
  let ids: [Int]
  var body: some View {
    List {
      ForEach(ids.map(Item.init)) { item in
        Counter(label: "row\(item.id)")
      }
    }
  }
}

private struct Outer: View {
  @State private var taps = 0
  var body: some View {
    VStack {
      Text("outer \(taps)")
      Button("outer") { taps += 1 }
      Counter(label: "inner")
    }
  }
}

@MainActor
@Suite("State is kept per identity")
struct StateIdentityTests {
  @Test func stateSurvivesParentRerendersAndIsPerPosition() throws {
    let runtime = ViewRuntime(Pair(title: "one"))
    try runtime.tap("+ a")
    try runtime.tap("+ a")
    try runtime.tap("+ b")
    runtime.flush()
    #expect(runtime.texts == ["one", "a: 2", "+ a", "b: 1", "+ b"])

    runtime.setRoot(Pair(title: "two"))
    #expect(runtime.texts == ["two", "a: 2", "+ a", "b: 1", "+ b"])
    #expect(runtime.violations.isEmpty)
  }

  @Test func laterInitialValuesAreDiscarded() {
    let log = Log()
    let runtime = ViewRuntime(Holder(log: log, name: "first"))
    runtime.setRoot(Holder(log: log, name: "second"))
    runtime.setRoot(Holder(log: log, name: "third"))
    #expect(runtime.texts == ["holding first"])
    // Every view value made its own initial value; the state kept the first. The others live
    // only as long as their view value (the runtime keeps the latest, as SwiftUI does).
    #expect(log.events == ["init first", "init second", "init third", "deinit second"])
    runtime.unmount()
    #expect(Set(log.events.suffix(2)) == ["deinit first", "deinit third"])
  }

  @Test func removalReleasesStateAtOnce() {
    let log = Log()
    let runtime = ViewRuntime(Toggled(show: true, log: log))
    #expect(runtime.texts == ["holding r", "footer"])
    #expect(log.events == ["init r"])

    runtime.setRoot(Toggled(show: false, log: log))
    #expect(runtime.texts == ["footer"])
    #expect(log.events == ["init r", "deinit r"])

    // Back again: a new identity, new state.
    runtime.setRoot(Toggled(show: true, log: log))
    #expect(log.events == ["init r", "deinit r", "init r"])
    runtime.unmount()
    #expect(log.events == ["init r", "deinit r", "init r", "deinit r"])
    #expect(runtime.paths.isEmpty)
  }

  @Test func conditionalBranchesAreDifferentIdentities() throws {
    let runtime = ViewRuntime(Branches(first: true))
    try runtime.tap("+ first")
    runtime.flush()
    #expect(runtime.texts.first == "first: 1")
    runtime.setRoot(Branches(first: false))
    #expect(runtime.texts.first == "second: 0")
    runtime.setRoot(Branches(first: true))
    #expect(runtime.texts.first == "first: 0")
  }

  @Test func anyViewOfAnotherTypeIsANewIdentity() throws {
    let runtime = ViewRuntime(SameTypeErased(label: "x"))
    try runtime.tap("+ x")
    runtime.flush()
    runtime.setRoot(SameTypeErased(label: "x"))
    #expect(runtime.texts.first == "x: 1")

    let changing = ViewRuntime(Erased(asText: true))
    try changing.tap("+ x")
    changing.flush()
    #expect(changing.texts.first == "x: 1")
    changing.setRoot(Erased(asText: false))
    #expect(changing.texts.first == "x: 0")
  }

  @Test func explicitIDChangeResetsState() throws {
    let runtime = ViewRuntime(Identified(id: 1))
    try runtime.tap("+ c")
    runtime.flush()
    runtime.setRoot(Identified(id: 1))
    #expect(runtime.texts.first == "c: 1")
    runtime.setRoot(Identified(id: 2))
    #expect(runtime.texts.first == "c: 0")
  }

  @Test func forEachKeepsStateByID() throws {
    let runtime = ViewRuntime(Rows(ids: [1, 2, 3]))
    try runtime.tap("+ row2")
    try runtime.tap("+ row2")
    try runtime.tap("+ row3")
    runtime.flush()

    runtime.setRoot(Rows(ids: [3, 4, 2]))
    #expect(
      runtime.texts == ["row3: 1", "+ row3", "row4: 0", "+ row4", "row2: 2", "+ row2"])

    runtime.setRoot(Rows(ids: [2, 2]))
    #expect(runtime.texts == ["row2: 2", "+ row2"])
    #expect(runtime.violations.contains { $0.contains("occurs more than once") })
  }

  @Test func parentRendersReevaluateEveryChildBody() {
    let runtime = ViewRuntime(Pair(title: "t"))
    #expect(runtime.bodyCount(of: Pair.self) == 1)
    #expect(runtime.bodyCount(of: Counter.self) == 2)
    runtime.render()
    runtime.render()
    #expect(runtime.bodyCount(of: Pair.self) == 3)
    #expect(runtime.bodyCount(of: Counter.self) == 6)
    #expect(runtime.totalBodyCount == 9)
    #expect(runtime.bodyCount(atPath: "Pair/VStack/TupleView/1:Counter") == 3)
  }

  @Test func stateChangeRerendersOnlyItsView() throws {
    let runtime = ViewRuntime(Pair(title: "t"))
    try runtime.tap("+ b")
    #expect(runtime.pendingInvalidations == 1)
    runtime.flush()
    #expect(runtime.bodyCount(of: Pair.self) == 1)
    #expect(runtime.bodyCount(atPath: "Pair/VStack/TupleView/1:Counter") == 1)
    #expect(runtime.bodyCount(atPath: "Pair/VStack/TupleView/2:Counter") == 2)
    #expect(runtime.pendingInvalidations == 0)
  }

  @Test func flushRendersTopDownAndOnlyOnce() throws {
    let runtime = ViewRuntime(Outer())
    try runtime.tap("+ inner")
    try runtime.tap("outer")
    #expect(runtime.pendingInvalidations == 2)
    runtime.flush()
    // The parent's render re-rendered the child; the child is not rendered again on its own.
    #expect(runtime.bodyCount(of: Outer.self) == 2)
    #expect(runtime.bodyCount(of: Counter.self) == 2)
    #expect(runtime.texts == ["outer 1", "outer", "inner: 1", "+ inner"])
  }

  @Test func tapNeedsExactlyOneButton() {
    let runtime = ViewRuntime(Pair(title: "t"))
    #expect(throws: ViewRuntimeError.self) { try runtime.tap("nothing") }
    #expect(runtime.buttonTitles == ["+ a", "+ b"])
  }
}
