extension View {
  /// Presents a sheet when a binding to a Boolean value that you provide is true.
  ///
  /// The sheet's content sees the presenting view's environment, with a `dismiss` action that
  /// sets the binding to `false`; `onDismiss` runs after the sheet goes, however it was
  /// dismissed.
  nonisolated public func sheet<Content>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View where Content: View {
    SheetView(
      content: self, isPresented: isPresented, onDismiss: onDismiss,
      sheet: { AnyView(content()) })
  }
}

/// An action that dismisses a presentation.
///
/// Read it from the environment (`@Environment(\.dismiss) private var dismiss`) and call it:
/// inside a sheet it dismisses the sheet, inside a view pushed on a navigation stack it pops that
/// view; elsewhere it does nothing.
@MainActor @preconcurrency
public struct DismissAction {
  let action: (@MainActor () -> Void)?

  nonisolated init(_ action: (@MainActor () -> Void)?) {
    self.action = action
  }

  /// Dismisses the view if it is currently presented.
  @MainActor @preconcurrency public func callAsFunction() {
    action?()
  }
}

@available(*, unavailable)
extension DismissAction: Sendable {}

private struct DismissActionKey: EnvironmentKey {
  static var defaultValue: DismissAction { DismissAction(nil) }
}

extension EnvironmentValues {
  /// An action that dismisses the current presentation.
  public var dismiss: DismissAction {
    self[DismissActionKey.self]
  }

  /// Sets what `dismiss` does for a presented subtree.
  var dismissAction: DismissAction {
    get { self[DismissActionKey.self] }
    set { self[DismissActionKey.self] = newValue }
  }
}

struct SheetView<Content: View>: View {
  typealias Body = Never
  nonisolated(unsafe) let content: Content
  nonisolated(unsafe) let isPresented: Binding<Bool>
  nonisolated(unsafe) let onDismiss: (() -> Void)?
  nonisolated(unsafe) let sheet: () -> AnyView

  nonisolated init(
    content: Content, isPresented: Binding<Bool>, onDismiss: (() -> Void)?,
    sheet: @escaping () -> AnyView
  ) {
    self.content = content
    self.isPresented = isPresented
    self.onDismiss = onDismiss
    self.sheet = sheet
  }
}
