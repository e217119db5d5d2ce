/// A view that displays a root view and enables you to present additional views over the root
/// view.
///
/// Only the initializer that takes a typed path is declared here. A `ViewRuntime` shows the
/// root, then one destination per element of the path, found through the
/// `navigationDestination(for:destination:)` declarations of the root.
@MainActor @preconcurrency
public struct NavigationStack<Data, Root>: View where Root: View {
  nonisolated(unsafe) let root: Root
  nonisolated(unsafe) let path: NavigationPathAccess

  /// Creates a navigation stack with homogeneous navigation state that you can control.
  @MainActor
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {
    self.root = root()
    self.path = NavigationPathAccess(path)
  }

  /// A navigation stack has no body of its own.
  public typealias Body = Never
}

@available(*, unavailable)
extension NavigationStack: Sendable {}

/// A view that controls a navigation presentation.
///
/// Only the value-based forms of iOS 16 and later are declared here.
@MainActor @preconcurrency
public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
  nonisolated(unsafe) let label: Label
  nonisolated(unsafe) let value: AnyHashable?

  /// A navigation link has no body of its own.
  public typealias Body = Never
}

extension NavigationLink where Destination == Never {
  /// Creates a navigation link that presents the view corresponding to a value.
  nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable {
    self.label = label()
    self.value = value.map { AnyHashable($0) }
  }

  /// Creates a navigation link that presents the view corresponding to a value, with a text
  /// label that the link generates from a title string.
  nonisolated public init<S, P>(_ title: S, value: P?)
  where Label == Text, S: StringProtocol, P: Hashable {
    self.label = Text(title)
    self.value = value.map { AnyHashable($0) }
  }
}

@available(*, unavailable)
extension NavigationLink: Sendable {}

extension View {
  /// Associates a destination view with a presented data type for use within a navigation
  /// stack.
  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View {
    NavigationDestinationView(content: self, dataType: D.self) { value in
      (value as? D).map { AnyView(destination($0)) }
    }
  }
}

/// Reads and writes a typed navigation path through its binding, whatever its collection type.
struct NavigationPathAccess {
  let elements: () -> [AnyHashable]
  let elementType: Any.Type
  /// Appends `value` when it is of the path's element type; `false` otherwise.
  let append: (AnyHashable) -> Bool
  let removeLast: (Int) -> Void

  init<Data>(_ path: Binding<Data>)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {
    elements = { path.wrappedValue.map { AnyHashable($0) } }
    elementType = Data.Element.self
    append = { value in
      guard let element = value.base as? Data.Element else { return false }
      path.wrappedValue.append(element)
      return true
    }
    removeLast = { count in path.wrappedValue.removeLast(count) }
  }
}

struct NavigationDestinationView<Content: View>: View {
  typealias Body = Never
  nonisolated(unsafe) let content: Content
  let dataType: Any.Type
  nonisolated(unsafe) let destination: (Any) -> AnyView?

  nonisolated init(
    content: Content, dataType: Any.Type, destination: @escaping (Any) -> AnyView?
  ) {
    self.content = content
    self.dataType = dataType
    self.destination = destination
  }
}
