// Not part of Apple's SwiftUI: how the `ViewRuntime` shows navigation stacks, sheets and text
// fields, and what its `navigateBack()`, `dismissSheet()` and `typeText(_:into:)` act on.

/// What a navigation stack shares with the views inside it: its path and the destinations its
/// content declared during the last render.
@MainActor
final class NavigationContext {
  var path: NavigationPathAccess
  var destinations: [ObjectIdentifier: (Any) -> AnyView?] = [:]

  init(path: NavigationPathAccess) {
    self.path = path
  }

  var depth: Int { path.elements().count }

  /// Removes every view pushed at `depth` or above, as dismissing the view at `depth` does.
  func pop(from depth: Int) {
    let count = self.depth
    if count > depth { path.removeLast(count - depth) }
  }
}

private struct NavigationContextKey: EnvironmentKey {
  static var defaultValue: NavigationContext? { nil }
}

extension EnvironmentValues {
  /// The navigation stack a view is inside, if any.
  var navigationContext: NavigationContext? {
    get { self[NavigationContextKey.self] }
    set { self[NavigationContextKey.self] = newValue }
  }
}

extension NavigationStack: PrimitiveView {
  static var contextSlot: String { "navigationStack" }

  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    let context: NavigationContext
    if let existing = node.storage[Self.contextSlot] as? NavigationContext {
      existing.path = path
      context = existing
    } else {
      context = NavigationContext(path: path)
      node.storage[Self.contextSlot] = context
    }
    // The root declares the destinations again on this render, before the pushed views
    // (rendered after it) look them up.
    context.destinations = [:]
    var inner = environment
    inner.navigationContext = context
    var specs = [ChildSpec(position: .content, view: root, environment: inner)]
    for (depth, value) in path.elements().enumerated() {
      var pushed = inner
      pushed.dismissAction = DismissAction { [weak context] in context?.pop(from: depth) }
      specs.append(
        ChildSpec(
          position: .pushed(depth: depth, value: value),
          view: PushedView(context: context, value: value), environment: pushed))
    }
    return specs
  }
}

/// A navigation stack the runtime's `navigateBack()` can pop.
@MainActor
protocol PoppableStack {
  func popLast(node: ViewNode) -> Bool
}

extension NavigationStack: PoppableStack {
  func popLast(node: ViewNode) -> Bool {
    guard let context = node.storage[Self.contextSlot] as? NavigationContext, context.depth > 0
    else { return false }
    context.pop(from: context.depth - 1)
    return true
  }
}

/// The view pushed for one element of a stack's path: the destination declared for the
/// element's type.
struct PushedView: View {
  typealias Body = Never
  let context: NavigationContext
  let value: AnyHashable
}

extension PushedView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    let type = Swift.type(of: value.base)
    guard let destination = context.destinations[ObjectIdentifier(type)]?(value.base) else {
      node.signal.record(
        "A NavigationLink is presenting a value of type \(type) but there is no matching"
          + " navigationDestination declaration visible from the location of the link"
          + " (\(node.path))")
      return []
    }
    return [ChildSpec(position: .content, view: destination, environment: environment)]
  }
}

extension NavigationDestinationView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    // Outside a navigation stack the declaration means nothing, as in SwiftUI.
    environment.navigationContext?.destinations[ObjectIdentifier(dataType)] = destination
    return [ChildSpec(position: .content, view: content, environment: environment)]
  }
}

extension NavigationLink: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: label, environment: environment)]
  }
}

extension NavigationLink: TappableView {
  func tapAction(in node: ViewNode) -> (@MainActor () -> Void)? {
    // A link without a value, or outside a navigation stack, is disabled.
    guard let value, let context = node.environment.navigationContext else { return nil }
    return {
      guard context.path.append(value) else {
        node.signal.record(
          "A NavigationLink is presenting a value of type \(Swift.type(of: value.base)) but the"
            + " navigation stack's path holds \(context.path.elementType) (\(node.path))")
        return
      }
    }
  }
}

/// What a sheet remembers between renders: whether it was presented, and whether it was
/// dismissed since its last render's effects ran.
@MainActor
final class SheetState {
  var wasPresented = false
  var dismissedPendingCallback = false
}

extension SheetView: PrimitiveView, NodeEffects {
  static var stateSlot: String { "sheet" }

  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    let state = node.storage[Self.stateSlot] as? SheetState ?? SheetState()
    node.storage[Self.stateSlot] = state
    let presented = isPresented.wrappedValue
    if state.wasPresented && !presented { state.dismissedPendingCallback = true }
    state.wasPresented = presented
    var specs = [ChildSpec(position: .content, view: content, environment: environment)]
    if presented {
      var presentedEnvironment = environment
      let isPresented = self.isPresented
      presentedEnvironment.dismissAction = DismissAction { isPresented.wrappedValue = false }
      specs.append(
        ChildSpec(position: .presented, view: sheet(), environment: presentedEnvironment))
    }
    return specs
  }

  func appear(_ node: ViewNode) {}

  func rendered(_ node: ViewNode) {
    guard let state = node.storage[Self.stateSlot] as? SheetState,
      state.dismissedPendingCallback
    else { return }
    state.dismissedPendingCallback = false
    onDismiss?()
  }

  func disappear(_ node: ViewNode) {}
}

/// A sheet the runtime's `dismissSheet()` can dismiss, as a swipe down does.
@MainActor
protocol DismissibleSheet {
  var isShowingSheet: Bool { get }
  func dismissSheet()
}

extension SheetView: DismissibleSheet {
  var isShowingSheet: Bool { isPresented.wrappedValue }
  func dismissSheet() { isPresented.wrappedValue = false }
}

extension TextField: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] { [] }
}

/// A field the runtime's `typeText(_:into:)` can type into.
@MainActor
protocol TextInput {
  var fieldTitle: String { get }
  var fieldText: Binding<String> { get }
}

extension TextField: TextInput {
  var fieldTitle: String { title }
  var fieldText: Binding<String> { text }
}

/// A scene whose window shows one view: what `ViewRuntime(app:)` mounts.
@MainActor
protocol WindowContentScene {
  var windowContent: any View { get }
}

extension WindowGroup: WindowContentScene {
  var windowContent: any View { content }
}

/// The content of the first window `scene` shows, through scenes made of other scenes.
@MainActor
func firstWindowContent<S: Scene>(of scene: S) -> (any View)? {
  if let window = scene as? any WindowContentScene { return window.windowContent }
  if S.Body.self == Never.self { return nil }
  return firstWindowContent(of: scene.body)
}
