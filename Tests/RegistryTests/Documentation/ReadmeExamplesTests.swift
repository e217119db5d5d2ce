import Registry
import RegistryTesting
import Testing

// README.md's test examples, as written there (Scripts/check-docs.py checks that each of them is
// in this file verbatim), with the view models they assume.

final class UserViewModel: StateViewModel<String> {
  init(name: String) { super.init(state: name) }
}

let userSpec = ViewModelSpec(key: "user") { UserViewModel(name: "Grace") }

/// Greets the user it resolves through its own binding.
final class GreetingViewModel: ViewModel {
  private(set) var text = ""

  override func onCreate(_ arg: InstanceArg) {
    text = "Hello, \(viewModelBinding.watch(userSpec).state)"
  }
}

let greetingSpec = ViewModelSpec(key: "greeting") { GreetingViewModel() }

@MainActor
@Test(.registry { $0.setProxy(for: userSpec) { UserViewModel(name: "Ada") } })
func greetsTheMockedUser() {
  let binding = ViewModelBinding()
  let greeting = binding.watch(greetingSpec)  // resolves userSpec through its own binding
  #expect(greeting.text == "Hello, Ada")
  binding.dispose()  // forget this and the leak check names it
}

@MainActor
@Test func greetsTheMockedUserInABlock() {
  withRegistry({ $0.setProxy(for: userSpec) { UserViewModel(name: "Ada") } }) { _ in
    let binding = ViewModelBinding(label: "Greeting")
    #expect(binding.watch(greetingSpec).text == "Hello, Ada")
    binding.dispose()
  }
}
