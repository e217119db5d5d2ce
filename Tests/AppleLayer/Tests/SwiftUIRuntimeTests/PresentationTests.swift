import SwiftUI
import Testing

private struct Theme: EnvironmentKey {
  static var defaultValue: String { "plain" }
}

extension EnvironmentValues {
  fileprivate var theme: String {
    get { self[Theme.self] }
    set { self[Theme.self] = newValue }
  }
}

private struct SheetContent: View {
  let log: Log
  @State private var resource: Resource?
  @Environment(\.dismiss) private var dismiss
  @Environment(\.theme) private var theme

  var body: some View {
    VStack {
      Text("sheet in \(theme)")
      Button("done") { dismiss() }
    }
    .onAppear { resource = Resource("sheet", log: log) }
  }
}

private struct Presenter: View {
  let log: Log
  @State private var isPresented = false

  var body: some View {
    Button("show") { isPresented = true }
      .sheet(isPresented: $isPresented, onDismiss: { log.events.append("onDismiss") }) {
        SheetContent(log: log)
      }
  }
}

private struct Editor: View {
  @State private var name = "Ada"

  var body: some View {
    VStack {
      TextField("Name", text: $name)
      Text("hello \(name)")
    }
  }
}

private struct Dismisser: View {
  @Environment(\.dismiss) private var dismiss
  var body: some View { Button("dismiss") { dismiss() } }
}

@MainActor
@Suite struct PresentationTests {
  @Test func aSheetShowsWhileItsBindingIsTrueWithThePresentersEnvironment() throws {
    let log = Log()
    let runtime = ViewRuntime(Presenter(log: log).environment(\.theme, "dark"))
    #expect(runtime.texts == ["show"])
    try runtime.tap("show")
    runtime.flush()
    #expect(runtime.texts == ["show", "sheet in dark", "done"])
    #expect(runtime.paths.last?.contains("sheet:") == true)
    try runtime.tap("done")
    runtime.flush()
    #expect(runtime.texts == ["show"])
    // The sheet's state went with it, then onDismiss ran once.
    #expect(log.events == ["init sheet", "deinit sheet", "onDismiss"])
    runtime.render()
    #expect(log.events.filter { $0 == "onDismiss" }.count == 1)
    runtime.unmount()
  }

  @Test func swipingASheetDownDismissesItThroughItsBinding() throws {
    let log = Log()
    let runtime = ViewRuntime(Presenter(log: log))
    #expect(throws: ViewRuntimeError.self) { try runtime.dismissSheet() }
    try runtime.tap("show")
    runtime.flush()
    try runtime.dismissSheet()
    runtime.flush()
    #expect(runtime.texts == ["show"])
    #expect(log.events == ["init sheet", "deinit sheet", "onDismiss"])
    // Presented again: a new sheet, with new state.
    try runtime.tap("show")
    runtime.flush()
    #expect(log.events.last == "init sheet")
    runtime.unmount()
  }

  @Test func dismissOutsideAnyPresentationDoesNothing() throws {
    let runtime = ViewRuntime(Dismisser())
    try runtime.tap("dismiss")
    runtime.flush()
    #expect(runtime.buttonTitles == ["dismiss"])
    runtime.unmount()
  }

  @Test func typingIntoAFieldWritesThroughItsBinding() throws {
    let runtime = ViewRuntime(Editor())
    #expect(runtime.textFields == ["Name": "Ada"])
    try runtime.typeText("Grace", into: "Name")
    #expect(runtime.texts == ["hello Ada"])
    runtime.flush()
    #expect(runtime.texts == ["hello Grace"])
    #expect(runtime.textFields == ["Name": "Grace"])
    #expect(throws: ViewRuntimeError.self) { try runtime.typeText("x", into: "Age") }
    runtime.unmount()
  }
}
