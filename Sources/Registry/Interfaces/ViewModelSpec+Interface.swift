extension ViewModelSpec {
  /// Declares an interface: a view-model spec without a builder, which the composition root
  /// provides for each registry with
  /// [`provide(_:builder:)`](doc:ViewModelRegistry/provide(_:fileID:filePath:line:column:builder:)-(ViewModelSpec<VM>,_,_,_,_,_)).
  ///
  /// Put it in an interface module next to the view model's base class; features import that
  /// module and resolve the spec as any other, and only the composition root imports the module
  /// that builds the real thing. Everything but the builder — key, sharing, tag, lifetime — is
  /// the interface's, whoever provides it.
  ///
  /// ```swift
  /// // SessionInterface
  /// open class SessionViewModel: StateViewModel<Session> { … }
  /// public let sessionSpec = ViewModelSpec<SessionViewModel>(
  ///   key: "session", aliveForever: true)
  ///
  /// // The composition root
  /// registry.provide(sessionSpec) { LiveSessionViewModel() }
  /// ```
  ///
  /// Resolving an interface that nobody provided throws
  /// ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)`` from the throwing
  /// forms; `watch(_:)` and `read(_:)`, which have nothing to return, report it and stop.
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - testValue: What a test registry builds when the test provides nothing; each build
  ///     evaluates it anew. Without one, a test that resolves the interface unprovided fails.
  ///   - previewValue: What a preview registry builds when nothing is provided; `testValue` when
  ///     omitted.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  public convenience init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil,
    testValue: @autoclosure @escaping @MainActor () -> VM? = nil,
    previewValue: @autoclosure @escaping @MainActor () -> VM? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(
      values: InstanceArg.Values(key: key, tag: tag, aliveForever: aliveForever),
      releasePolicy: ReleasePolicy(disposeDelay: disposeDelay),
      interface: InterfaceInfo(
        fileID: fileID, line: line, testValue: testValue, previewValue: previewValue),
      builder: interfaceBuilder)
  }

  /// Whether this spec is an interface: declared without a builder, built by what a registry
  /// provides for it.
  ///
  /// ```swift
  /// #expect(sessionSpec.isInterface)
  /// ```
  public var isInterface: Bool { interface != nil }
}
