import SwiftUI
import Testing

private struct ThemeKey: EnvironmentKey {
  static let defaultValue = "plain"
}

extension EnvironmentValues {
  fileprivate var theme: String {
    get { self[ThemeKey.self] }
    set { self[ThemeKey.self] = newValue }
  }
}

private struct ThemeLabel: View {
  @Environment(\.theme) private var theme
  var body: some View { Text("theme \(theme)") }
}

private struct Themed: View {
  let outer: String
  var body: some View {
    VStack {
      ThemeLabel()
      VStack {
        ThemeLabel()
        ThemeLabel().environment(\.theme, "inner")
      }
      .environment(\.theme, outer)
    }
  }
}

@MainActor
@Suite("Environment")
struct EnvironmentTests {
  @Test func valuesPropagateDownAndAreOverridden() {
    let runtime = ViewRuntime(Themed(outer: "dark"))
    #expect(runtime.texts == ["theme plain", "theme dark", "theme inner"])
    runtime.setRoot(Themed(outer: "light"))
    #expect(runtime.texts == ["theme plain", "theme light", "theme inner"])
  }

  @Test func theRootEnvironmentIsGivenToTheRuntime() {
    var environment = EnvironmentValues()
    environment.theme = "root"
    let runtime = ViewRuntime(ThemeLabel(), environment: environment)
    #expect(runtime.texts == ["theme root"])
  }

  @Test func anEnvironmentPropertyOutsideAMountedViewReadsTheDefault() {
    #expect(Environment(\EnvironmentValues.theme).wrappedValue == "plain")
  }
}
