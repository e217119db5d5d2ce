import Registry
import RegistryTesting
import Testing

/// A service protocol, resolved as an existential.
@MainActor
protocol Greeter: AnyObject {
  func greet(_ name: String) -> String
}

@MainActor
final class EnglishGreeter: Greeter, RegistryDisposable {
  let log: EventLog
  let id: Int

  init(log: EventLog, id: Int = 0) {
    self.log = log
    self.id = id
  }

  func greet(_ name: String) -> String { "Hello, \(name)" }

  func dispose() { log.append("dispose greeter \(id)") }
}

/// A store whose subclass, not itself, adopts the dispose protocol: a spec declared with the base
/// class builds the subclass.
@MainActor
class Store {
  let log: EventLog
  init(log: EventLog) { self.log = log }
}

@MainActor
final class ClosingStore: Store, RegistryDisposable {
  func dispose() { log.append("dispose store") }
}

/// A value type that adopts the dispose protocol.
@MainActor
struct ClosingToken: RegistryDisposable {
  let log: EventLog
  func dispose() { log.append("dispose token") }
}

/// A plain class, a struct, an enum and an actor, none of them view models.
final class PlainClient {
  let base: String
  init(base: String) { self.base = base }
}

struct Endpoint: Equatable {
  var path: String
}

enum Environment: Equatable {
  case staging, production
}

actor Counter {
  private(set) var value = 0
  func increment() -> Int {
    value += 1
    return value
  }
}

