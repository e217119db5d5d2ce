// Not part of Apple's SwiftUI: a small runtime that mounts stand-in views and behaves like
// SwiftUI where tests of view-facing code depend on it.

import Foundation
import Observation

#if canImport(UIKit)
  import UIKit
#endif

/// Mounts a view tree and renders it the way SwiftUI does where it matters for tests. Not part
/// of Apple's SwiftUI.
///
/// - Identity is structural: one node per view position (child index and view type through
///   `TupleView`, `_ConditionalContent`, `Optional`, `AnyView` — whose erased type is part of
///   the identity —, `Group`, stacks, `ForEach` by element id, and modifiers), or explicit with
///   `.id(_:)`.
/// - `@State`, `@StateObject`, `@ObservedObject` and `@Environment` are found by reflection on
///   each view value (also inside other `DynamicProperty` values) and bound to the storage kept
///   for the node's identity: the first view value's initial state is kept, later ones are
///   discarded; a `@StateObject`'s autoclosure runs once per identity.
/// - Before each body, `update()` is called on every dynamic property, nested ones first. It is
///   called on a copy (the runtime cannot write back into the view value), which is enough for
///   properties that keep their state in references, as SwiftUI's do.
/// - Each body runs inside `withObservationTracking`; a change to anything it read invalidates
///   the node. Earlier renders' tracking stays installed (Observation cannot cancel it); a stale
///   one firing invalidates again, as in SwiftUI.
/// - A parent's render re-creates its children's view values and re-evaluates their bodies,
///   every time: there is no equality check that skips unchanged children.
/// - A removed view's state is released at once: its storage is dropped, its tasks cancelled,
///   its `onDisappear` run, so objects kept only in its `@State` are deinitialized.
/// - Invalidations made while a body or an `update()` runs are recorded in ``violations``, as
///   SwiftUI warns about them ("Publishing changes from within view updates").
///
/// Invalidated nodes are re-rendered by ``flush()``, the stand-in for the end of a run-loop
/// turn; nothing re-renders on its own.
@MainActor
public final class ViewRuntime {
  /// The most passes ``flush()`` makes before it gives up and records a violation.
  public static let maximumFlushPasses = 100

  private let signal = RuntimeSignal()
  private let host: ViewNode
  private let rootEnvironment: EnvironmentValues
  private var rootView: any View
  private var nextNodeID = 1
  private var nodes: [Int: ViewNode] = [:]
  private var isRendering = false
  private var appeared: [ViewNode] = []
  private var rerendered: [ViewNode] = []
  private var removed: [ViewNode] = []
  private var countsByPath: [String: Int] = [:]
  private var countsByType: [ObjectIdentifier: Int] = [:]
  private var startedTasks: [Task<Void, Never>] = []

  /// Mounts `root` and renders it once.
  ///
  /// - Parameters:
  ///   - root: The root view.
  ///   - environment: The environment the root view sees.
  public init(_ root: some View, environment: EnvironmentValues = EnvironmentValues()) {
    rootView = root
    rootEnvironment = environment
    host = ViewNode(
      id: 0, key: ChildKey(position: .root, type: ObjectIdentifier(EmptyView.self)), path: "",
      depth: -1, signal: signal, view: EmptyView(), environment: environment)
    render()
  }

  /// Mounts the content of the first window `app` shows (its first `WindowGroup`), as the
  /// app's launch would, and renders it once.
  ///
  /// - Parameters:
  ///   - app: The app.
  ///   - environment: The environment the window's content sees.
  public convenience init(app: some App, environment: EnvironmentValues = EnvironmentValues()) {
    guard let content = firstWindowContent(of: app.body) else {
      self.init(EmptyView(), environment: environment)
      signal.record("ViewRuntime(app:): \(type(of: app)) shows no window")
      return
    }
    self.init(content, environment: environment)
  }

  // MARK: Rendering

