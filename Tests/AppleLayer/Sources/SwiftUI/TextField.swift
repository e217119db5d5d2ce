/// A control that displays an editable text interface.
///
/// A `ViewRuntime` types into it with `typeText(_:into:)`, through its binding.
@MainActor @preconcurrency
public struct TextField<Label>: View where Label: View {
  let title: String
  nonisolated(unsafe) let text: Binding<String>

  /// A text field has no body of its own.
  public typealias Body = Never
}

extension TextField where Label == Text {
  /// Creates a text field with a text label generated from a title string.
  nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {
    self.title = String(title)
    self.text = text
  }
}

@available(*, unavailable)
extension TextField: Sendable {}
