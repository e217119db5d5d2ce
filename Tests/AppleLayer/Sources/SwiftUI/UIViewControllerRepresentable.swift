// SwiftUI declares the UIKit bridges where UIKit exists (not on macOS or watchOS).
#if canImport(UIKit)
  import UIKit

  /// A wrapper for a UIKit view controller that you use to integrate that view controller into
  /// your SwiftUI view hierarchy.
  ///
  /// A `ViewRuntime` makes the coordinator and the controller once per identity and updates the
  /// controller at once and on every render of the view; it tells the controller it appears and
  /// disappears, and dismantles and lets go of it when the view is removed.
  @MainActor @preconcurrency
  public protocol UIViewControllerRepresentable: View where Self.Body == Never {
    /// The type of view controller to present.
    associatedtype UIViewControllerType: UIViewController

    /// Creates the view controller object and configures its initial state.
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context)
      -> Self.UIViewControllerType

    /// Updates the state of the specified view controller with new information from SwiftUI.
    @MainActor @preconcurrency func updateUIViewController(
      _ uiViewController: Self.UIViewControllerType, context: Self.Context)

    /// Cleans up the presented view controller (and coordinator) in anticipation of their
    /// removal.
    @MainActor @preconcurrency static func dismantleUIViewController(
      _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)

    /// A type to coordinate with the view controller.
    associatedtype Coordinator = Void

    /// Creates the custom instance that you use to communicate changes from your view controller
    /// to other parts of your SwiftUI interface.
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator

    /// The context of the representable.
    typealias Context = UIViewControllerRepresentableContext<Self>
  }

  extension UIViewControllerRepresentable where Self.Coordinator == () {
    /// Creates no coordinator.
    @MainActor @preconcurrency public func makeCoordinator() -> Self.Coordinator { () }
  }

  extension UIViewControllerRepresentable {
    /// Does nothing by default.
    @MainActor @preconcurrency public static func dismantleUIViewController(
      _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator
    ) {}

    /// A representable has no body of its own.
    @MainActor @preconcurrency public var body: Never {
      fatalError("\(Self.self) is a primitive view and has no body")
    }
  }

  /// Contextual information about the state of the system that you use to create and update
  /// your UIKit view controller.
  @MainActor @preconcurrency
  public struct UIViewControllerRepresentableContext<Representable>
  where Representable: UIViewControllerRepresentable {
    /// The view's associated coordinator.
    @MainActor @preconcurrency public let coordinator: Representable.Coordinator

    /// Environment data that describes the current state of the system.
    @MainActor @preconcurrency public var environment: EnvironmentValues { values }

    private let values: EnvironmentValues

    init(coordinator: Representable.Coordinator, environment: EnvironmentValues) {
      self.coordinator = coordinator
      self.values = environment
    }
  }
#endif
