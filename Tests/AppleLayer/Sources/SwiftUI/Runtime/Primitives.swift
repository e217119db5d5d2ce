// Not part of Apple's SwiftUI: how the `ViewRuntime` sees the built-in views. A primitive view
// has no body; it hands the runtime its children instead.

import Foundation

@MainActor
protocol PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec]
}

/// Work a modifier does when its position appears, re-renders and disappears; the runtime runs
/// it after the render pass, never while a body is running.
@MainActor
protocol NodeEffects {
  func appear(_ node: ViewNode)
  func rendered(_ node: ViewNode)
  func disappear(_ node: ViewNode)
}

/// A property wrapper whose storage the runtime binds to a node.
@MainActor
protocol RuntimeBindable {
  func bind(to node: ViewNode, slot: String)
}

extension EmptyView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] { [] }
}

extension Text: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] { [] }
}

extension ProgressView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] { [] }
}

extension TupleView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple else {
      guard let view = value as? any View else { return [] }
      return [ChildSpec(position: .index(0), view: view, environment: environment)]
    }
    return mirror.children.enumerated().compactMap { index, child in
      guard let view = child.value as? any View else { return nil }
      return ChildSpec(position: .index(index), view: view, environment: environment)
    }
  }
}

extension _ConditionalContent: PrimitiveView where TrueContent: View, FalseContent: View {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    switch storage {
    case .trueContent(let view):
      return [ChildSpec(position: .trueBranch, view: view, environment: environment)]
    case .falseContent(let view):
      return [ChildSpec(position: .falseBranch, view: view, environment: environment)]
    }
  }
}

extension Optional: PrimitiveView where Wrapped: View {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    guard let view = self else { return [] }
    return [ChildSpec(position: .some, view: view, environment: environment)]
  }
}

extension AnyView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    // The child's key carries the erased view's type: a new type is a new identity.
    [ChildSpec(position: .content, view: content, environment: environment)]
  }
}

extension Group: PrimitiveView where Content: View {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: content, environment: environment)]
  }
}

extension VStack: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: content, environment: environment)]
  }
}

extension HStack: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: content, environment: environment)]
  }
}

extension List: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: content, environment: environment)]
  }
}

extension Button: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: label, environment: environment)]
  }
}

/// A view whose action `ViewRuntime.tap(_:)` can run; `nil` when it is disabled.
@MainActor
protocol TappableView {
  func tapAction(in node: ViewNode) -> (@MainActor () -> Void)?
}

extension Button: TappableView {
  func tapAction(in node: ViewNode) -> (@MainActor () -> Void)? { action }
}

extension ForEach: PrimitiveView where Content: View {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    var seen: Set<AnyHashable> = []
    var specs: [ChildSpec] = []
    for element in data {
      let id = AnyHashable(idOf(element))
      if !seen.insert(id).inserted {
        node.signal.record(
          "ForEach<\(Data.self), \(ID.self)>: the ID \(id.base) occurs more than once in \(node.path)"
        )
        continue
      }
      specs.append(ChildSpec(position: .item(id), view: content(element), environment: environment))
    }
    return specs
  }
}

extension EnvironmentWritingView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    var modified = environment
    transform(&modified)
    return [ChildSpec(position: .content, view: content, environment: modified)]
  }
}

extension IDView: PrimitiveView {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .explicit(AnyHashable(id)), view: content, environment: environment)]
  }
}

extension AppearanceView: PrimitiveView, NodeEffects {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: content, environment: environment)]
  }

  func appear(_ node: ViewNode) { appear?() }
  func rendered(_ node: ViewNode) {}
  func disappear(_ node: ViewNode) { disappear?() }
}

extension TaskView: PrimitiveView, NodeEffects {
  func children(in environment: EnvironmentValues, node: ViewNode) -> [ChildSpec] {
    [ChildSpec(position: .content, view: content, environment: environment)]
  }

  func appear(_ node: ViewNode) {
    start(in: node)
  }

  func rendered(_ node: ViewNode) {
    guard let id, let previous = node.taskID, !id.isEqual(previous.value) else { return }
    node.task?.cancel()
    start(in: node)
  }

  func disappear(_ node: ViewNode) {
    node.task?.cancel()
    node.task = nil
  }

  private func start(in node: ViewNode) {
    let action = self.action
    node.taskID = id
    node.task = Task(priority: priority) { @MainActor in await action() }
  }
}

extension State: RuntimeBindable {
  func bind(to node: ViewNode, slot: String) {
    if let box = node.storage[slot] as? StateBox<Value> {
      // A later view value at this identity: its initial value is discarded.
      location.box = box
    } else {
      let box = StateBox(location.initialValue, invalidator: node.invalidator, slot: slot)
      node.storage[slot] = box
      location.box = box
    }
    node.track(location)
  }
}

extension Environment: RuntimeBindable {
  func bind(to node: ViewNode, slot: String) {
    location.values = node.environment
    node.track(location)
  }
}

extension StateObject: RuntimeBindable {
  func bind(to node: ViewNode, slot: String) {
    if let box = node.storage[slot] as? StateObjectBox<ObjectType> {
      location.box = box
    } else {
      // The autoclosure runs once per identity.
      let box = StateObjectBox(location.thunk())
      let invalidator = node.invalidator
      let type = String(describing: ObjectType.self)
      box.subscription = box.object.objectWillChange.sink { _ in
        invalidator.invalidate(.objectWillChange(type: type))
      }
      node.storage[slot] = box
      location.box = box
    }
    node.track(location)
  }
}

extension ObservedObject: RuntimeBindable {
  func bind(to node: ViewNode, slot: String) {
    let object = wrappedValue
    if let box = node.storage[slot] as? ObservedObjectBox, box.objectID == ObjectIdentifier(object)
    {
      return
    }
    let box = ObservedObjectBox(objectID: ObjectIdentifier(object))
    let invalidator = node.invalidator
    let type = String(describing: ObjectType.self)
    box.subscription = object.objectWillChange.sink { _ in
      invalidator.invalidate(.objectWillChange(type: type))
    }
    // Replacing the box cancels the subscription to the previous object.
    node.storage[slot] = box
  }
}
