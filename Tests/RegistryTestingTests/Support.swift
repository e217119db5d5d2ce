import Dispatch
import Registry
import Testing

/// The service every parallel test swaps for its own.
@MainActor
final class GreetingViewModel: ViewModel {
  let owner: Int

  init(owner: Int) {
    self.owner = owner
  }
}

/// One keyed spec shared by every test in this target: each test proxies it differently.
let greetingSpec = ViewModelSpec(key: "greeting") { GreetingViewModel(owner: -1) }

/// A view model for the leak tests.
@MainActor
final class LeakyViewModel: ViewModel {}

let leakySpec = ViewModelSpec(key: "leaky") { LeakyViewModel() }

/// A second keyed spec, for tests that proxy two specs at different levels.
let farewellSpec = ViewModelSpec(key: "farewell") { GreetingViewModel(owner: -1) }

/// Keeps bindings alive past the end of a registry's scope, so that what they hold is left for
/// the leak check.
@MainActor
final class Keeper {
  var bindings: [ViewModelBinding] = []
}

/// Configures a churn threshold that ``churnKeys()`` crosses.
@MainActor
func configureTightChurn(_ registry: ViewModelRegistry) {
  registry.configure(
    config: ViewModelConfig(keyChurnWarning: KeyChurnThreshold(count: 2, window: .seconds(60))))
}

/// Replaces one view model six times from one binding, with a new key each time: key churn
/// once `tightChurn` is configured.
@MainActor
func churnKeys() {
  let screen = ViewModelBinding(label: "Screen")
  var shown: LeakyViewModel?
  for render in 0..<6 {
    let row = screen.watch(ViewModelSpec(key: "row\(render)") { LeakyViewModel() })
    if let shown { screen.unbind(shown) }
    shown = row
  }
  screen.dispose()
}

/// Whether `issue` is the key-churn message.
func isChurn(_ issue: Issue) -> Bool {
  issue.comments.contains { $0.rawValue.contains("were replaced") }
}

/// Whether `issue` is the leak check's message.
func isLeak(_ issue: Issue) -> Bool {
  issue.comments.contains { $0.rawValue.contains("outlived the scope") }
}

/// Carries a binding to another thread, so that its last reference goes away there.
final class Handoff: @unchecked Sendable {
  var binding: ViewModelBinding?
  init(_ binding: ViewModelBinding) { self.binding = binding }
}

/// Makes the binding hold ``leakySpec``'s instance, hands its last reference to another thread,
/// which lets go of it, and waits: the binding's release is then queued on the main actor.
@MainActor
func dropOffTheMainActor(_ handoff: Handoff) {
  _ = handoff.binding?.watch(leakySpec)
  let dropped = DispatchSemaphore(value: 0)
  Task.detached {
    handoff.binding = nil
    dropped.signal()
  }
  dropped.wait()
}
