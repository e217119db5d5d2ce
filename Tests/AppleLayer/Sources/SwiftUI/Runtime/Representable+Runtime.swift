// Not part of Apple's SwiftUI: how the `ViewRuntime` hosts a UIKit view controller.
#if canImport(UIKit)
  import UIKit

  /// A representable's storage, whatever its type: what `ViewRuntime.viewControllers` lists.
  @MainActor
  protocol HostedControllerBox: AnyObject {
    var hostedController: UIViewController { get }
  }

  /// What a representable keeps for its identity: its controller and coordinator.
  @MainActor
  final class RepresentableBox<Representable: UIViewControllerRepresentable>: HostedControllerBox {
    let controller: Representable.UIViewControllerType
    let coordinator: Representable.Coordinator

    init(
      controller: Representable.UIViewControllerType, coordinator: Representable.Coordinator
    ) {
      self.controller = controller
      self.coordinator = coordinator
    }

    var hostedController: UIViewController { controller }
  }

  extension UIViewControllerRepresentable {
    private static var boxSlot: String { "representable" }

    /// Makes the coordinator and the controller once per identity, as the view update does in
    /// SwiftUI, then updates the controller (right after making it, and on every render).
    func runtimeChildren(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
      if let box = node.storage[Self.boxSlot] as? RepresentableBox<Self> {
        updateUIViewController(
          box.controller,
          context: Context(coordinator: box.coordinator, environment: environment))
      } else {
        let coordinator = makeCoordinator()
        let context = Context(coordinator: coordinator, environment: environment)
        let controller = makeUIViewController(context: context)
        node.storage[Self.boxSlot] = RepresentableBox<Self>(
          controller: controller, coordinator: coordinator)
        updateUIViewController(controller, context: context)
      }
      return []
    }

    func runtimeAppear(_ node: ViewNode) {
      guard let box = node.storage[Self.boxSlot] as? RepresentableBox<Self> else { return }
      box.controller.beginAppearanceTransition(true, animated: false)
      box.controller.endAppearanceTransition()
    }

    func runtimeDisappear(_ node: ViewNode) {
      guard let box = node.storage[Self.boxSlot] as? RepresentableBox<Self> else { return }
      box.controller.beginAppearanceTransition(false, animated: false)
      box.controller.endAppearanceTransition()
      Self.dismantleUIViewController(box.controller, coordinator: box.coordinator)
    }
  }

  /// A representable's appearance and removal, run after the pass like other effects.
  struct RepresentableEffects: NodeEffects {
    let view: any UIViewControllerRepresentable

    func appear(_ node: ViewNode) { view.runtimeAppear(node) }
    func rendered(_ node: ViewNode) {}
    func disappear(_ node: ViewNode) { view.runtimeDisappear(node) }
  }
#endif
