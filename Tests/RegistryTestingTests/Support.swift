import Registry

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
