import Registry
import SwiftUI

/// What was built and disposed, in order, by name.
@MainActor
final class Tally {
  private(set) var created: [String] = []
  private(set) var disposed: [String] = []

  func create(_ name: String) { created.append(name) }
  func dispose(_ name: String) { disposed.append(name) }
}

/// A counter that writes its creation and disposal into a ``Tally``.
@MainActor
class TallyViewModel: StateViewModel<Int> {
  let name: String
  let tally: Tally

  init(_ name: String, tally: Tally) {
    self.name = name
    self.tally = tally
    super.init(state: 0)
  }

  override func onCreate(_ arg: InstanceArg) { tally.create(name) }
  override func onDispose(_ arg: InstanceArg) { tally.dispose(name) }

  func increment() { setState(state + 1) }
}

/// A counter that changes its own state in `onCreate`, while the body that built it runs.
@MainActor
final class EagerViewModel: TallyViewModel {
  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    increment()
  }
}

/// A model with two independent parts, for selectors.
struct Profile: Equatable {
  var names: [String]
  var visits = 0
}

@MainActor
final class ProfileViewModel: StateViewModel<Profile> {
  init(names: [String]) { super.init(state: Profile(names: names)) }
}

/// An app model that is not `Hashable`, as most are.
struct Item {
  let id: Int
  let title: String
}

/// A place to keep what a body hands out (a binding, an instance) for the test to use.
@MainActor
final class Captured<Value> {
  var value: Value?
}

/// Shows its content or not: a parent that adds and removes a child view.
struct Toggle<Content: View>: View {
  let show: Bool
  let content: () -> Content

  var body: some View {
    if show { content() } else { Text("nothing") }
  }
}
