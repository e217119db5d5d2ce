import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct ServiceSpecWithArgTests {
  // "families by one to four arguments": the arguments are the key, so equal ones share.
  @Test func familiesOfOneToFourArgumentsShareByTheirArguments() {
    withTestRegistry { registry, _ in
      let one = ServiceSpecWithArg<Endpoint, String>(builder: { Endpoint(path: $0) })
      let two = ServiceSpecWithArg2<Endpoint, String, Int>(builder: {
        Endpoint(path: "\($0)/\($1)")
      })
      let three = ServiceSpecWithArg3<Endpoint, String, Int, Bool>(builder: {
        Endpoint(path: "\($0)/\($1)/\($2)")
      })
      let four = ServiceSpecWithArg4<PlainClient, String, Int, Bool, Int>(builder: {
        PlainClient(base: "\($0)/\($1)/\($2)/\($3)")
      })
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      #expect(first.read(one("a")).path == "a")
      #expect(first.read(two("a", 1)).path == "a/1")
      #expect(first.read(three("a", 1, true)).path == "a/1/true")
      let client = first.read(four("a", 1, true, 2))
      #expect(client.base == "a/1/true/2")
      #expect(second.read(four("a", 1, true, 2)) === client)
      #expect(second.read(four("a", 1, true, 3)) !== client)
      #expect(registry.liveInstanceCount == 5)
      first.dispose()
      second.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // A key function returning nil makes the service private to each binding.
  @Test func aNilKeyMakesAFamilysServicePrivate() {
    withTestRegistry { _, _ in
      let uploads = ServiceSpecWithArg<PlainClient, String>(
        builder: { PlainClient(base: $0) }, key: { _ in nil })
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      #expect(first.read(uploads("f")) !== second.read(uploads("f")))
      first.dispose()
      second.dispose()
    }
  }

  // "pools": released services of a family are kept, least recently used disposed first.
  @Test func aFamilysPoolKeepsReleasedServices() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let greeters = ServiceSpecWithArg<any Greeter, Int>(
        builder: { EnglishGreeter(log: log, id: $0) }, keepReleased: 1)
      let binding = ViewModelBinding()
      let one = binding.read(greeters(1))
      binding.unbind(greeters(1))
      #expect(registry.liveInstanceCount == 1)
      binding.read(greeters(2))
      binding.unbind(greeters(2))
      #expect(log.events == ["dispose greeter 1"])
      #expect(binding.read(greeters(2)) !== one)
      binding.dispose()
    }
  }

  // A family's builder can resolve each service's dependencies; they go with the service.
  @Test func aFamilysBuilderResolvesDependencies() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let greeterSpec = ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
      let clients = ServiceSpecWithArg<PlainClient, String>(builder: { name, dependencies in
        PlainClient(base: dependencies.read(greeterSpec).greet(name))
      })
      let binding = ViewModelBinding()
      #expect(binding.read(clients("Ada")).base == "Hello, Ada")
      binding.unbind(clients("Ada"))
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events == ["dispose greeter 0"])
      binding.dispose()
    }
  }

  // A family called again with an equal Hashable argument gives the same spec: the re-read of
  // a held service finds it without building.
  @Test func aFamilyCalledInEveryRenderBuildsOnce() {
    withTestRegistry { _, _ in
      let builds = BuildCounter()
      let clients = ServiceSpecWithArg<PlainClient, Int>(builder: {
        PlainClient(base: "\($0)-\(builds.next())")
      })
      let binding = ViewModelBinding()
      for _ in 0..<5 { binding.read(clients(7)) }
      #expect(builds.count == 1)
      binding.dispose()
    }
  }

  // Builder-only proxies on service families keep their keys.
  @Test func aServiceFamilysBuilderOnlyProxy() {
    withTestRegistry { registry, _ in
      let clients = ServiceSpecWithArg<PlainClient, Int>(builder: { PlainClient(base: "real\($0)") }
      )
      registry.setProxy(for: clients) { PlainClient(base: "mock\($0)") }
      let pairs = ServiceSpecWithArg2<PlainClient, Int, Int>(builder: {
        PlainClient(base: "real\($0)\($1)")
      })
      ViewModelRegistry.current.setProxy(for: pairs) { PlainClient(base: "mock\($0)\($1)") }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let client = first.read(clients(1))
      #expect(client.base == "mock1")
      #expect(second.read(clients(1)) === client)
      #expect(first.read(pairs(1, 2)).base == "mock12")
      ViewModelRegistry.current.clearProxy(for: pairs)
      ViewModelRegistry.current.clearProxy(for: clients)
      #expect(first.read(pairs(3, 4)).base == "real34")
      #expect(first.read(clients(2)).base == "real2")
      first.dispose()
      second.dispose()
    }
  }
}
