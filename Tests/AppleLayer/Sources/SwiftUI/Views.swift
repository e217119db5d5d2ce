/// A view that displays one or more lines of read-only text.
public struct Text: Equatable, Sendable {
  let content: String

  /// Creates a text view that displays a stored string without localization.
  nonisolated public init<S>(_ content: S) where S: StringProtocol {
    self.content = String(content)
  }

  /// Creates a text view that displays a string literal without localization.
  nonisolated public init(verbatim content: String) {
    self.content = content
  }
}

extension Text: View {
  /// A primitive view has no body.
  public typealias Body = Never
}

/// A control that initiates an action.
public struct Button<Label>: View where Label: View {
  let action: @MainActor () -> Void
  nonisolated(unsafe) let label: Label

  /// Creates a button that displays a custom label.
  @preconcurrency nonisolated public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {
    self.action = action
    self.label = label()
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

@available(*, unavailable)
extension Button: Sendable {}

extension Button where Label == Text {
  /// Creates a button that generates its label from a string.
  @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
  where S: StringProtocol {
    self.init(action: action) { Text(title) }
  }
}

/// A view that shows the progress toward completion of a task.
public struct ProgressView<Label, CurrentValueLabel>: View
where Label: View, CurrentValueLabel: View {
  nonisolated init(indeterminate: Void) {}

  /// A primitive view has no body.
  public typealias Body = Never
}

@available(*, unavailable)
extension ProgressView: Sendable {}

extension ProgressView where CurrentValueLabel == EmptyView {
  /// Creates a progress view for showing indeterminate progress, without a label.
  nonisolated public init() where Label == EmptyView {
    self.init(indeterminate: ())
  }
}

/// A type you use to combine views into a single unit without changing their layout.
public struct Group<Content> {
  nonisolated(unsafe) let content: Content
}

@available(*, unavailable)
extension Group: Sendable {}

extension Group: View where Content: View {
  /// Creates a group of views.
  nonisolated public init(@ViewBuilder content: () -> Content) {
    self.init(_content: content())
  }

  nonisolated init(_content: Content) {
    content = _content
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

/// An alignment position along the horizontal axis.
public struct HorizontalAlignment: Equatable, Sendable {
  let name: String

  /// A guide that marks the leading edge of the view.
  public static let leading = HorizontalAlignment(name: "leading")
  /// A guide that marks the horizontal center of the view.
  public static let center = HorizontalAlignment(name: "center")
  /// A guide that marks the trailing edge of the view.
  public static let trailing = HorizontalAlignment(name: "trailing")
}

/// An alignment position along the vertical axis.
public struct VerticalAlignment: Equatable, Sendable {
  let name: String

  /// A guide that marks the top edge of the view.
  public static let top = VerticalAlignment(name: "top")
  /// A guide that marks the vertical center of the view.
  public static let center = VerticalAlignment(name: "center")
  /// A guide that marks the bottom edge of the view.
  public static let bottom = VerticalAlignment(name: "bottom")
}

/// A view that arranges its subviews in a vertical line.
public struct VStack<Content>: View where Content: View {
  nonisolated(unsafe) let content: Content

  /// Creates an instance with the given spacing and horizontal alignment.
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.content = content()
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

@available(*, unavailable)
extension VStack: Sendable {}

/// A view that arranges its subviews in a horizontal line.
public struct HStack<Content>: View where Content: View {
  nonisolated(unsafe) let content: Content

  /// Creates a horizontal stack with the given spacing and vertical alignment.
  nonisolated public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.content = content()
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

@available(*, unavailable)
extension HStack: Sendable {}

/// A container that presents rows of data arranged in a single column.
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
  nonisolated(unsafe) let content: Content

  /// A primitive view has no body.
  public typealias Body = Never
}

@available(*, unavailable)
extension List: Sendable {}

extension List where SelectionValue == Never {
  /// Creates a list with the given content.
  ///
  /// On the main actor, as in the iOS 17 SDK (`@MainActor(unsafe)`); the iOS 18 SDK makes it
  /// `nonisolated`.
  @MainActor public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

/// A structure that computes views on demand from an underlying collection of identified data.
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
  /// The collection of underlying identified data.
  nonisolated(unsafe) public var data: Data
  /// A function to create content on demand using the underlying data.
  nonisolated(unsafe) public var content: (Data.Element) -> Content
  nonisolated(unsafe) let idOf: (Data.Element) -> ID
}

@available(*, unavailable)
extension ForEach: Sendable {}

extension ForEach: View where Content: View {
  /// Creates an instance that uniquely identifies and creates views across updates based on the
  /// provided key path to the underlying data's identifier.
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
    idOf = { $0[keyPath: id] }
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  /// Creates an instance that uniquely identifies and creates views across updates based on the
  /// identity of the underlying data.
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.content = content
    idOf = { $0.id }
  }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
  /// Creates an instance that computes views on demand over a given constant range.
  nonisolated public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.data = data
    self.content = content
    idOf = { $0 }
  }
}
