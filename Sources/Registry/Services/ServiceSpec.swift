/// How to build a service of any type — a class, an actor, a struct, an enum, a protocol
/// existential — and which instance it is: its key, tag and lifetime.
///
/// A service has what a view model has: shared by key or private to each binding, reference
/// counted by the same holders (bindings, view models' own bindings, hosts), kept by
/// `aliveForever`, a grace period or a family's pool, found by tag for
/// ``ViewModelRegistry/reset(tag:)``, replaced in tests by a proxy, and disposed exactly once when
/// its last holder lets go. It never changes the way a view model does, so it never refreshes a
/// holder: resolve it with
/// [`read(_:)`](doc:ViewModelBinding/read(_:fileID:filePath:line:column:)-(ServiceSpec<Service>,_,_,_,_)).
///
/// ```swift
/// let apiSpec = ServiceSpec<any APIClient>(key: "api") { LiveAPIClient() }
/// let repositorySpec = ServiceSpec(key: "repository") { dependencies in
///   NotesRepository(api: dependencies.read(apiSpec))
/// }
///
/// let api = binding.read(apiSpec)
/// ```
///
/// When it is disposed, a service that adopts ``RegistryDisposable`` is told so, or the spec's
/// `onDispose` closure runs, before what its builder resolved is let go. Declared without a
/// builder, a spec is an interface that the composition root provides (see
/// [`interface(key:tag:aliveForever:disposeDelay:testValue:previewValue:)`](doc:interface(key:tag:aliveForever:disposeDelay:testValue:previewValue:fileID:line:))).
public struct ServiceSpec<Service>: Sendable {
  /// The spec of the box the registry keeps the service in: identity, lifetime and proxies are
  /// all the box's. The only stored property, so that a copy of the spec is one retain.
  @usableFromInline let spec: ViewModelSpec<ServiceBox<Service>>

  @usableFromInline
  init(spec: ViewModelSpec<ServiceBox<Service>>) {
    self.spec = spec
  }

  /// The dispose closure the spec was written with, for proxies that supply only a builder.
  var onDispose: (@MainActor (Service) -> Void)? {
    (spec.values as? ServiceValues<Service>)?.onDispose
  }

  /// The key the service is shared under, or `nil` for one instance per binding.
  public var key: AnyHashable? { spec.key }
  /// A tag that ``ViewModelRegistry/reset(tag:)`` finds the service by.
  public var tag: AnyHashable? { spec.tag }
  /// Whether the service stays alive after its last holder lets go.
  public var aliveForever: Bool { spec.aliveForever }
  /// How long a released service waits before it is disposed; `nil` disposes at once.
  public var disposeDelay: Duration? { spec.disposeDelay }

