extension ViewModelSpec {
  /// Declares an interface whose tests get a working default: a view-model spec without a
  /// builder, which the composition root provides for each registry with
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
  /// public let sessionSpec = ViewModelSpec<SessionViewModel>.interface(
  ///   key: "session", aliveForever: true, testValue: SignedOutSession())
  ///
  /// // The composition root
  /// registry.provide(sessionSpec) { LiveSessionViewModel() }
  /// ```
  ///
  /// A test or preview registry that provides nothing builds `testValue`, quietly. An app
  /// registry that provides nothing fails the resolution with
  /// ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)``.
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - testValue: What a test registry builds when the test provides nothing; each build
  ///     evaluates it anew.
  ///   - previewValue: What a preview registry builds when nothing is provided; `testValue` when
  ///     omitted.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  /// - Returns: The interface.
  public static func interface(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, testValue: @autoclosure @escaping @MainActor () -> VM,
    previewValue: @autoclosure @escaping @MainActor () -> VM? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ViewModelSpec<VM> {
    declare(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      interface: InterfaceInfo(
        fileID: fileID, line: line, testValue: testValue, previewValue: previewValue,
        unimplemented: nil))
  }

  /// Declares an interface whose tests must provide it: a test that resolves it without a
  /// provider fails, and goes on with `unimplemented` instead of stopping.
  ///
  /// The form to use when no default makes sense in a test: a test that forgets to provide the
  /// interface fails with
  /// ``RegistryError/interfaceNotProvided(type:key:declaredAt:registry:)`` at the resolution's
  /// line, and the test, and every other test of the run, runs to its end. `unimplemented` is a
  /// stand-in that only keeps the test going: the resolution has failed already. Every other
  /// binding that comes to hold a keyed stand-in while it lives fails the same way.
  ///
  /// ```swift
  /// public let sessionSpec = ViewModelSpec<SessionViewModel>.interface(
  ///   key: "session", aliveForever: true, unimplemented: SessionViewModel())
  /// ```
  ///
  /// An app registry that provides nothing fails the resolution, as for every interface.
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - unimplemented: What a test or preview registry that provides nothing builds after
  ///     reporting it; each build evaluates it anew.
  ///   - previewValue: What a preview registry builds when nothing is provided; a preview
  ///     reports nothing, and builds the stand-in when this is omitted.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  /// - Returns: The interface.
  public static func interface(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, unimplemented: @autoclosure @escaping @MainActor () -> VM,
    previewValue: @autoclosure @escaping @MainActor () -> VM? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> ViewModelSpec<VM> {
    declare(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      interface: InterfaceInfo(
        fileID: fileID, line: line, testValue: nil, previewValue: previewValue,
        unimplemented: unimplemented))
  }

  /// Declares an interface with nothing for tests: every test must provide it.
  ///
  /// > Important: A test that resolves this interface without providing it fails, and through
  /// > `watch(_:)` or `read(_:)` — which have nothing to return — stops the whole test process,
  /// > not only that test. Prefer
  /// > [`interface(key:tag:aliveForever:disposeDelay:unimplemented:previewValue:)`](doc:interface(key:tag:aliveForever:disposeDelay:unimplemented:previewValue:fileID:line:)),
  /// > which fails the one test and goes on, or give a `testValue`.
  ///
  /// ```swift
  /// let sessionSpec = ViewModelSpec<SessionViewModel>.interface(key: "session")
  /// ```
  ///
  /// - Parameters:
  ///   - key: Shares one instance per registry under this key; `nil` makes it private.
  ///   - tag: A tag to find the instance by.
  ///   - aliveForever: Keeps the instance alive after its last holder lets go.
  ///   - disposeDelay: A grace period before a released instance is disposed.
  ///   - previewValue: What a preview registry builds when nothing is provided.
  ///   - fileID: Where the interface is declared, for messages; leave the default.
  ///   - line: The line where it is declared; leave the default.
  /// - Returns: The interface.
  public static func interface(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    disposeDelay: Duration? = nil, previewValue: @autoclosure @escaping @MainActor () -> VM? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ViewModelSpec<VM> {
    declare(
      key: key, tag: tag, aliveForever: aliveForever, disposeDelay: disposeDelay,
      interface: InterfaceInfo(
        fileID: fileID, line: line, testValue: nil, previewValue: previewValue,
        unimplemented: nil))
  }

  private static func declare(
    key: AnyHashable?, tag: AnyHashable?, aliveForever: Bool, disposeDelay: Duration?,
    interface: InterfaceInfo<VM>
  ) -> ViewModelSpec<VM> {
    ViewModelSpec(
      values: InstanceArg.Values(
        key: key, tag: tag, aliveForever: aliveForever,
        releasePolicy: ReleasePolicy(disposeDelay: disposeDelay),
        instanceType: ObjectIdentifier(VM.self)),
      interface: interface,
      builder: interfaceBuilder)
  }
}
