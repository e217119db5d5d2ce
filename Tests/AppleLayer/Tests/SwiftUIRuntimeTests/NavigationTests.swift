import SwiftUI
import Testing

/// A pushed screen that keeps a counter in `@State` and logs when it goes.
private struct Screen: View {
  let log: Log
  let value: Int
  @State private var resource: Resource?
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("screen \(value)")
      NavigationLink("next after \(value)", value: value + 1)
      Button("close \(value)") { dismiss() }
    }
    .onAppear { resource = Resource("screen \(value)", log: log) }
  }
}

private struct Stack: View {
  let log: Log
  @State var path: [Int] = []

  var body: some View {
    NavigationStack(path: $path) {
      VStack {
        Text("root")
        NavigationLink("open 1", value: 1)
        NavigationLink("open word", value: "word")
      }
      .navigationDestination(for: Int.self) { value in
        Screen(log: log, value: value)
      }
    }
  }
}

/// A stack whose path the parent sets, as a deep link would.
private struct ControlledStack: View {
  let path: [Int]

  var body: some View {
    NavigationStack(path: .constant(path)) {
      Text("root")
        .navigationDestination(for: Int.self) { value in Text("screen \(value)") }
    }
  }
}

private struct LinkOutsideAStack: View {
  var body: some View { NavigationLink("lost", value: 1) }
}

@MainActor
@Suite struct NavigationStackTests {
  @Test func aLinkPushesItsValuesDestinationAndBackPopsIt() throws {
    let log = Log()
    let runtime = ViewRuntime(Stack(log: log))
    #expect(runtime.texts == ["root", "open 1", "open word"])
    try runtime.tap("open 1")
    #expect(runtime.texts == ["root", "open 1", "open word"])
    runtime.flush()
    #expect(
      runtime.texts == ["root", "open 1", "open word", "screen 1", "next after 1", "close 1"])
    try runtime.tap("next after 1")
    runtime.flush()
    #expect(runtime.mountedCount(of: Screen.self) == 2)
    #expect(log.events == ["init screen 1", "init screen 2"])
    try runtime.navigateBack()
    runtime.flush()
    // The top view's state goes with it at once; the one below keeps its own.
    #expect(log.events == ["init screen 1", "init screen 2", "deinit screen 2"])
    #expect(runtime.texts.last == "close 1")
    #expect(runtime.mountedCount(of: Screen.self) == 1)
    try runtime.navigateBack()
    runtime.flush()
    #expect(runtime.texts == ["root", "open 1", "open word"])
    #expect(log.events.last == "deinit screen 1")
    #expect(throws: ViewRuntimeError.self) { try runtime.navigateBack() }
    #expect(runtime.violations.isEmpty)
    runtime.unmount()
  }

  @Test func dismissInsideAPushedViewPopsItAndEverythingAboveIt() throws {
    let log = Log()
    let runtime = ViewRuntime(Stack(log: log))
    try runtime.tap("open 1")
    runtime.flush()
    try runtime.tap("next after 1")
    runtime.flush()
    try runtime.tap("next after 2")
    runtime.flush()
    #expect(runtime.mountedCount(of: Screen.self) == 3)
    // The dismiss action of screen 2: screens 2 and 3 go, screen 1 stays.
    try runtime.tap("close 2")
    runtime.flush()
    #expect(runtime.mountedCount(of: Screen.self) == 1)
    #expect(
      log.events == [
        "init screen 1", "init screen 2", "init screen 3", "deinit screen 2", "deinit screen 3",
      ])
    // The root's dismiss action does nothing: it is not presented.
    runtime.unmount()
    #expect(log.events.last == "deinit screen 1")
  }

  @Test func eachElementOfThePathIsAViewOfItsOwnIdentity() {
    let runtime = ViewRuntime(ControlledStack(path: [1, 2]))
    #expect(runtime.texts == ["root", "screen 1", "screen 2"])
    let before = runtime.paths
    // Another value at depth 1 is another view; the same value at depth 0 stays the same one.
    runtime.setRoot(ControlledStack(path: [1, 3]))
    #expect(runtime.texts == ["root", "screen 1", "screen 3"])
    #expect(
      runtime.paths.filter { $0.contains("push[0](1)") }
        == before.filter { $0.contains("push[0](1)") })
    #expect(!runtime.paths.contains { $0.contains("push[1](2)") })
    #expect(runtime.paths.contains { $0.contains("push[1](3)") })
    runtime.unmount()
  }

  @Test func aValueWithoutADestinationOrOfAnotherTypeIsRecordedAndShowsNothing() throws {
    let runtime = ViewRuntime(Stack(log: Log()))
    // The path holds Int: a String link cannot push, as SwiftUI logs.
    try runtime.tap("open word")
    runtime.flush()
    #expect(runtime.texts == ["root", "open 1", "open word"])
    #expect(runtime.violations.count == 1)
    #expect(runtime.violations.first?.contains("holds Int") == true)

    let missing = ViewRuntime(
      NavigationStack(path: .constant([1])) { Text("root") })
    #expect(missing.texts == ["root"])
    #expect(missing.violations.first?.contains("no matching navigationDestination") == true)
    runtime.unmount()
    missing.unmount()
  }

  @Test func aLinkOutsideAStackIsDisabled() {
    let runtime = ViewRuntime(LinkOutsideAStack())
    #expect(runtime.buttonTitles == ["lost"])
    #expect(throws: ViewRuntimeError.self) { try runtime.tap("lost") }
    runtime.unmount()
  }
}
