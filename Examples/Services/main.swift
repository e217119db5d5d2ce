import Foundation
import Registry

// Services beside view models: an API client interface with a live and a mock implementation,
// provided at the composition root, and a cache service whose dispose hook closes it.

func section(_ title: String) {
  print("\n== \(title) ==")
}

MainActor.assumeIsolated {
  let registry = ViewModelRegistry(name: "app")
  registry.addLifecycle(LoggingLifecycle { print("    \($0)") })

  section("1. The composition root provides the API client, then checks nothing is missing")
  registry.provide(apiClientSpec) { LiveAPIClient(server: [1: "Ada", 2: "Grace"]) }
  print("missing providers: \(registry.missingProviders(for: [apiClientSpec]).count)")

  section("2. Two profile screens: one cache and one client serve both")
  let first = ViewModelBinding(registry: registry, label: "ProfileScreen")
  let second = ViewModelBinding(registry: registry, label: "OtherProfileScreen")
  let ada = first.watch(profileSpec(1))
  let grace = second.watch(profileSpec(2))
  print("profile 1: \(ada.state?.name ?? "none") (live)")
  print("profile 2: \(grace.state?.name ?? "none") (live)")
  print(registry.snapshot())

  section("3. The screens close: the cache is closed, then the client it held is let go")
  first.dispose()
  second.dispose()
  print("alive: \(registry.liveInstanceCount)")

  section("4. A test provides a mock client in its own registry; the app never sees it")
  let testRegistry = ViewModelRegistry(name: "test", context: .test)
  testRegistry.setProxy(for: apiClientSpec) { MockAPIClient() }
  let test = ViewModelBinding(registry: testRegistry, label: "ProfileTest")
  let mocked = test.watch(profileSpec(1))
  print("test: profile 1: \(mocked.state?.name ?? "none") (mock)")
  test.dispose()

  section("5. An interface nobody provided is a typed error, with where it is declared")
  let unprovided = ViewModelRegistry(name: "forgotten")
  do {
    _ = try ViewModelBinding(registry: unprovided).readThrowing(apiClientSpec)
  } catch {
    print(String(describing: error).split(separator: "\n").prefix(2).joined(separator: "\n"))
  }

  let alive = registry.liveInstanceCount + testRegistry.liveInstanceCount
  print("\nServicesExample finished: \(alive) alive")
  if alive != 0 { exit(1) }
}
