import Combine
import Registry
import SwiftUI
import UIKit

// What the documentation's examples refer to, declared once, so each example compiles as it is
// written (Scripts/extract-snippets.py wraps them; the build of this target checks them).

final class CounterViewModel: ViewModel {
  private(set) var count = 0
  func increment() { update { count += 1 } }
}

struct Profile: Equatable {
  var name = ""
}

final class ProfileViewModel: StateViewModel<Profile> {
  init() { super.init(state: Profile()) }
}

class UserViewModel: StateViewModel<String> {
  init(name: String) { super.init(state: name) }
}

final class AnalyticsViewModel: ViewModel {
  func track(_ event: String) {}
}

final class Tracker {
  func track(_ event: String) {}
}

struct Item {
  let id: Int
  let title: String
}

struct Detail: Equatable {
  var title = ""
}

final class DetailViewModel: StateViewModel<Detail> {
  init(item: Item) { super.init(state: Detail(title: item.title)) }
}

struct Cart: Equatable {
  var count = 0
  var total = 0
}

struct Theme {
  var name = "light"
}

struct ProfileView: View {
  var body: some View { Text("profile") }
}

let counterSpec = ViewModelSpec(key: "counter") { CounterViewModel() }
let profileSpec = ViewModelSpec(key: "profile") { ProfileViewModel() }
let userSpec = ViewModelSpec(key: "user") { UserViewModel(name: "real") }
let analyticsSpec = ViewModelSpec(key: "analytics") { AnalyticsViewModel() }
let trackerSpec = ServiceSpec(key: "tracker") { Tracker() }
let userProfileSpec = ViewModelSpecWithArg<ProfileViewModel, String>(builder: { _ in
  ProfileViewModel()
})

/// The names statement examples use, as members: `counter`, `cancellables`, `title`, and the
/// object's own `viewModelBinding`.
@MainActor
final class SnippetContext: NSObject {
  let counter = CounterViewModel()
  let profile = ProfileViewModel()
  let checkout = EventViewModel<String>()
  let channel = EventChannel<String>()
  var cancellables: Set<AnyCancellable> = []
  var title = ""

  func handle(_ event: String) {}
  func show(_ event: String) {}
}

/// The names view examples use.
@MainActor
protocol SnippetViewFixtures {}

extension SnippetViewFixtures {
  var userID: String { "u1" }
  var profile: ProfileViewModel { ProfileViewModel() }
  var cart: StateViewModel<Cart> { StateViewModel(state: Cart()) }
  var theme: ObservableValue<Theme> { ObservableValue(initialValue: Theme()) }
}