  /// Re-renders the whole tree from the current root value, as a re-render of the root's
  /// parent would: every body is evaluated again, with new view values for every child.
  public func render() {
    pass {
      reconcile(host, [ChildSpec(position: .root, view: rootView, environment: rootEnvironment)])
    }
  }

  /// Replaces the root view value and re-renders the tree; a root of another type is a new
  /// identity.
  public func setRoot(_ newRootValue: some View) {
    rootView = newRootValue
    render()
  }

  /// Re-renders every invalidated node, top-down, until nothing is invalidated; like the end of
  /// a run-loop turn. Records a violation if the tree has not settled after
  /// ``maximumFlushPasses`` passes.
  public func flush() {
    for _ in 0..<ViewRuntime.maximumFlushPasses {
      let invalid = signal.takePending().compactMap { nodes[$0] }.filter(\.isMounted)
      guard !invalid.isEmpty else { return }
      let ordered = invalid.sorted { $0.depth < $1.depth }
      var done: Set<Int> = []
      pass {
        for node in ordered where node.isMounted && !done.contains(node.id) {
          render(node, view: node.view, environment: node.environment)
          markRendered(node, in: &done)
        }
      }
    }
    let still = signal.takePending().compactMap { nodes[$0]?.path }
    guard !still.isEmpty else { return }
    signal.record(
      "flush(): the tree did not settle after \(ViewRuntime.maximumFlushPasses) passes; still"
        + " invalidated: \(still.joined(separator: ", "))")
  }

  /// Removes every view: their state is released, their tasks cancelled and their
  /// `onDisappear` actions run. The root view value is let go of too; ``setRoot(_:)`` mounts a
  /// new one.
  public func unmount() {
    rootView = EmptyView()
    pass { reconcile(host, []) }
  }

  // MARK: Inspecting

  /// The text of every `Text` in the tree, in order.
  public var texts: [String] {
    var result: [String] = []
    walk { node, _ in if let text = exactly(node.view, Text.self) { result.append(text.content) } }
    return result
  }

  /// The mounted tree, one line per node, indented by depth; `Text`s show their content.
  public var lines: [String] {
    var result: [String] = []
    walk { node, depth in
      var line =
        String(repeating: "  ", count: depth) + Self.component(node.key.position, node.view)
      if let text = exactly(node.view, Text.self) { line += " \"\(text.content)\"" }
      result.append(line)
    }
    return result
  }

  /// The paths of the mounted nodes, in order (`Root/VStack/TupleView/0:Counter`).
  public var paths: [String] {
    var result: [String] = []
    walk { node, _ in result.append(node.path) }
    return result
  }

  /// How many times bodies of views of type `type` were evaluated, at any position.
  public func bodyCount<V: View>(of type: V.Type) -> Int {
    countsByType[ObjectIdentifier(type), default: 0]
  }

  /// How many times the body at `path` was evaluated (counted by path: a view removed and
  /// mounted again at the same path adds to the same count).
  public func bodyCount(atPath path: String) -> Int {
    countsByPath[path, default: 0]
  }

  /// Body evaluations by path.
  public var bodyCounts: [String: Int] { countsByPath }

  /// Body evaluations in all.
  public var totalBodyCount: Int { countsByPath.values.reduce(0, +) }

  /// How many views of type `type` are mounted now.
  public func mountedCount<V: View>(of type: V.Type) -> Int {
    var count = 0
    walk { node, _ in if Swift.type(of: node.view) == type { count += 1 } }
    return count
  }

  /// Invalidated nodes waiting for ``flush()``.
  public var pendingInvalidations: Int { signal.pendingCount }

  /// What SwiftUI would warn about: changes published or state modified while a body or an
  /// `update()` was running, with the node that was running; a `ForEach` with duplicate ids; a
  /// ``flush()`` that did not settle.
  public var violations: [String] { signal.violations }

  // MARK: Interacting