  /// Creates a spec whose builder makes the service.
  ///
  /// ```swift
  /// let clockSpec = ServiceSpec(key: "clock") { SystemClock() }
  /// let databaseSpec = ServiceSpec(key: "db", onDispose: { $0.close() }) {
  ///   try Database(path)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private to each
  ///     binding.
  ///   - tag: A tag to find it by with ``ViewModelRegistry/reset(tag:)``.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period after its last holder lets go (keyed services only).
  ///   - inputs: For a private spec made inside a view: the values its service follows in a
  ///     host, as for ``ViewModelSpec/inputs``.
  ///   - onDispose: Runs once when the service is disposed, in place of
  ///     ``RegistryDisposable/dispose()``.
  ///   - fileID: Where the spec is made; leave the default.
  ///   - line: The line where the spec is made; leave the default.
  ///   - column: The column where the spec is made; leave the default.
  ///   - builder: Makes a new service; runs on the main actor, once per instance. It may throw:
  ///     ``ViewModelBinding/readThrowing(_:)-(ServiceSpec<Service>)`` throws its error, and
  ///     `read(_:)`, which cannot, reports it and stops.
  public init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, inputs: AnyHashable? = nil,
    onDispose: (@MainActor (Service) -> Void)? = nil, fileID: StaticString = #fileID,
    line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor () throws -> Service
  ) {
    self.init(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      inputs: inputs, onDispose: onDispose,
      site: SpecSite(fileID: fileID, line: line, column: column),
      build: ServiceBox.maker(builder, onDispose: onDispose))
  }

  /// Creates a spec whose builder resolves the service's own dependencies.
  ///
  /// The builder gets the service's own binding: what it resolves there is held for as long as
  /// the service lives, and let go, newest first, after the service's dispose hook ran.
  ///
  /// ```swift
  /// let repositorySpec = ServiceSpec(key: "repository") { dependencies in
  ///   NotesRepository(
  ///     api: dependencies.read(apiSpec),
  ///     session: dependencies.watch(sessionSpec))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find it by with ``ViewModelRegistry/reset(tag:)``.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period after its last holder lets go.
  ///   - inputs: For a private spec made inside a view: the values its service follows.
  ///   - onDispose: Runs once when the service is disposed.
  ///   - fileID: Where the spec is made; leave the default.
  ///   - line: The line where the spec is made; leave the default.
  ///   - column: The column where the spec is made; leave the default.
  ///   - builder: Makes a new service from its dependencies; it may throw.
  public init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, inputs: AnyHashable? = nil,
    onDispose: (@MainActor (Service) -> Void)? = nil, fileID: StaticString = #fileID,
    line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor (ViewModelBinding) throws -> Service
  ) {
    self.init(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      inputs: inputs, onDispose: onDispose,
      site: SpecSite(fileID: fileID, line: line, column: column),
      build: ServiceBox.maker(resolving: builder, onDispose: onDispose))
  }

  /// Declares an interface whose tests get a working default: a service spec without a
  /// builder, which the composition root provides for each registry with
  /// `provide(_:onDispose:builder:)` (see <doc:ModulesInterfacesAndServices>).
  ///
  /// Put it in an interface module beside the protocol; features import that module and
  /// resolve the spec, and only the composition root imports the module that implements it.
  /// The key, sharing, tag and lifetime are the interface's, whoever provides it. A static
  /// function, not an initializer, so that a spec written with a trailing builder is never taken
  /// for an interface whose test value is that closure.
  ///
  /// ```swift
  /// // NotesStorage (an interface module)
  /// public protocol NotesStore: AnyObject { func notes() -> [Note] }
  /// public let notesStoreSpec = ServiceSpec<any NotesStore>.interface(
  ///   key: "notes-store", testValue: InMemoryNotesStore())
  ///
  /// // The composition root
  /// registry.provide(notesStoreSpec) { FileNotesStore(directory: appSupport) }
  /// ```
  ///
  /// A test or preview registry that provides nothing builds `testValue`, quietly. An app
  /// registry that provides nothing fails the resolution with
  /// ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)``.
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find it by with ``ViewModelRegistry/reset(tag:)``.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period after its last holder lets go.
  ///   - testValue: What a test registry builds when the test provides nothing, evaluated anew
  ///     for each build.
  ///   - previewValue: What a preview registry builds when nothing is provided; `testValue`
  ///     when omitted.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  /// - Returns: The interface.
  public static func interface(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, testValue: @autoclosure @escaping @MainActor () -> Service,
    previewValue: @autoclosure @escaping @MainActor () -> Service? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ServiceSpec<Service> {
    declare(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      testValue: testValue, previewValue: previewValue, unimplemented: nil, fileID: fileID,
      line: line)
  }

  /// Declares an interface whose tests must provide it: a test that resolves it without a
  /// provider fails, and goes on with `unimplemented` instead of stopping.
  ///
  /// The form to use when no default makes sense in a test, as for an API client: a test that
  /// forgets to provide the interface fails with
  /// ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)`` at the resolution's
  /// line, and the test, and every other test of the run, runs to its end. `unimplemented` is a
  /// stand-in that only keeps the test going: the resolution has failed already. Every other
  /// binding that comes to hold a keyed stand-in while it lives fails the same way.
  ///
  /// ```swift
  /// public protocol APIClient { func user(_ id: Int) async throws -> User }
  /// struct UnimplementedAPIClient: APIClient {
  ///   func user(_ id: Int) async throws -> User { throw CancellationError() }
  /// }
  /// public let apiClientSpec = ServiceSpec<any APIClient>.interface(
  ///   key: "api", unimplemented: UnimplementedAPIClient())
  /// ```
  ///
  /// An app registry that provides nothing fails the resolution, as for every interface.
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find it by with ``ViewModelRegistry/reset(tag:)``.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period after its last holder lets go.
  ///   - unimplemented: What a test or preview registry that provides nothing builds after
  ///     reporting it, evaluated anew for each build.
  ///   - previewValue: What a preview registry builds when nothing is provided; a preview
  ///     reports nothing, and builds the stand-in when this is omitted.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  /// - Returns: The interface.
  public static func interface(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil,
    unimplemented: @autoclosure @escaping @MainActor () -> Service,
    previewValue: @autoclosure @escaping @MainActor () -> Service? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ServiceSpec<Service> {
    declare(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      testValue: nil, previewValue: previewValue, unimplemented: unimplemented,
      fileID: fileID, line: line)
  }

  /// Declares an interface with nothing for tests: every test must provide it.
  ///
  /// > Important: A test that resolves this interface without providing it fails, and through
  /// > `read(_:)` — which has nothing to return — stops the whole test process, not only that
  /// > test. Prefer
  /// > [`interface(key:tag:aliveForever:disposeDelay:unimplemented:previewValue:)`](doc:interface(key:tag:aliveForever:disposeDelay:unimplemented:previewValue:fileID:line:)),
  /// > which fails the one test and goes on, or give a `testValue`.
  ///
  /// ```swift
  /// let clockSpec = ServiceSpec<any Clock>.interface(key: "clock")
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one service per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find it by with ``ViewModelRegistry/reset(tag:)``.
  ///   - aliveForever: Keeps it alive after its last holder lets go.
  ///   - disposeDelay: A grace period after its last holder lets go.
  ///   - previewValue: What a preview registry builds when nothing is provided.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  /// - Returns: The interface.
  public static func interface(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil,
    previewValue: @autoclosure @escaping @MainActor () -> Service? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ServiceSpec<Service> {
    declare(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      testValue: nil, previewValue: previewValue, unimplemented: nil, fileID: fileID,
      line: line)
  }

  private static func declare(
    key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool, disposeDelay: Duration?,
    testValue: (@MainActor () -> Service)?, previewValue: @escaping @MainActor () -> Service?,
    unimplemented: (@MainActor () -> Service)?, fileID: StaticString, line: UInt
  ) -> ServiceSpec<Service> {
    // The boxes the registry keeps: every default is disposed as a provided service is.
    let disposal = ServiceDisposal<Service>(nil)
    let boxed = { @Sendable (make: @escaping @MainActor () -> Service) in
      { @MainActor in ServiceBox.filled(make(), disposal: disposal) }
    }
    let interface = InterfaceInfo<ServiceBox<Service>>(
      fileID: fileID, line: line, testValue: testValue.map(boxed),
      previewValue: { previewValue().map { ServiceBox.filled($0, disposal: disposal) } },
      unimplemented: unimplemented.map(boxed))
    return ServiceSpec(
      spec: ViewModelSpec(
        values: InstanceArg.Values(
          key: key, tag: tag, aliveForever: aliveForever,
          releasePolicy: ReleasePolicy(disposeDelay: disposeDelay),
          instanceType: ObjectIdentifier(ServiceBox<Service>.self)),
        interface: interface,
        builder: interfaceBuilder))
  }

  private init(
    key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool, disposeDelay: Duration?,
    inputs: AnyHashable?, onDispose: (@MainActor (Service) -> Void)?, site: SpecSite,
    build: @escaping @MainActor () throws -> ServiceBox<Service>
  ) {
    self.init(
      spec: ViewModelSpec(
        values: ServiceValues(
          key: key, tag: tag, aliveForever: aliveForever,
          releasePolicy: ReleasePolicy(disposeDelay: disposeDelay), onDispose: onDispose),
        inputs: inputs, site: site,
        builder: build))
  }
}

/// A service spec's key, tag and lifetime, and its dispose closure, which a proxy that supplies
/// only a builder keeps.
final class ServiceValues<Service>: InstanceArg.Values {
  let onDispose: (@MainActor (Service) -> Void)?

  init(
    key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool, releasePolicy: ReleasePolicy?,
    onDispose: (@MainActor (Service) -> Void)?
  ) {
    self.onDispose = onDispose
    super.init(
      key: key, tagBox: InstanceArg.TagBox(tag), aliveForever: aliveForever,
      releasePolicy: releasePolicy, instanceType: ObjectIdentifier(ServiceBox<Service>.self))
  }
}

extension ServiceSpec: InterfaceSpec {
  /// Where this spec is declared, when it is an interface (made without a builder).
  ///
  /// ```swift
  /// print(notesStoreSpec.interfaceDeclaration!)
  /// // any NotesStore(key: "notes-store"), declared at …
  /// ```
  public var interfaceDeclaration: InterfaceDeclaration? { spec.interfaceDeclaration }
}

extension ServiceSpec: RegistrySpec {
  /// See ``RegistrySpec``.
  @MainActor public var _proxyHandle: _ProxyHandle<@MainActor () throws -> Service> {
    _ProxyHandle(object: spec, values: spec.values, type: Service.self) { builder in
      spec.replacingBuilder(ServiceBox.maker(builder, onDispose: onDispose))
    }
  }
}
