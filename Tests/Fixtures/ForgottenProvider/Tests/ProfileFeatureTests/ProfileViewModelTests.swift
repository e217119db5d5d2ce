import APIClientInterface
import ProfileFeature
import Registry
import RegistryTesting
import Testing

/// The feature's tests, each in its own registry with a mock client provided in its trait.
@MainActor
@Suite(.registry { $0.provide(apiClientSpec) { MockAPIClient() } })
struct ProfileViewModelTests {
  /// The mock the suite's trait provided for this test's registry, held by `binding`.
  private func mock(through binding: ViewModelBinding) throws -> MockAPIClient {
    try #require(binding.read(apiClientSpec) as? MockAPIClient)
  }

  // "Features resolve interfaces like any other spec": one case per account, each in a
  // registry of its own, all running in parallel. Every tenth account is unknown to the server.
  @Test(arguments: 0..<300)
  func showsTheSignedInAccount(id: Int) throws {
    let binding = ViewModelBinding()
    defer { binding.dispose() }
    let api = try mock(through: binding)
    if id % 10 != 9 { api.add(User(id: id, name: "User \(id)")) }
    api.signedInUserID = id

    let profile = binding.watch(profileSpec)

    if id % 10 != 9 {
      #expect(profile.state == .loaded(User(id: id, name: "User \(id)")))
      #expect(profile.title == "User \(id)")
    } else {
      #expect(profile.state == .missing(userID: id))
      #expect(profile.title == "No account \(id)")
    }
    #expect(api.requests == [id])
  }

  @Test func aSignedOutClientAsksForNobody() throws {
    let binding = ViewModelBinding()
    defer { binding.dispose() }
    let api = try mock(through: binding)

    let profile = binding.watch(profileSpec)

    #expect(profile.state == .signedOut)
    #expect(profile.title == "Signed out")
    #expect(api.requests.isEmpty)
  }

  // "The interface keeps its own key, sharing, tag and lifetime": the profile reads the one
  // client the test's registry built.
  @Test func theProfileSharesTheTestsClient() throws {
    let binding = ViewModelBinding()
    defer { binding.dispose() }
    let api = try mock(through: binding)
    api.add(User(id: 1, name: "Ada"))
    api.signedInUserID = 1

    let profile = binding.watch(profileSpec)
    api.add(User(id: 1, name: "Ada Lovelace"))
    profile.reload()

    #expect(profile.title == "Ada Lovelace")
    #expect(api.requests == [1, 1])
  }

  @Test func twoScreensShareOneProfile() throws {
    let first = ViewModelBinding()
    let second = ViewModelBinding()
    defer {
      first.dispose()
      second.dispose()
    }
    let api = try mock(through: first)
    api.signedInUserID = 3

    #expect(first.watch(profileSpec) === second.watch(profileSpec))
    #expect(api.requests == [3])
  }

  // "A test calls checkProviders(for:), which builds nothing and names every interface still
  // unprovided."
  @Test func theTraitProvidesEveryInterfaceTheFeatureUses() throws {
    try ViewModelRegistry.current.checkProviders(for: profileFeatureInterfaces)
    #expect(ViewModelRegistry.current.liveInstanceCount == 0)
  }
}