  /// Runs the action of the `Button` whose label's texts, joined by spaces, are `buttonTitle`.
  /// Nothing re-renders until ``flush()``.
  ///
  /// - Throws: ``ViewRuntimeError`` when no button, or more than one, has that title.
  public func tap(_ buttonTitle: String) throws {
    var matches: [(@MainActor () -> Void)?] = []
    walk { node, _ in
      guard let button = exactly(node.view, (any TappableView).self) else { return }
      if self.texts(under: node).joined(separator: " ") == buttonTitle {
        matches.append(button.tapAction(in: node))
      }
    }
    guard matches.count == 1 else {
      throw ViewRuntimeError(
        description: "\(matches.count) buttons titled \"\(buttonTitle)\"; buttons: "
          + buttonTitles.map { "\"\($0)\"" }.joined(separator: ", "))
    }
    guard let action = matches[0] else {
      throw ViewRuntimeError(description: "the button titled \"\(buttonTitle)\" is disabled")
    }
    action()
  }

  /// Pops the top view of the innermost navigation stack that has pushed views, as its back
  /// button does: through the stack's path binding. Nothing re-renders until ``flush()``.
  ///
  /// - Throws: ``ViewRuntimeError`` when no mounted stack has a pushed view.
  public func navigateBack() throws {
    var stacks: [(ViewNode, any PoppableStack)] = []
    walk { node, _ in
      if let stack = exactly(node.view, (any PoppableStack).self) { stacks.append((node, stack)) }
    }
    for (node, stack) in stacks.reversed() where stack.popLast(node: node) { return }
    throw ViewRuntimeError(description: "no navigation stack has a view to pop")
  }

  /// Dismisses the innermost presented sheet, as a swipe down does: through its binding, so
  /// its `onDismiss` runs after the next render. Nothing re-renders until ``flush()``.
  ///
  /// - Throws: ``ViewRuntimeError`` when no sheet is presented.
  public func dismissSheet() throws {
    var sheets: [any DismissibleSheet] = []
    walk { node, _ in
      if let sheet = exactly(node.view, (any DismissibleSheet).self), sheet.isShowingSheet {
        sheets.append(sheet)
      }
    }
    guard let sheet = sheets.last else {
      throw ViewRuntimeError(description: "no sheet is presented")
    }
    sheet.dismissSheet()
  }

