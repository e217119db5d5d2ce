import Registry
import RegistryTesting
import Testing

private struct Boom: Error {}

/// When the operation throws, the error is the failure: no leak check (which would fail these
/// tests), but everything is still disposed and every proxy cleared.
@MainActor
@Suite struct WithRegistryTests {
  @Test func syncOperationThatThrowsSkipsTheLeakCheckAndStillCleansUp() throws {
    let keeper = Keeper()
    var used: ViewModelRegistry?
    var leaked: LeakyViewModel?
    #expect(throws: Boom.self) {
      try withRegistry({ proxyGreeting(in: $0) }) { registry in
        used = registry
        keeper.bindings.append(ViewModelBinding())
        leaked = keeper.bindings.last?.watch(leakySpec)
        throw Boom()
      }
    }
    try expectCleanedUp(try #require(used), leaked: try #require(leaked), keeper: keeper)
  }

  @Test func asyncOperationThatThrowsSkipsTheLeakCheckAndStillCleansUp() async throws {
    let keeper = Keeper()
    var used: ViewModelRegistry?
    var leaked: LeakyViewModel?
    await #expect(throws: Boom.self) {
      try await withRegistry({ proxyGreeting(in: $0) }) { registry in
        used = registry
        await Task.yield()
        keeper.bindings.append(ViewModelBinding())
        leaked = keeper.bindings.last?.watch(leakySpec)
        throw Boom()
      }
    }
    try expectCleanedUp(try #require(used), leaked: try #require(leaked), keeper: keeper)
  }

  @Test func asyncOperationThatReturnsIsLeakCheckedSeenHereAsAKnownIssue() async {
    let keeper = Keeper()
    await withKnownIssue {
      await withRegistry { _ in
        await Task.yield()
        keeper.bindings.append(ViewModelBinding())
        _ = keeper.bindings.last?.watch(leakySpec)
      }
    } matching: {
      isLeak($0)
    }
  }

  /// "Lets bindings dropped off the main actor finish releasing": a binding whose last
  /// reference goes away on another thread queues its release on the main actor, and the leak
  /// check waits for it.
  @Test func aBindingDroppedOffTheMainActorIsReleasedBeforeTheLeakCheck() async {
    var used: ViewModelRegistry?
    await withRegistry { registry in
      used = registry
      await Task.yield()
      dropOffTheMainActor(Handoff(ViewModelBinding()))
      // Its release is queued, not done: the instance is still alive when the operation returns.
      #expect(registry.liveInstanceCount == 1)
    }
    #expect(used?.liveInstanceCount == 0)
  }

  /// A binding that outlives the scope and renders again on every refresh, holding an
  /// `aliveForever` instance (which the leak check allows): the scope's teardown disposes it and
  /// refreshes no one, so nothing is built again that nothing would dispose.
  @Test func aBindingThatOutlivesTheScopeBuildsNothingAfterItsTeardown() {
    var builds = 0
    var kept: RenderingBinding?
    var used: ViewModelRegistry?
    withRegistry { registry in
      used = registry
      let spec = ViewModelSpec(key: "session", aliveForever: true) { () -> LeakyViewModel in
        builds += 1
        return LeakyViewModel()
      }
      let binding = RenderingBinding()
      binding.render = { _ = binding.watch(spec) }
      _ = binding.watch(spec)
      kept = binding
    }
    #expect(builds == 1)
    #expect(used?.liveInstanceCount == 0)
    #expect(kept?.updates == 0)
    kept?.dispose()
  }

  /// The scope's proxies hold until its teardown has disposed everything: a dispose hook that
  /// resolves there (refused by the reset, and reported) gets what the proxy builds.
  @Test func theScopesProxiesHoldWhileItsTeardownDisposesTheReportSeenHereAsAKnownIssue() {
    var resolvedInTeardown: GreetingViewModel?
    withKnownIssue {
      withRegistry({ proxyGreeting(in: $0) }) { registry in
        let kept = ViewModelSpec(key: "kept", aliveForever: true) { LeakyViewModel() }
        let reader = ViewModelBinding()
        let model = reader.read(kept)
        reader.dispose()
        model.addDispose {
          resolvedInTeardown = ViewModelBinding(registry: registry).read(greetingSpec)
        }
      }
    } matching: { issue in
      "\(issue)".contains("being reset")
    }
    #expect(resolvedInTeardown?.owner == 9)
  }

  private func proxyGreeting(in registry: ViewModelRegistry) {
    registry.setProxy(
      ViewModelSpec(key: "greeting") { GreetingViewModel(owner: 9) }, for: greetingSpec)
  }

  private func expectCleanedUp(
    _ registry: ViewModelRegistry, leaked: LeakyViewModel, keeper: Keeper,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(keeper.bindings.first?.isDisposed == false, sourceLocation: sourceLocation)
    #expect(leaked.isDisposed, sourceLocation: sourceLocation)
    #expect(registry.liveInstanceCount == 0, sourceLocation: sourceLocation)
    // The proxy is gone: the registry builds the original spec again.
    let probe = ViewModelBinding(registry: registry)
    #expect(probe.watch(greetingSpec).owner == -1, sourceLocation: sourceLocation)
    probe.dispose()
  }
}

/// A binding whose refresh renders again, as a view does.
@MainActor
private final class RenderingBinding: ViewModelBinding {
  var render: (() -> Void)?
  private(set) var updates = 0

  override func onUpdate() {
    updates += 1
    render?()
  }
}
