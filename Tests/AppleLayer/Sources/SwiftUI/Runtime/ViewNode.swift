// Not part of Apple's SwiftUI: the nodes of the `ViewRuntime`'s view tree.

/// Where a child sits in its parent: with the child's type, its structural identity.
enum Position: Hashable {
  case root
  /// A custom view's body.
  case body
  /// The single content of a container or modifier.
  case content
  /// An element of a `TupleView`.
  case index(Int)
  case trueBranch
  case falseBranch
  /// The content of a non-nil `Optional`.
  case some
  /// A `ForEach` element, by its id.
  case item(AnyHashable)
  /// A view given an explicit identity with `.id(_:)`.
  case explicit(AnyHashable)
  /// The view a navigation stack shows for the element of its path at `depth`: another value
  /// there is another view.
  case pushed(depth: Int, value: AnyHashable)
  /// The content of a presented sheet.
  case presented
}

/// A child a primitive view or a body produced during a render.
struct ChildSpec {
  let position: Position
  let view: any View
  let environment: EnvironmentValues
}

struct ChildKey: Hashable {
  let position: Position
  let type: ObjectIdentifier
}

/// One view position: its current view value, its environment, its children and the state kept
/// for its identity.
@MainActor
final class ViewNode {
  let id: Int
  let key: ChildKey
  let path: String
  let depth: Int
  let signal: RuntimeSignal
  var view: any View
  var environment: EnvironmentValues
  var children: [ViewNode] = []
  var isMounted = true

  /// The storage kept for this identity, by property path (`_counter._box`).
  var storage: [String: AnyObject] = [:]
  /// Every location bound to that storage, unbound when the node is removed.
  private var locations: [WeakLocation] = []

  /// The task a `.task` modifier at this position runs, and the id it was started for.
  var task: Task<Void, Never>?
  var taskID: TaskID?

  init(
    id: Int, key: ChildKey, path: String, depth: Int, signal: RuntimeSignal, view: any View,
    environment: EnvironmentValues
  ) {
    self.id = id
    self.key = key
    self.path = path
    self.depth = depth
    self.signal = signal
    self.view = view
    self.environment = environment
  }

  var invalidator: Invalidator { Invalidator(signal: signal, nodeID: id, path: path) }

  func track(_ location: some UnbindableLocation) {
    locations.removeAll { $0.location == nil || $0.location === location }
    locations.append(WeakLocation(location: location))
  }

  /// Lets go of everything kept for this identity.
  func release() {
    for entry in locations { entry.location?.unbind() }
    locations.removeAll()
    storage.removeAll()
    view = EmptyView()
    children.removeAll()
  }
}

private struct WeakLocation {
  weak var location: (any UnbindableLocation)?
}
