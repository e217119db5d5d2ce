import Registry
import RegistryTesting
import Testing

/// A view-model interface's base class, as an interface module declares it.
@MainActor
class SessionViewModel: ViewModel {
  var user: String? { nil }
}

@MainActor
final class LiveSessionViewModel: SessionViewModel {
  override var user: String? { "live@example.com" }
}

@MainActor
final class PreviewSessionViewModel: SessionViewModel {
  override var user: String? { "preview@example.test" }
}

/// Interfaces declared at a fixed place, so that messages can be checked in full.
private let greeterInterface = ServiceSpec<any Greeter>.interface(
  key: "greeter", fileID: "GreeterInterface/Greeter.swift", line: 7)
private let clientInterface = ServiceSpec<PlainClient>.interface(
  key: "client", fileID: "ClientInterface/Client.swift", line: 3)

/// A second service protocol, for an existential of two protocols.
@MainActor
protocol Farewell: AnyObject {
  func farewell(_ name: String) -> String
}

@MainActor
@Suite struct InterfaceTests {
  // InterfaceDeclaration: "The type the interface builds: a view model's, or a service's
  // (`any NotesStore`)", and `print(notesStoreSpec.interfaceDeclaration!)` prints
  // "any NotesStore(key: "notes-store"), declared at …". Existentials keep their `any`;
  // `Any`, `AnyObject`, concrete types and view models are named as Swift writes them.
  @Test(
    arguments: [
      (
        ServiceSpec<any Greeter>.interface(
          key: "greeter", fileID: "Greeter/Greeter.swift", line: 7),
        #"any Greeter(key: "greeter")"#
      ),
      (
        ServiceSpec<any Greeter & Farewell>.interface(fileID: "Greeter/Greeter.swift", line: 7),
        "any Farewell & Greeter(private)"
      ),
      (
        ServiceSpec<any Greeter.Type>.interface(key: 1, fileID: "Greeter/Greeter.swift", line: 7),
        "any Greeter.Type(key: 1)"
      ),
      (
        ServiceSpec<Any>.interface(key: "a", fileID: "Greeter/Greeter.swift", line: 7),
        #"Any(key: "a")"#
      ),
      (
        ServiceSpec<AnyObject>.interface(key: "o", fileID: "Greeter/Greeter.swift", line: 7),
        #"AnyObject(key: "o")"#
      ),
      (
        ServiceSpec<PlainClient>.interface(key: "c", fileID: "Greeter/Greeter.swift", line: 7),
        #"PlainClient(key: "c")"#
      ),
      (
        ViewModelSpec<SessionViewModel>.interface(
          key: "s", fileID: "Greeter/Greeter.swift", line: 7),
        #"SessionViewModel(key: "s")"#
      ),
    ] as [(any InterfaceSpec, String)])
  func anInterfaceIsNamedAsSwiftWritesItsType(spec: any InterfaceSpec, name: String) throws {
    let declaration = try #require(spec.interfaceDeclaration)
    #expect(declaration.name == name)
    #expect(declaration.description == "\(name), declared at Greeter/Greeter.swift:7")
  }

