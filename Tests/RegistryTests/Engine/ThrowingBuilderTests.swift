import Registry
import RegistryTesting
import Testing

private struct OpenFailure: Error, Equatable {}

@MainActor
@Suite struct ThrowingBuilderTests {
  @Test func errorReachesTheCallerAndTheNextResolutionRetries() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      var attempts = 0
      let spec = ViewModelSpec<ProbeViewModel>(
        key: "store",
        throwingBuilder: {
          attempts += 1
          if attempts == 1 { throw OpenFailure() }
          return ProbeViewModel("store", log: log)
        })
      let binding = ViewModelBinding()
      #expect(throws: OpenFailure()) { try binding.watchThrowing(spec) }
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events.isEmpty)
      let store = try binding.readThrowing(spec)
      #expect(attempts == 2)
      #expect(log.events == ["create store", "bind store \(binding.id)"])
      binding.dispose()
      #expect(store.isDisposed)
    }
  }

  @Test func dependenciesResolvedBeforeTheThrowAreReleased() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let dependency = ViewModelSpec(key: "dep") { ProbeViewModel("dep", log: log) }
      let failing = ViewModelSpec<ProbeViewModel>(
        key: "f",
        throwingBuilder: {
          let model = ProbeViewModel("f", log: log)
          _ = model.viewModelBinding.watch(dependency)
          throw OpenFailure()
        })
      #expect(throws: OpenFailure()) { try ViewModelBinding().watchThrowing(failing) }
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events(startingWith: "dispose") == ["dispose dep"])
    }
  }

  /// "This call leaves nothing held, and nothing registered but what its spec keeps past its
  /// last holder": an `aliveForever` dependency stays, one with a grace period waits it out, and
  /// neither is held.
  @Test(arguments: [false, true])
  func aDependencyKeptPastItsLastHolderStaysAfterTheThrow(aliveForever: Bool) {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let log = EventLog()
      let dependency =
        aliveForever
        ? ViewModelSpec(key: "dep", aliveForever: true) { ProbeViewModel("dep", log: log) }
        : ViewModelSpec(key: "dep", disposeDelay: .seconds(30)) { ProbeViewModel("dep", log: log) }
      let failing = ViewModelSpec<ProbeViewModel>(
        key: "f",
        throwingBuilder: {
          let model = ProbeViewModel("f", log: log)
          _ = model.viewModelBinding.watch(dependency)
          throw OpenFailure()
        })
      #expect(throws: OpenFailure()) { try ViewModelBinding().watchThrowing(failing) }
      let left = registry.snapshot().instances
      #expect(left.map(\.name) == [#"ProbeViewModel(key: "dep")"#])
      #expect(left.map(\.holders.count) == [0])
      #expect(left.map(\.isAwaitingDisposal) == [!aliveForever])
      clock.advance(by: .seconds(30))
      #expect(registry.liveInstanceCount == (aliveForever ? 1 : 0))
      registry.disposeAll()
    }
  }

  @Test func familyWithThrowingBuilder() {
    withTestRegistry { registry, _ in
      let files = ViewModelSpecWithArg<ProbeViewModel, String>(throwingBuilder: { name in
        if name.isEmpty { throw OpenFailure() }
        return ProbeViewModel(name, log: EventLog())
      })
      let binding = ViewModelBinding()
      #expect(throws: OpenFailure()) { try binding.watchThrowing(files("")) }
      #expect((try? binding.watchThrowing(files("a")))?.name == "a")
      #expect(registry.liveInstanceCount == 1)
    }
  }

  @Test func builderReturningAnInstanceTwiceIsRejected() {
    withTestRegistry { registry, _ in
      let shared = ProbeViewModel("one", log: EventLog())
      let first = ViewModelSpec(key: 1) { shared }
      let second = ViewModelSpec(key: 2) { shared }
      let binding = ViewModelBinding()
      #expect(binding.watch(first) === shared)
      #expect(throws: RegistryError.builderReusedInstance(type: "ProbeViewModel", key: "2")) {
        try binding.watchThrowing(second)
      }
      #expect(registry.liveInstanceCount == 1)
    }
  }

  @Test func buildFailedMessageSaysHowToFix() {
    let error = RegistryError.buildFailed(
      operation: "watch(_:)", type: "StoreViewModel", key: "\"store\"", error: "OpenFailure()")
    #expect(
      error.description == """
        watch(_:) could not build StoreViewModel: its builder threw.
          Type: StoreViewModel   Key: "store"   Error: OpenFailure()
        watch(_:) and read(_:) cannot throw, so there is no instance to return and the program stops; nothing was registered.
        To fix, resolve this spec with watchThrowing(_:) or readThrowing(_:) and handle the error.
        """)
  }

  @Test func watchOfAThrowingBuilderStopsTheProgram() async {
    // The one documented stop: watch(_:) has no instance to return.
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let registry = ViewModelRegistry(name: "exit")
        registry.issueReporter = RecordingIssueReporter()
        let spec = ViewModelSpec<ProbeViewModel>(throwingBuilder: { throw OpenFailure() })
        _ = ViewModelBinding(registry: registry).watch(spec)
      }
    }
  }
}