  /// Replaces the text of the `TextField` titled `fieldTitle`, as typing would: through its
  /// binding. Nothing re-renders until ``flush()``.
  ///
  /// - Throws: ``ViewRuntimeError`` when no field, or more than one, has that title.
  public func typeText(_ text: String, into fieldTitle: String) throws {
    var matches: [Binding<String>] = []
    walk { node, _ in
      if let field = exactly(node.view, (any TextInput).self), field.fieldTitle == fieldTitle {
        matches.append(field.fieldText)
      }
    }
    guard matches.count == 1 else {
      throw ViewRuntimeError(
        description: "\(matches.count) text fields titled \"\(fieldTitle)\"; fields: "
          + textFields.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
    }
    matches[0].wrappedValue = text
  }

  /// The mounted text fields' texts, by title.
  public var textFields: [String: String] {
    var result: [String: String] = [:]
    walk { node, _ in
      if let field = exactly(node.view, (any TextInput).self) {
        result[field.fieldTitle] = field.fieldText.wrappedValue
      }
    }
    return result
  }

  /// The titles of the mounted buttons, in order.
  public var buttonTitles: [String] {
    var result: [String] = []
    walk { node, _ in
      if exactly(node.view, (any TappableView).self) != nil {
        result.append(self.texts(under: node).joined(separator: " "))
      }
    }
    return result
  }

  #if canImport(UIKit)
    /// The view controllers of the mounted `UIViewControllerRepresentable`s, in order.
    public var viewControllers: [UIViewController] {
      var result: [UIViewController] = []
      walk { node, _ in
        for box in node.storage.values {
          if let hosted = box as? any HostedControllerBox { result.append(hosted.hostedController) }
        }
      }
      return result
    }
  #endif

  /// Tasks started by `.task` modifiers and not cancelled by the runtime.
  public var activeTaskCount: Int {
    var count = 0
    walk { node, _ in if let task = node.task, !task.isCancelled { count += 1 } }
    return count
  }

  /// Waits for every task a `.task` modifier ever started here to end (cancelled ones end when
  /// their action notices). Waits forever for a task that never ends.
  public func waitForTasks() async {
    let tasks = startedTasks
    for task in tasks { await task.value }
  }

  // MARK: Internals

  private func pass(_ work: () -> Void) {
    precondition(!isRendering, "ViewRuntime: render() or flush() called while rendering")
    isRendering = true
    work()
    isRendering = false
    runEffects()
  }

  private func markRendered(_ node: ViewNode, in done: inout Set<Int>) {
    done.insert(node.id)
    for child in node.children { markRendered(child, in: &done) }
  }

  private func render(_ node: ViewNode, view: any View, environment: EnvironmentValues) {
    node.view = view
    node.environment = environment
    signal.clear(node.id)
    let specs: [ChildSpec]
    if let primitive = view as? any PrimitiveView {
      specs = primitive.children(in: environment, node: node)
    } else if let hosted = Self.representable(view) {
      specs = hosted.runtimeChildren(in: environment, node: node)
    } else {
      specs = [ChildSpec(position: .body, view: evaluateBody(of: node), environment: environment)]
    }
    reconcile(node, specs)
  }

  private func reconcile(_ node: ViewNode, _ specs: [ChildSpec]) {
    var existing: [ChildKey: ViewNode] = [:]
    for child in node.children { existing[child.key] = child }
    var children: [ViewNode] = []
    for spec in specs {
      let key = ChildKey(position: spec.position, type: ObjectIdentifier(type(of: spec.view)))
      if let child = existing.removeValue(forKey: key) {
        children.append(child)
        render(child, view: spec.view, environment: spec.environment)
        if Self.effects(of: child.view) != nil { rerendered.append(child) }
      } else {
        let child = mount(key: key, spec: spec, parent: node)
        children.append(child)
        appeared.append(child)
        render(child, view: spec.view, environment: spec.environment)
      }
    }
    for child in node.children where existing[child.key] === child { remove(child) }
    node.children = children
  }

  private func mount(key: ChildKey, spec: ChildSpec, parent: ViewNode) -> ViewNode {
    let component = Self.component(spec.position, spec.view)
    let path = parent.path.isEmpty ? component : parent.path + "/" + component
    let node = ViewNode(
      id: nextNodeID, key: key, path: path, depth: parent.depth + 1, signal: signal,
      view: spec.view, environment: spec.environment)
    nextNodeID += 1
    nodes[node.id] = node
    return node
  }

  private func remove(_ node: ViewNode) {
    for child in node.children { remove(child) }
    node.isMounted = false
    nodes[node.id] = nil
    signal.clear(node.id)
    removed.append(node)
  }

  /// Runs what modifiers do on appearing, re-rendering and disappearing, after the pass: never
  /// while a body is running.
  private func runEffects() {
    while !removed.isEmpty || !appeared.isEmpty || !rerendered.isEmpty {
      let removed = self.removed
      let appeared = self.appeared
      let rerendered = self.rerendered
      self.removed = []
      self.appeared = []
      self.rerendered = []
      for node in removed {
        Self.effects(of: node.view)?.disappear(node)
        node.task?.cancel()
        node.task = nil
        node.release()
      }
      for node in appeared where node.isMounted {
        Self.effects(of: node.view)?.appear(node)
        if let task = node.task { startedTasks.append(task) }
      }
      for node in rerendered where node.isMounted {
        let before = node.task
        Self.effects(of: node.view)?.rendered(node)
        if let task = node.task, task != before { startedTasks.append(task) }
      }
    }
  }

  private func evaluateBody(of node: ViewNode) -> any View {
    // Installing the dynamic properties (a `@StateObject`'s autoclosure runs here) and their
    // `update()` are part of the view update, as in SwiftUI.
    signal.enter("update() of \(node.path)")
    var properties: [any DynamicProperty] = []
    bindProperties(of: node.view, prefix: "", node: node, collecting: &properties)
    for var property in properties { property.update() }
    signal.leave()

    countsByPath[node.path, default: 0] += 1
    countsByType[ObjectIdentifier(type(of: node.view)), default: 0] += 1
    let invalidator = node.invalidator
    let view = node.view
    signal.enter("body of \(node.path)")
    let body = withObservationTracking {
      Self.body(of: view)
    } onChange: {
      invalidator.invalidate(.observation)
    }
    signal.leave()
    return body
  }

  private static func body<V: View>(of view: V) -> any View { view.body }

  /// What a view does on appearing, re-rendering and disappearing, if anything.
  private static func effects(of view: any View) -> (any NodeEffects)? {
    if let effects = exactly(view, (any NodeEffects).self) { return effects }
    #if canImport(UIKit)
      if let hosted = representable(view) { return RepresentableEffects(view: hosted) }
    #endif
    return nil
  }

  #if canImport(UIKit)
    /// The UIKit view controller a view hosts, if it is a representable.
    private static func representable(_ view: any View) -> (any UIViewControllerRepresentable)? {
      exactly(view, (any UIViewControllerRepresentable).self)
    }
  #else
    /// No view hosts a UIKit view controller where UIKit does not exist.
    private static func representable(_ view: any View) -> NoRepresentable? { nil }
  #endif

  /// Binds the runtime-managed wrappers among `value`'s stored properties, recursing into other
  /// dynamic properties; collects every dynamic property, nested ones first.
  private func bindProperties(
    of value: Any, prefix: String, node: ViewNode,
    collecting properties: inout [any DynamicProperty]
  ) {
    for (index, child) in Mirror(reflecting: value).children.enumerated() {
      let label = child.label ?? "\(index)"
      let slot = prefix.isEmpty ? label : prefix + "." + label
      guard let property = exactly(child.value, (any DynamicProperty).self) else { continue }
      if let bindable = property as? any RuntimeBindable {
        bindable.bind(to: node, slot: slot)
      } else {
        bindProperties(of: property, prefix: slot, node: node, collecting: &properties)
      }
      properties.append(property)
    }
  }

  private func walk(_ visit: (ViewNode, Int) -> Void) {
    func go(_ node: ViewNode, _ depth: Int) {
      visit(node, depth)
      for child in node.children { go(child, depth + 1) }
    }
    for child in host.children { go(child, 0) }
  }

  private func texts(under node: ViewNode) -> [String] {
    var result: [String] = []
    func go(_ node: ViewNode) {
      if let text = exactly(node.view, Text.self) { result.append(text.content) }
      for child in node.children { go(child) }
    }
    go(node)
    return result
  }

  private static func component(_ position: Position, _ view: any View) -> String {
    let full = String(describing: type(of: view))
    let name = full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    switch position {
    case .root, .body, .content, .some: return name
    case .index(let index): return "\(index):\(name)"
    case .trueBranch: return "true:\(name)"
    case .falseBranch: return "false:\(name)"
    case .item(let id): return "[\(id.base)]:\(name)"
    case .explicit(let id): return "id(\(id.base)):\(name)"
    case .pushed(let depth, let value): return "push[\(depth)](\(value.base)):\(name)"
    case .presented: return "sheet:\(name)"
    }
  }
}

/// `value as? T`, except that an `Optional` is never unwrapped to match: an `Optional<Text>`
/// node is not a `Text`.
func exactly<T>(_ value: Any, _ type: T.Type) -> T? {
  guard Mirror(reflecting: value).displayStyle != .optional else { return nil }
  return value as? T
}

/// A failed interaction with a ``ViewRuntime``. Not part of Apple's SwiftUI.
public struct ViewRuntimeError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
}

#if !canImport(UIKit)
  /// Stands for a representable where UIKit does not exist; never made.
  struct NoRepresentable {
    func runtimeChildren(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] { [] }
  }
#endif
