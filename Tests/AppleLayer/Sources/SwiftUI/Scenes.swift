/// A type that represents the structure and behavior of an app.
@MainActor @preconcurrency
public protocol App {
  /// The type of scene representing the content of the app.
  associatedtype Body: Scene

  /// The content and behavior of the app.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

  /// Creates an instance of the app using the body that you define for its content.
  @MainActor @preconcurrency init()
}

extension App {
  /// Initializes and runs the app.
  ///
  /// Here (not as in Apple's SwiftUI, which runs the app until it quits): makes the app, mounts
  /// the content of its first window in a `ViewRuntime`, lets it settle, and unmounts it.
  @MainActor @preconcurrency public static func main() {
    let runtime = ViewRuntime(app: Self())
    runtime.flush()
    runtime.unmount()
  }
}

/// A part of an app's user interface with a life cycle managed by the system.
@MainActor @preconcurrency
public protocol Scene {
  /// The type of scene that represents the body of this scene.
  associatedtype Body: Scene

  /// The content and behavior of the scene.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

// As for views: a primitive scene's `body` is not part of the public interface.
@_spi(PrimitiveViews)
extension Scene where Self.Body == Never {
  /// Primitive scenes have no body; the runtime never asks for one.
  public var body: Never { fatalError("\(Self.self) is a primitive scene and has no body") }
}

/// A result builder for composing a collection of scenes into a single composite scene.
@resultBuilder
public struct SceneBuilder {
  /// Builds an expression within the builder.
  public static func buildExpression<Content>(_ content: Content) -> Content
  where Content: Scene {
    content
  }

  /// Passes a single scene written as a child scene through unmodified.
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
    content
  }
}

@available(*, unavailable)
extension SceneBuilder: Sendable {}

/// A scene that presents a group of identically structured windows.
@MainActor @preconcurrency
public struct WindowGroup<Content>: Scene where Content: View {
  nonisolated(unsafe) let content: Content

  /// Creates a window group.
  nonisolated public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  /// A window group has no body of its own.
  public typealias Body = Never
}

@available(*, unavailable)
extension WindowGroup: Sendable {}