  // "Resolving an interface that nobody provided is a typed error. It names the spec, the file
  // and line where it is declared, and the fix. The throwing forms throw it."
  @Test func anUnprovidedInterfaceThrowsATypedErrorThatNamesItsDeclaration() throws {
    try withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      let error = try #require(throws: RegistryError.self) {
        try binding.readThrowing(greeterInterface)
      }
      #expect(
        error
          == .interfaceNotProvided(
            type: "any Greeter", key: "\"greeter\"",
            declaredAt: "GreeterInterface/Greeter.swift:7", registry: "test"))
      #expect(
        error.description == """
          No provider for the interface any Greeter(key: "greeter") in registry "test".
            Type: any Greeter   Key: "greeter"   Declared at: GreeterInterface/Greeter.swift:7
          An interface has no builder of its own: each registry builds it with what its composition root provides, and this one provides nothing for it.
          To fix, call registry.provide(_:builder:) for it at the composition root (in a test, in the .registry trait's setup), give the interface a testValue for tests and previews, or make the registry with inheritingProvidersFrom: a registry that provides it.
          """)
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  // "registry.provide(notesStoreSpec) { … }": every build runs the provider, and the interface
  // keeps its own key — two bindings share one instance.
  @Test func aProviderBuildsTheInterfaceWithTheInterfacesOwnKey() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      registry.provide(greeterInterface) { EnglishGreeter(log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let greeter = first.read(greeterInterface)
      #expect(greeter.greet("Ada") == "Hello, Ada")
      #expect(second.read(greeterInterface) === greeter)
      first.dispose()
      second.dispose()
      #expect(log.events == ["dispose greeter 0"])
      #expect(reporter.issues.isEmpty)
    }
  }

  // "A spec can be declared without a builder": view models too; the provider builds a subclass.
  @Test func aViewModelInterfaceIsProvidedWithASubclass() {
    withTestRegistry { registry, _ in
      let sessionSpec = ViewModelSpec<SessionViewModel>.interface(
        key: "session", aliveForever: true)
      #expect(sessionSpec.interfaceDeclaration != nil)
      registry.provide(sessionSpec) { LiveSessionViewModel() }
      let binding = ViewModelBinding()
      let session = binding.watch(sessionSpec)
      #expect(session is LiveSessionViewModel)
      binding.dispose()
      #expect(registry.liveInstanceCount == 1)
    }
  }

  // "Mistakes are clear errors, never a silent replacement: providing twice"
  @Test func providingTwiceIsReportedAndTheFirstProviderStays() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let firstLine = #line + 1
      registry.provide(greeterInterface) { EnglishGreeter(log: log, id: 1) }
      let secondLine = #line + 1
      registry.provide(greeterInterface) { EnglishGreeter(log: log, id: 2) }
      let issue = reporter.issues.first
      #expect(issue?.line == secondLine)
      guard case .providedTwice(let type, let key, let firstAt, let name)? = issue?.error else {
        Issue.record("expected providedTwice, got \(reporter.errors)")
        return
      }
      #expect(type == "any Greeter" && key == "\"greeter\"" && name == "test")
      #expect(firstAt == "RegistryTests/InterfaceTests.swift:\(firstLine)")
      let binding = ViewModelBinding()
      #expect((binding.read(greeterInterface) as? EnglishGreeter)?.id == 1)
      binding.dispose()
    }
  }

  // "… providing after the interface was first resolved"
  @Test func providingAfterTheFirstResolutionIsReportedAndChangesNothing() {
    let registry = ViewModelRegistry(name: "preview", context: .preview)
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    let log = EventLog()
    let spec = ServiceSpec<any Greeter>.interface(
      key: "g", testValue: EnglishGreeter(log: log, id: 9))
    let binding = ViewModelBinding(registry: registry)
    #expect((binding.read(spec) as? EnglishGreeter)?.id == 9)
    binding.dispose()
    registry.provide(spec) { EnglishGreeter(log: log, id: 1) }
    #expect(
      reporter.errors == [
        .providedAfterResolution(type: "any Greeter", key: "\"g\"", registry: "preview")
      ])
    let again = ViewModelBinding(registry: registry)
    #expect((again.read(spec) as? EnglishGreeter)?.id == 9)
    again.dispose()
  }

  // A spec with a builder of its own is not an interface: provide reports it and changes nothing.
  @Test func providingASpecWithABuilderIsReported() {
    withTestRegistry { registry, reporter in
      let spec = ServiceSpec(key: "c") { PlainClient(base: "real") }
      registry.provide(spec) { PlainClient(base: "other") }
      #expect(reporter.errors == [.notAnInterface(type: "PlainClient", key: "\"c\"")])
      let binding = ViewModelBinding()
      #expect(binding.read(spec).base == "real")
      binding.dispose()
    }
  }

  // "… and providers that form a cycle"
  @Test func providersThatFormACycleThrowTheChain() throws {
    try withTestRegistry { registry, _ in
      // `read` cannot throw, so a cycle met there stops; builders that can meet one use the
      // throwing form.
      registry.provide(greeterInterface) { dependencies in
        _ = try dependencies.readThrowing(clientInterface)
        return EnglishGreeter(log: EventLog())
      }
      registry.provide(clientInterface) { dependencies in
        PlainClient(base: try dependencies.readThrowing(greeterInterface).greet("x"))
      }
      let binding = ViewModelBinding()
      let error = try #require(throws: RegistryError.self) {
        try binding.readThrowing(greeterInterface)
      }
      #expect(
        error
          == .cycle(chain: [
            "any Greeter(key: \"greeter\")", "PlainClient(key: \"client\")",
            "any Greeter(key: \"greeter\")",
          ]))
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  // "Decide and document how scoped and test registries inherit providers": a registry made
  // with `inheritingProvidersFrom:` asks its parent at each build, and its own provider wins.
  @Test func aScopedRegistryInheritsItsParentsProviders() {
    let app = ViewModelRegistry(name: "app")
    let scope = ViewModelRegistry(name: "account", inheritingProvidersFrom: app)
    let log = EventLog()
    let inScope = ViewModelBinding(registry: scope)
    #expect(throws: RegistryError.self) { try inScope.readThrowing(greeterInterface) }
    app.provide(greeterInterface) { EnglishGreeter(log: log, id: 1) }
    let fromParent = inScope.read(greeterInterface)
    #expect((fromParent as? EnglishGreeter)?.id == 1)
    // Instances are each registry's own: the app builds its own from the same provider.
    let inApp = ViewModelBinding(registry: app)
    #expect(inApp.read(greeterInterface) !== fromParent)
    scope.provide(clientInterface) { PlainClient(base: "scoped") }
    #expect(inScope.read(clientInterface).base == "scoped")
    #expect(throws: RegistryError.self) { try inApp.readThrowing(clientInterface) }
    inScope.dispose()
    inApp.dispose()
  }

  /// A preview-context registry: "the default registry is one inside Xcode's previews" — and
  /// only there. Anywhere else, as in this test process, it serves the app.
  @Test func theDefaultRegistryServesTheAppOutsidePreviews() {
    #expect(ViewModelRegistry.default.context == .live)
  }

  // "An interface may declare a default for tests and previews beside itself": a test
  // registry builds `testValue`, a preview registry `previewValue` (else `testValue`), an app
  // registry neither.
  @Test(
    arguments: [
      (ViewModelRegistry.Context.test, true, "test"),
      (.test, false, "test"),
      (.preview, true, "preview"),
      (.preview, false, "test"),
      (.live, true, String?.none),
    ] as [(ViewModelRegistry.Context, Bool, String?)])
  func defaultsForTestsAndPreviews(
    context: ViewModelRegistry.Context, withPreviewValue: Bool, expected: String?
  ) {
    let registry = ViewModelRegistry(name: "defaults", context: context)
    let spec =
      withPreviewValue
      ? ServiceSpec<PlainClient>.interface(
        key: "c", testValue: PlainClient(base: "test"), previewValue: PlainClient(base: "preview"))
      : ServiceSpec<PlainClient>.interface(key: "c", testValue: PlainClient(base: "test"))
    let binding = ViewModelBinding(registry: registry)
    #expect((try? binding.readThrowing(spec))?.base == expected)
    binding.dispose()
  }

  // Without a default, a test registry has nothing to build either.
  @Test func aTestRegistryWithoutADefaultThrows() {
    let registry = ViewModelRegistry(name: "t", context: .test)
    let binding = ViewModelBinding(registry: registry)
    #expect(throws: RegistryError.self) { try binding.readThrowing(clientInterface) }
    binding.dispose()
  }

  // "A completeness check for the composition root … reports every one still unprovided, and
  // builds nothing."
  @Test func theCompletenessCheckListsEveryUnprovidedInterfaceAndBuildsNothing() throws {
    try withTestRegistry { registry, _ in
      let builds = BuildCounter()
      let withBuilder = ServiceSpec(key: "b") { PlainClient(base: "\(builds.next())") }
      let sessionSpec = ViewModelSpec<SessionViewModel>.interface(
        key: "session", fileID: "SessionInterface/Session.swift", line: 2)
      registry.provide(clientInterface) { PlainClient(base: "\(builds.next())") }
      let all: [any InterfaceSpec] = [
        greeterInterface, clientInterface, withBuilder, sessionSpec, greeterInterface,
      ]
      #expect(
        registry.missingProviders(for: all).map(\.description) == [
          "any Greeter(key: \"greeter\"), declared at GreeterInterface/Greeter.swift:7",
          "SessionViewModel(key: \"session\"), declared at SessionInterface/Session.swift:2",
        ])
      let error = try #require(throws: RegistryError.self) { try registry.checkProviders(for: all) }
      #expect(
        error.description == """
          2 interfaces have no provider in registry "test".
            any Greeter(key: "greeter"), declared at GreeterInterface/Greeter.swift:7
            SessionViewModel(key: "session"), declared at SessionInterface/Session.swift:2
          Resolving any of them would fail at run time: nothing builds an interface but its provider.
          To fix, call registry.provide(_:builder:) for each at the composition root.
          """)
      registry.provide(greeterInterface) { EnglishGreeter(log: EventLog()) }
      registry.provide(sessionSpec) { LiveSessionViewModel() }
      #expect(registry.missingProviders(for: all).isEmpty)
      try registry.checkProviders(for: all)
      #expect(builds.count == 0)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // "The other forms must never crash the app silently. In debug builds, stop with that
  // message." `read(_:)` has nothing to return: in an app it reports the error, then stops
  // with it — "outside tests, behaviour stays as it is", stand-in or not.
  @Test func readOfAnUnprovidedInterfaceInAnAppStopsWithTheMessage() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
    ) {
      await MainActor.run {
        let registry = ViewModelRegistry(name: "app")
        let binding = ViewModelBinding(registry: registry)
        _ = binding.read(
          ServiceSpec<PlainClient>.interface(
            key: "client", unimplemented: PlainClient(base: "stand-in"),
            fileID: "Client/Client.swift", line: 3))
      }
    }
    let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("[Registry] RegistryTests/InterfaceTests.swift:"))
    #expect(
      output.contains(
        "No provider for the interface PlainClient(key: \"client\") in registry \"app\"."))
    #expect(errors.contains("Declared at: Client/Client.swift:3"))
  }

  // "A test that resolves this interface without providing it fails, and through `watch(_:)`
  // or `read(_:)` — which have nothing to return — stops the whole test process": the form
  // declared with neither a test value nor a stand-in, the one the docs name as able to stop.
  @Test func readOfAnInterfaceWithNothingForTestsStopsATestProcess() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardOutputContent]
    ) {
      await MainActor.run {
        let registry = ViewModelRegistry(name: "a test", context: .test)
        let binding = ViewModelBinding(registry: registry)
        _ = binding.read(
          ServiceSpec<PlainClient>.interface(key: "client", fileID: "Client/Client.swift", line: 3))
      }
    }
    let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "No provider for the interface PlainClient(key: \"client\") in registry \"a test\"."))
  }
}
