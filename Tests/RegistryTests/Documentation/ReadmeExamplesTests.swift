import Registry
import RegistryTesting
import Testing

// README.md's test examples, as written there (Scripts/check-docs.py checks that each of them is
// in this file verbatim), with the view models they assume.

final class UserViewModel: StateViewModel<String> {
  init(name: String) { super.init(state: name) }
}

let userSpec = ViewModelSpec(key: "user") { UserViewModel(name: "Grace") }

/// Greets the user it watches through its own binding.
final class GreetingViewModel: ViewModel {
  @Watch(userSpec) private var user

  var text: String { "Hello, \(user.state)" }
}

let greetingSpec = ViewModelSpec(key: "greeting") { GreetingViewModel() }

@MainActor
@Test(.registry { $0.setProxy(for: userSpec) { UserViewModel(name: "Ada") } })
func greetsTheMockedUser() {
  let greeting = ViewModelBinding.test.watch(greetingSpec)  // the test's own binding
  #expect(greeting.text == "Hello, Ada")  // GreetingViewModel read the mocked user
}

@MainActor
@Test func greetsTheMockedUserInABlock() {
  withRegistry({ $0.setProxy(for: userSpec) { UserViewModel(name: "Ada") } }) { _ in
    #expect(ViewModelBinding.test.watch(greetingSpec).text == "Hello, Ada")
  }
}
