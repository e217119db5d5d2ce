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

extension EmptyView: Sendable {}

/// A View created from a swift tuple of View values.
public struct TupleView<T>: View {
  // SwiftUI's `value` is a main-actor stored property that its `nonisolated` initializer sets;
  // Swift 6 lets no `nonisolated` initializer do that, so the value is stored here and `value`
  // reads and writes it on the main actor.
  nonisolated(unsafe) var storedValue: T

  /// The tuple of views.
  public var value: T {
    get { storedValue }
    set { storedValue = newValue }
  }

  /// Creates a tuple view.
  nonisolated public init(_ value: T) {
    storedValue = value
  }

  /// A primitive view has no body.
  public typealias Body = Never
}

@available(*, unavailable)
extension TupleView: Sendable {}

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

@available(*, unavailable)
extension _ConditionalContent: Sendable {}

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

@available(*, unavailable)
extension AnyView: Sendable {}

/// A custom parameter attribute that constructs views from closures.
@resultBuilder
public struct ViewBuilder {
  /// Builds an empty view from a block containing no statements.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// Passes a single view written as a child view through unmodified.
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }

  // From two to ten children, as in the iOS 17 SDK: the iOS 18 SDK adds a disfavoured overload
  // that takes any number, which iOS 17's rejects.

  /// Combines two views into a tuple view.
  public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)>
  where C0: View, C1: View {
    TupleView((c0, c1))
  }

  /// Combines three views into a tuple view.
  public static func buildBlock<C0, C1, C2>(
    _ c0: C0, _ c1: C1, _ c2: C2
  ) -> TupleView<(C0, C1, C2)> where C0: View, C1: View, C2: View {
    TupleView((c0, c1, c2))
  }

  /// Combines four views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3
  ) -> TupleView<(C0, C1, C2, C3)> where C0: View, C1: View, C2: View, C3: View {
    TupleView((c0, c1, c2, c3))
  }

  /// Combines five views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3, C4>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4
  ) -> TupleView<(C0, C1, C2, C3, C4)> where C0: View, C1: View, C2: View, C3: View, C4: View {
    TupleView((c0, c1, c2, c3, c4))
  }

  /// Combines six views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3, C4, C5>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5
  ) -> TupleView<(C0, C1, C2, C3, C4, C5)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View {
    TupleView((c0, c1, c2, c3, c4, c5))
  }

  /// Combines seven views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View {
    TupleView((c0, c1, c2, c3, c4, c5, c6))
  }

  /// Combines eight views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View {
    TupleView((c0, c1, c2, c3, c4, c5, c6, c7))
  }

  /// Combines nine views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)>
  where
    C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View
  {
    TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8))
  }

  /// Combines ten views into a tuple view.
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8,
    _ c9: C9
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)>
  where
    C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View,
    C9: View
  {
    TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
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

@available(*, unavailable)
extension ViewBuilder: Sendable {}

// SwiftUI's primitive views get their `body` from a declaration its public interface does not
// show, so a view of client code that sets `Body = Never` and declares no `body` does not
// conform to `View`. Behind an SPI here, for the same effect: only this module sees it.
@_spi(PrimitiveViews)
extension View where Self.Body == Never {
  /// Primitive views have no body; the runtime never asks for one.
  public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}