@MainActor
@Suite struct ServiceSpecTests {
  /// "A trailing builder is always the builder": with every combination of the lifetime
  /// arguments, a spec written with a trailing closure builds that closure's service — it is
  /// never an interface whose test value is the closure. The annotations make the type part of
  /// the test: `ServiceSpec<() -> PlainClient>` would not compile here.
  @Test func aTrailingBuilderIsAlwaysTheBuilder() {
    let specs: [ServiceSpec<PlainClient>] = [
      ServiceSpec(key: "k", tag: "t", aliveForever: true, disposeDelay: .seconds(2)) {
        PlainClient(base: "a")
      },
      ServiceSpec(key: "k", tag: "t", aliveForever: true) { PlainClient(base: "b") },
      ServiceSpec(key: "k", disposeDelay: .seconds(2)) { PlainClient(base: "c") },
      ServiceSpec(tag: "t", aliveForever: true, disposeDelay: .seconds(2)) {
        PlainClient(base: "d")
      },
      ServiceSpec(key: "k", tag: "t", aliveForever: true, disposeDelay: .seconds(2)) { _ in
        PlainClient(base: "e")
      },
    ]
    #expect(specs.allSatisfy { $0.interfaceDeclaration == nil })
    let inferred = ServiceSpec(key: "k", tag: "t", aliveForever: true, disposeDelay: .seconds(2)) {
      PlainClient(base: "f")
    }
    #expect(type(of: inferred) == ServiceSpec<PlainClient>.self)
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      #expect(binding.read(inferred).base == "f")
      binding.dispose()
    }
  }

  // "A spec can build a service of any type: a class, an actor, a struct, an enum, or a
  // protocol existential."
  @Test func aServiceCanBeOfAnyType() async {
    let registry = ViewModelRegistry(name: "any type")
    let log = EventLog()
    let binding = ViewModelBinding(registry: registry)
    let greeter = binding.read(
      ServiceSpec<any Greeter>(key: "greeter") { EnglishGreeter(log: log) })
    #expect(greeter.greet("Ada") == "Hello, Ada")
    let client = binding.read(ServiceSpec(key: "client") { PlainClient(base: "https://x") })
    #expect(client.base == "https://x")
    #expect(
      binding.read(ServiceSpec(key: "endpoint") { Endpoint(path: "/notes") }).path == "/notes")
    #expect(binding.read(ServiceSpec(key: "env") { Environment.staging }) == .staging)
    let counter = binding.read(ServiceSpec(key: "counter") { Counter() })
    #expect(await counter.increment() == 1)
    #expect(registry.liveInstanceCount == 5)
    binding.dispose()
    #expect(registry.liveInstanceCount == 0)
    #expect(log.events == ["dispose greeter 0"])
  }

  // "keyed sharing": one instance per registry under a key; the builder runs once.
  /// The spec-side proxy forms act on the current registry: `setProxy(_:)` with a spec,
  /// `setProxy(builder:)`, `clearProxy()` and `withProxy(_:operation:)`.
  @Test func theSpecSideProxyFormsActOnTheCurrentRegistry() {
    withTestRegistry { registry, _ in
      let greeting = ServiceSpec(key: "greeting") { "hello" }
      let binding = ViewModelBinding()
      ViewModelRegistry.current.setProxy(
        ServiceSpec(key: "greeting") { "proxied by a spec" }, for: greeting)
      #expect(binding.read(greeting) == "proxied by a spec")
      binding.unbind(greeting)
      ViewModelRegistry.current.setProxy(for: greeting) { "proxied by a builder" }
      #expect(binding.read(greeting) == "proxied by a builder")
      binding.unbind(greeting)
      ViewModelRegistry.current.clearProxy(for: greeting)
      #expect(binding.read(greeting) == "hello")
      binding.unbind(greeting)
      let scoped = ViewModelRegistry.current.withProxy(for: greeting, builder: { "scoped" }) {
        binding.read(greeting)
      }
      #expect(scoped == "scoped")
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aKeyedServiceIsSharedAndBuiltOnce() {
    withTestRegistry { registry, _ in
      let builds = BuildCounter()
      let spec = ServiceSpec(key: "client") { PlainClient(base: "b\(builds.next())") }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let a = first.read(spec)
      let b = second.read(spec)
      #expect(a === b)
      #expect(first.read(spec) === a)
      #expect(builds.count == 1)
      #expect(registry.liveInstanceCount == 1)
      first.dispose()
      second.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // "private instances": a spec without a key gives each binding its own.
  @Test func aPrivateServiceIsOnePerBinding() {
    withTestRegistry { _, _ in
      let spec = ServiceSpec { PlainClient(base: "p") }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      #expect(first.read(spec) !== second.read(spec))
      #expect(first.read(spec) === first.read(spec))
      first.dispose()
      second.dispose()
    }
  }

  // "A service is disposed exactly once when its last holder lets go. It runs a dispose hook (a
  // protocol that the service adopts, or a closure on the spec)."
  @Test(arguments: [false, true])
  func theDisposeHookRunsOnceWhenTheLastHolderLetsGo(closure: Bool) {
    withTestRegistry { _, _ in
      let log = EventLog()
      let spec =
        closure
        ? ServiceSpec<any Greeter>(key: "g", onDispose: { _ in log.append("closure") }) {
          EnglishGreeter(log: log)
        }
        : ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      first.read(spec)
      second.read(spec)
      first.dispose()
      #expect(log.events.isEmpty)
      second.dispose()
      second.dispose()
      #expect(log.events == [closure ? "closure" : "dispose greeter 0"])
    }
  }

  // "It runs a dispose hook (a protocol that the service adopts…)": the value's own type decides,
  // whatever the spec's type — a protocol, a class whose subclass adopts it, or a value type.
  // An optional's wrapped value is the value, however many optionals wrap it.
  @Test(arguments: [
    "protocol", "base class", "class", "struct", "optional class", "optional protocol",
    "optional struct", "optional of an optional",
  ])
  func theDisposeProtocolIsFoundOnTheValuesOwnType(declaredAs: String) {
    withTestRegistry { _, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      switch declaredAs {
      case "protocol": binding.read(ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) })
      case "base class": binding.read(ServiceSpec<Store>(key: "s") { ClosingStore(log: log) })
      case "class": binding.read(ServiceSpec<EnglishGreeter>(key: "e") { EnglishGreeter(log: log) })
      case "optional class":
        binding.read(ServiceSpec<EnglishGreeter?>(key: "oc") { EnglishGreeter(log: log) })
      case "optional protocol":
        binding.read(ServiceSpec<(any Greeter)?>(key: "op") { EnglishGreeter(log: log) })
      case "optional struct":
        binding.read(ServiceSpec<ClosingToken?>(key: "os") { ClosingToken(log: log) })
      case "optional of an optional":
        binding.read(ServiceSpec<EnglishGreeter??>(key: "oo") { EnglishGreeter(log: log) })
      default: binding.read(ServiceSpec<ClosingToken>(key: "t") { ClosingToken(log: log) })
      }
      binding.dispose()
      #expect(log.events.count == 1)
    }
  }

  // An empty optional has nothing to dispose: it is dropped, and the next value of the same
  // spec that is not empty is disposed.
  @Test func anEmptyOptionalServiceIsDroppedAndAFullOneDisposed() {
    withTestRegistry { _, _ in
      let log = EventLog()
      var builds = 0
      let spec = ServiceSpec<EnglishGreeter?>(key: "maybe") {
        builds += 1
        return builds == 1 ? nil : EnglishGreeter(log: log, id: builds)
      }
      let binding = ViewModelBinding()
      #expect(binding.read(spec) == nil)
      binding.unbind(spec)
      #expect(binding.read(spec)?.id == 2)
      binding.dispose()
      #expect(log.events == ["dispose greeter 2"])
    }
  }

  // "A value with nothing to dispose is dropped."
  @Test func aValueWithNothingToDisposeIsDropped() {
    withTestRegistry { registry, _ in
      weak var dropped: PlainClient?
      let binding = ViewModelBinding()
      dropped = binding.read(ServiceSpec(key: "c") { PlainClient(base: "x") })
      #expect(dropped != nil)
      binding.dispose()
      #expect(dropped == nil)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // "aliveForever": kept after its last holder lets go, found again by a later binding.
  @Test func anAliveForeverServiceOutlivesItsHolders() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ServiceSpec<any Greeter>(key: "g", aliveForever: true) { EnglishGreeter(log: log) }
      let first = ViewModelBinding()
      let greeter = first.read(spec)
      first.dispose()
      #expect(registry.liveInstanceCount == 1)
      let second = ViewModelBinding()
      #expect(second.read(spec) === greeter)
      second.dispose()
      registry.disposeAll()
      #expect(log.events == ["dispose greeter 0"])
    }
  }

  // "grace periods": a released service waits, and comes back as it is if read again.
  @Test func aGracePeriodKeepsAReleasedServiceForAWhile() {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let log = EventLog()
      let spec = ServiceSpec<any Greeter>(key: "g", disposeDelay: .seconds(5)) {
        EnglishGreeter(log: log)
      }
      let first = ViewModelBinding()
      let greeter = first.read(spec)
      first.dispose()
      clock.advance(by: .seconds(4))
      let second = ViewModelBinding()
      #expect(second.read(spec) === greeter)
      second.dispose()
      clock.advance(by: .seconds(5))
      #expect(log.events == ["dispose greeter 0"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // "tags and reset(tag:)": a reset disposes tagged services and the next read builds anew.
  @Test func resetByTagDisposesTaggedServices() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let spec = ServiceSpec<any Greeter>(key: "g", tag: "account") {
        EnglishGreeter(log: log, id: builds.next())
      }
      let binding = ViewModelBinding()
      let first = binding.read(spec)
      #expect(registry.reset(tag: "account") == 1)
      #expect(log.events == ["dispose greeter 1"])
      let second = binding.read(spec)
      #expect(first !== second)
      binding.dispose()
    }
  }

  // "Services never mark a holder dirty."
  @Test func readingAServiceNeverRefreshesAHolder() {
    withTestRegistry { _, _ in
      let refreshes = Box(0)
      let binding = ViewModelBinding { refreshes.value += 1 }
      let host = ViewModelHost<ProbeViewModel>(label: "Screen") { refreshes.value += 1 }
      let spec = ServiceSpec(key: "c") { PlainClient(base: "x") }
      binding.read(spec)
      host.read(spec)
      let owner = binding.watch(ViewModelSpec(key: "vm") { ProbeViewModel("vm", log: EventLog()) })
      owner.viewModelBinding.read(spec)
      #expect(refreshes.value == 0)
      binding.dispose()
      host.release()
    }
  }

  // "It runs a dispose hook … so that a database closes": the hook runs while what the
  // service's builder resolved is still held, which is let go right after.
  @Test func aServicesDependenciesAreHeldUntilAfterItsDisposeHook() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let greeterSpec = ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
      let clientSpec = ServiceSpec(
        key: "client", onDispose: { _ in log.append("dispose client") }
      ) { dependencies in
        PlainClient(base: dependencies.read(greeterSpec).greet("api"))
      }
      let binding = ViewModelBinding()
      #expect(binding.read(clientSpec).base == "Hello, api")
      #expect(registry.liveInstanceCount == 2)
      binding.dispose()
      #expect(log.events == ["dispose client", "dispose greeter 0"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // A builder that throws registers nothing and lets go of what it resolved.
  @Test func aThrowingBuilderLeavesNothingBehind() {
    withTestRegistry { registry, _ in
      struct Offline: Error {}
      let log = EventLog()
      let greeterSpec = ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
      let failing = ServiceSpec<PlainClient>(key: "client") { dependencies in
        _ = dependencies.read(greeterSpec)
        throw Offline()
      }
      let binding = ViewModelBinding()
      #expect(throws: Offline.self) { try binding.readThrowing(failing) }
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events == ["dispose greeter 0"])
      binding.dispose()
    }
  }

  // "View models inject each other through their own bindings": a view model reads a service.
  @Test func aViewModelReadsAServiceThroughItsOwnBinding() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let greeterSpec = ServiceSpec<any Greeter>(key: "g") { EnglishGreeter(log: log) }
      final class Screen: ViewModel {
        let spec: ServiceSpec<any Greeter>
        var text = ""
        init(spec: ServiceSpec<any Greeter>) { self.spec = spec }
        override func onCreate(_ arg: InstanceArg) {
          text = viewModelBinding.read(spec).greet("Ada")
        }
      }
      let binding = ViewModelBinding()
      let screen = binding.watch(ViewModelSpec(key: "screen") { Screen(spec: greeterSpec) })
      #expect(screen.text == "Hello, Ada")
      #expect(registry.liveInstanceCount == 2)
      binding.dispose()
      #expect(log.events == ["dispose greeter 0"])
    }
  }

  // `unbind(_:)` lets go of one service; a service the binding does not hold is reported.
  @Test func unbindLetsGoOfOneService() {
    withTestRegistry { registry, reporter in
      let spec = ServiceSpec(key: "c") { PlainClient(base: "x") }
      let other = ServiceSpec(key: "d") { PlainClient(base: "y") }
      let binding = ViewModelBinding(label: "Screen")
      binding.read(spec)
      binding.unbind(spec)
      #expect(registry.liveInstanceCount == 0)
      binding.unbind(other)
      #expect(
        reporter.errors == [.notHeld(binding: binding.id, type: "PlainClient", key: "\"d\"")])
      binding.dispose()
    }
  }

  // Wherever the binding keeps the service (the first it holds, or one held after it), `unbind`
  // lets go of that one only; a disposed binding reports the call and changes nothing.
  @Test func unbindLetsGoOfTheServiceWhereverTheBindingKeepsIt() {
    withTestRegistry { registry, reporter in
      let first = ServiceSpec(key: "first") { PlainClient(base: "1") }
      let second = ServiceSpec(key: "second") { PlainClient(base: "2") }
      let privateOne = ServiceSpec { PlainClient(base: "3") }
      let binding = ViewModelBinding(label: "Screen")
      let kept = binding.read(first)
      binding.read(second)
      binding.read(privateOne)
      binding.unbind(second)
      binding.unbind(privateOne)
      #expect(registry.liveInstanceCount == 1)
      #expect(binding.read(first) === kept)
      binding.unbind(first)
      #expect(registry.liveInstanceCount == 0)
      #expect(reporter.errors.isEmpty)

      let other = ViewModelBinding(label: "Other")
      other.read(first)
      other.dispose()
      other.unbind(first)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "unbind(_:)", binding: other.id, type: "PlainClient", key: "\"first\"")
        ])
      binding.dispose()
    }
  }
}
