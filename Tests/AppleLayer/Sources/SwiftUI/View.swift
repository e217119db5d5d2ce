/// A type that represents part of your app's user interface and provides modifiers that you use
/// to configure views.
@MainActor @preconcurrency
public protocol View {
  /// The type of view representing the body of this view.
  associatedtype Body: View

  /// The content and behavior of the view.
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  /// Never has a body of its own.
  public typealias Body = Never

  /// Never has a body of its own.
  public var body: Never { fatalError("Never has no body") }
}

/// A view that doesn't contain any content.
public struct EmptyView: View {
  /// Creates an empty view.
  nonisolated public init() {}

  /// A primitive view has no body.
  public typealias Body = Never
}

/// A View created from a swift tuple of View values.
public struct TupleView<T>: View {
  /// The tuple of views.
  nonisolated(unsafe) public var value: T

  /// Creates a tuple view.
  nonisolated public init(_ value: T) {
    self.value = value
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

/// Content that shows one of two possible children.
public struct _ConditionalContent<TrueContent, FalseContent> {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  nonisolated(unsafe) let storage: Storage

  nonisolated init(storage: Storage) {
    self.storage = storage
  }
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  /// A primitive view has no body.
  public typealias Body = Never
}

extension Optional: View where Wrapped: View {
  /// A primitive view has no body.
  public typealias Body = Never
}

/// A type-erased view.
public struct AnyView: View {
  nonisolated(unsafe) let content: any View

  /// Create an instance that type-erases `view`.
  nonisolated public init<V>(_ view: V) where V: View {
    if let erased = view as? AnyView {
      content = erased.content
    } else {
      content = view
    }
  }

  /// Create an instance that type-erases `view`.
  nonisolated public init<V>(erasing view: V) where V: View {
    self.init(view)
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

/// A custom parameter attribute that constructs views from closures.
@resultBuilder
public struct ViewBuilder {
  /// Builds an empty view from a block containing no statements.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// Passes a single view written as a child view through unmodified.
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }

  /// Combines several views into a tuple view.
  public static func buildBlock<each Content>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> where repeat each Content: View {
    TupleView((repeat each content))
  }

  /// Passes a view written as a statement through unmodified.
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
    content
  }

  /// Produces optional content for conditional statements that is only included when the
  /// condition evaluates to true.
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    content
  }

  /// Produces content for a conditional statement when the condition is true.
  public static func buildEither<TrueContent, FalseContent>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View {
    _ConditionalContent(storage: .trueContent(first))
  }

  /// Produces content for a conditional statement when the condition is false.
  public static func buildEither<TrueContent, FalseContent>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View {
    _ConditionalContent(storage: .falseContent(second))
  }

  /// Processes view content for a conditional compiler-control statement that performs an
  /// availability check.
  public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView
  where Content: View {
    AnyView(content)
  }
}

extension View where Self.Body == Never {
  /// Primitive views have no body; the runtime never asks for one.
  public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}
