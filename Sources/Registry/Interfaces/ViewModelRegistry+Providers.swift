extension ViewModelRegistry {
  /// Provides a view-model interface for this registry: every build of `interface` here — and in
  /// registries that inherit this one's providers — runs `builder`.
  ///
  /// Call it once per interface, at the composition root, before anything resolves it. The
  /// interface keeps its own key, sharing, tag and lifetime; the provider supplies only how to
  /// build.
  ///
  /// ```swift
  /// registry.provide(sessionSpec) { LiveSessionViewModel() }
  /// ```
  ///
  /// > Important: Mistakes are reported and change nothing: a spec with a builder of its own
  /// > (``RegistryError/notAnInterface(type:key:)``), a second provider for one interface
  /// > (``RegistryError/providedTwice(type:key:firstAt:registry:)``), and a provider given after
  /// > the interface was resolved here
  /// > (``RegistryError/providedAfterResolution(type:key:registry:)``).
  ///
  /// - Parameters:
  ///   - interface: An interface: a spec declared without a builder.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Builds the instance; it may throw (see
  ///     ``ViewModelBinding/watchThrowing(_:)-(ViewModelSpec<VM>)``).
  public func provide<VM: ViewModel>(
    _ interface: ViewModelSpec<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    builder: @escaping @MainActor () throws -> VM
  ) {
    addProvider(
      builder, for: interface, operation: "provide(_:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Provides a service interface for this registry: every build of `interface` here — and in
  /// registries that inherit this one's providers — runs `builder`.
  ///
  /// The interface keeps its key, sharing, tag and lifetime; the provider supplies how to build
  /// and, optionally, how to dispose. The mistakes of
  /// [`provide(_:builder:)`](doc:provide(_:fileID:filePath:line:column:builder:)-(ViewModelSpec<VM>,_,_,_,_,_))
  /// are reported the same way and change nothing.
  ///
  /// ```swift
  /// registry.provide(notesStoreSpec) { FileNotesStore(directory: appSupport) }
  /// ```
  ///
  /// - Parameters:
  ///   - interface: A service interface: a ``ServiceSpec`` declared without a builder.
  ///   - onDispose: Runs once when a service it built is disposed, in place of
  ///     ``RegistryDisposable/dispose()``.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Makes the service; it may throw.
  public func provide<Service>(
    _ interface: ServiceSpec<Service>, onDispose: (@MainActor (Service) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, builder: @escaping @MainActor () throws -> Service
  ) {
    addProvider(
      ServiceBox.maker(builder, onDispose: onDispose), for: interface.spec,
      operation: "provide(_:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Provides a service interface whose builder resolves the service's own dependencies
  /// through the service's own binding.
  ///
  /// ```swift
  /// registry.provide(notesStoreSpec) { dependencies in
  ///   SyncedNotesStore(api: dependencies.read(apiSpec))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interface: A service interface.
  ///   - onDispose: Runs once when a service it built is disposed.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  ///   - builder: Makes the service from its dependencies; it may throw.
  public func provide<Service>(
    _ interface: ServiceSpec<Service>, onDispose: (@MainActor (Service) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, builder: @escaping @MainActor (ViewModelBinding) throws -> Service
  ) {
    addProvider(
      ServiceBox.maker(resolving: builder, onDispose: onDispose), for: interface.spec,
      operation: "provide(_:builder:)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Every interface in `interfaces` that nobody provides for this registry (nor for the
  /// registries it inherits providers from), in the order given; builds nothing.
  ///
  /// Call it in a test of the composition root, so that a forgotten provider fails CI instead
  /// of the app. Specs with a builder of their own never need one and are never listed; an
  /// interface's `testValue` does not count as a provider.
  ///
  /// ```swift
  /// let registry = ViewModelRegistry(name: "app")
  /// CompositionRoot.provideLive(in: registry)
  /// #expect(registry.missingProviders(for: NotesInterfaces.all).isEmpty)
  /// ```
  ///
  /// - Parameter interfaces: The interfaces an app uses, each module's list together.
  /// - Returns: The unprovided ones, each with where it is declared.
  public func missingProviders(for interfaces: [any InterfaceSpec]) -> [InterfaceDeclaration] {
    var seen: Set<InterfaceDeclaration> = []
    return interfaces.compactMap(\.interfaceDeclaration).filter { declaration in
      seen.insert(declaration).inserted && !provides(declaration.identity)
    }
  }

  /// Throws when any interface in `interfaces` is unprovided; builds nothing.
  ///
  /// ```swift
  /// try registry.checkProviders(
  ///   for: NotesInterfaces.all + SettingsInterfaces.all)
  /// ```
  ///
  /// - Parameter interfaces: The interfaces an app uses.
  /// - Throws: ``RegistryError/missingProviders(registry:interfaces:)``, listing every one.
  public func checkProviders(for interfaces: [any InterfaceSpec]) throws(RegistryError) {
    let missing = missingProviders(for: interfaces)
    guard !missing.isEmpty else { return }
    throw .missingProviders(registry: name, interfaces: missing.map(\.description))
  }

  /// Adds a provider for `interface`, or reports why it cannot.
  func addProvider<VM: ViewModel>(
    _ build: @escaping @MainActor () throws -> VM, for interface: ViewModelSpec<VM>,
    operation: StaticString, at site: CallSite
  ) {
    // Described only for a message: describing a type costs a conformance lookup.
    let type = { Describe.type(VM.self) }
    let key = { Describe.key(interface.key) }
    guard interface.interface != nil else {
      report(.notAnInterface(type: type(), key: key()), at: site)
      return
    }
    warnIfDefaultRegistryWrittenInTest(operation: operation, at: site)
    let entry = ProviderTable.Entry(
      build: build, providedAt: "\(site.fileID):\(site.line)", layer: providers.layer)
    switch providers.add(entry, for: interface.ownIdentity) {
    case nil: break
    case .alreadyProvided(let firstAt):
      report(.providedTwice(type: type(), key: key(), firstAt: firstAt, registry: name), at: site)
    case .alreadyResolved:
      report(.providedAfterResolution(type: type(), key: key(), registry: name), at: site)
    }
  }

  /// The provider for `identity` of the nearest registry this one inherits providers from.
  private func inheritedProvider(for identity: InstanceIdentity) -> ProviderTable.Entry? {
    var registry = inheritsProvidersFrom
    while let current = registry {
      if let entry = current.providers.entry(for: identity) { return entry }
      registry = current.inheritsProvidersFrom
    }
    return nil
  }

  /// Whether this registry or one it inherits from provides `identity`.
  private func provides(_ identity: InstanceIdentity) -> Bool {
    providers.entry(for: identity) != nil || inheritedProvider(for: identity) != nil
  }

  /// Before an interface is built for a resolution: when nothing here provides it and this
  /// registry's context gives it no quiet default, a resolution that can throw (no `site`)
  /// throws ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)``; one that
  /// cannot, in a test, reports it at `site` and goes on to build the interface's stand-in — so
  /// a test that forgot a provider fails, and the test process goes on. Without a stand-in (or
  /// in an app) the build throws, and a resolution that cannot throw stops, as documented.
  func checkProvided<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, interface: InterfaceInfo<VM>, site: CallSite?
  ) throws(RegistryError) {
    guard !interface.hasQuietDefault(in: context), !provides(spec.ownIdentity) else { return }
    let error = RegistryError.interfaceNotProvided(
      type: Describe.type(VM.self), key: Describe.key(spec.key),
      declaredAt: interface.declaredAt, registry: name)
    guard let site, interface.unimplemented != nil, context != .live else { throw error }
    report(error, at: site)
  }

  /// Builds an interface: with its provider, else with the default this registry's context
  /// allows (its stand-in included, which ``checkProvided(_:interface:site:)`` reported);
  /// throws when there is none.
  func buildProvided<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, interface: InterfaceInfo<VM>
  ) throws -> VM {
    let identity = spec.ownIdentity
    // This registry's own provider: one lookup. Nothing to note, as providing again is refused
    // as a second provider anyway. The identity names the type, so the cast holds.
    if let entry = providers.entry(for: identity) {
      entry.hasBuilt = true
      return try entry.build() as! VM
    }
    if let entry = inheritedProvider(for: identity) {
      providers.noteResolved(identity)
      return try entry.build() as! VM
    }
    if let value = interface.defaultValue(in: context) {
      providers.noteResolved(identity)
      // The stand-in (a test registry's default without a test value), which
      // ``checkProvided(_:interface:site:)`` reported: whoever comes to hold it later is told too.
      if context == .test, interface.testValue == nil {
        value.extras.unprovidedInterface = RegistryError.interfaceNotProvided(
          type: Describe.type(VM.self), key: Describe.key(spec.key),
          declaredAt: interface.declaredAt, registry: name)
      }
      return value
    }
    throw RegistryError.interfaceNotProvided(
      type: Describe.type(VM.self), key: Describe.key(spec.key),
      declaredAt: interface.declaredAt, registry: name)
  }
}
