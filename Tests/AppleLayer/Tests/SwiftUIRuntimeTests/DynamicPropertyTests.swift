import SwiftUI
import Testing

/// Counts `update()` calls in a reference, as SwiftUI's own properties keep their state.
private final class UpdateCounter {
  var updates = 0
}

/// A property wrapper that itself holds `@State`, like the project's view-model wrappers.
@propertyWrapper
private struct Remembered: DynamicProperty {
  @State private var storage: Int
  private let counter: UpdateCounter

  init(_ initial: Int, counter: UpdateCounter) {
    _storage = State(wrappedValue: initial)
    self.counter = counter
  }

  var wrappedValue: Int {
    get { storage }
    nonmutating set { storage = newValue }
  }

  func update() { counter.updates += 1 }
}

private struct UsesRemembered: View {
  @Remembered var value: Int

  init(initial: Int, counter: UpdateCounter) {
    _value = Remembered(initial, counter: counter)
  }

  var body: some View {
    Button("value \(value)") { value += 1 }
  }
}

@propertyWrapper
private struct Inner: DynamicProperty {
  let log: Log
  var wrappedValue: Int { 0 }
  func update() { log.events.append("inner") }
}

@propertyWrapper
private struct Outer: DynamicProperty {
  @Inner var inner: Int
  let log: Log

  init(log: Log) {
    _inner = Inner(log: log)
    self.log = log
  }

  var wrappedValue: Int { inner }
  func update() { log.events.append("outer") }
}

private struct Nested: View {
  @Outer var value: Int
  let log: Log

  init(log: Log) {
    _value = Outer(log: log)
    self.log = log
  }

  var body: some View {
    let _ = log.events.append("body")
    Text("nested")
  }
}

@Observable
private final class Tally {
  var count = 0
}

/// Changes an observed model from `update()`: as bad as doing it in `body`.
@propertyWrapper
private struct Bumping: DynamicProperty {
  let tally: Tally
  var wrappedValue: Int { 0 }
  func update() { tally.count += 1 }
}

private struct TallyReader: View {
  let tally: Tally
  var body: some View { Text("tally \(tally.count)") }
}

private struct BumpingView: View {
  @Bumping var bump: Int
  init(tally: Tally) { _bump = Bumping(tally: tally) }
  var body: some View { Text("bumping") }
}

private struct TallyPair: View {
  let tally: Tally
  var body: some View {
    VStack {
      TallyReader(tally: tally)
      BumpingView(tally: tally)
    }
  }
}

private struct Shapes: View {
  let flag: Bool
  let other: Bool

  var body: some View {
    let _ = flag
    Group {
      if flag {
        Text("flag")
      }
      if flag {
        Text("one")
      } else if other {
        Text("two")
      }
      if #available(iOS 17, macOS 14, *) {
        Text("available")
      }
      HStack(alignment: .top, spacing: 4) {
        ProgressView()
        EmptyView()
      }
      ForEach(0..<2) { index in Text("index \(index)") }
      Button(action: {}) { Text("labelled") }
      Text(verbatim: "verbatim")
    }
  }
}

@MainActor
@Suite("Dynamic properties and view builders")
struct DynamicPropertyTests {
  @Test func stateInsideAPropertyWrapperIsBoundAndUpdateRunsBeforeEachBody() throws {
    let counter = UpdateCounter()
    let runtime = ViewRuntime(UsesRemembered(initial: 5, counter: counter))
    #expect(counter.updates == 1)
    try runtime.tap("value 5")
    runtime.flush()
    #expect(runtime.buttonTitles == ["value 6"])
    #expect(counter.updates == 2)

    runtime.setRoot(UsesRemembered(initial: 100, counter: counter))
    #expect(runtime.buttonTitles == ["value 6"])
    #expect(counter.updates == 3)
  }

  @Test func nestedPropertiesUpdateFirstAndAllBeforeTheBody() {
    let log = Log()
    let runtime = ViewRuntime(Nested(log: log))
    #expect(log.events == ["inner", "outer", "body"])
    runtime.render()
    #expect(log.events == ["inner", "outer", "body", "inner", "outer", "body"])
  }

  @Test func aChangeMadeInUpdateIsAViolation() {
    let runtime = ViewRuntime(TallyPair(tally: Tally()))
    #expect(runtime.violations.count == 1)
    #expect(
      runtime.violations.first?.contains("update() of TallyPair/VStack/TupleView/1:BumpingView")
        == true)
  }

  @Test func builderShapesRender() {
    let runtime = ViewRuntime(Shapes(flag: false, other: true))
    #expect(
      runtime.texts == ["two", "available", "index 0", "index 1", "labelled", "verbatim"])
    runtime.setRoot(Shapes(flag: true, other: false))
    #expect(
      runtime.texts == [
        "flag", "one", "available", "index 0", "index 1", "labelled", "verbatim",
      ])
    #expect(runtime.mountedCount(of: ProgressView<EmptyView, EmptyView>.self) == 1)
    #expect(runtime.lines.first == "Shapes")
  }

  @Test func bindingsReadAndWriteTheirSource() {
    var stored = 1
    let binding = Binding(get: { stored }, set: { stored = $0 })
    binding.wrappedValue = 2
    #expect(stored == 2)
    #expect(Binding.constant(3).wrappedValue == 3)
  }
}
