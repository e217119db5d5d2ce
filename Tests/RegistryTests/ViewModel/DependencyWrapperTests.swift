import Registry
import RegistryTesting
import Testing

/// A dependency that says when it is disposed and counts its refreshes.
@MainActor
private final class Session: ViewModel {
  let log: EventLog
  var user = "signed out"

  init(log: EventLog) {
    self.log = log
  }

  func signIn(_ user: String) {
    update { self.user = user }
  }

  override func dispose() {
    log.append("dispose session")
    super.dispose()
  }
}

@MainActor
private protocol Clock: AnyObject {
  var now: Int { get }
}

@MainActor
private final class FixedClock: Clock {
  let now: Int
  init(_ now: Int) { self.now = now }
}

/// The specs the wrappers below name; each test's registry builds its own instances.
@MainActor private let sessionLog = EventLog()
private let sessionSpec = ViewModelSpec(key: "session") { Session(log: sessionLog) }
private let clockSpec = ServiceSpec<any Clock>(key: "clock") { FixedClock(1) }
private let clockInterface = ServiceSpec<any Clock>.interface(
  key: "clock-interface", unimplemented: FixedClock(-1))
private let sessions = ViewModelSpecWithArg<Session, Int> { _ in Session(log: sessionLog) }

/// A view model that declares its dependencies with the wrappers, and writes what its hooks see.
@MainActor
private final class Screen: ViewModel {
  @Watch(sessionSpec) var session
  @Read(clockSpec) var clock
  @Read(clockInterface) var interfaceClock
  @Read(sessions(7)) var seventh
  private(set) var notified: [String] = []
  private(set) var sessionAliveAtDispose: Bool?

  override func onCreate(_ arg: InstanceArg) {
    _ = session  // followed from creation on
  }

  override func onDependencyNotify(_ viewModel: ViewModel) {
    notified.append((viewModel as? Session)?.user ?? "?")
  }

  override func onDispose(_ arg: InstanceArg) {
    sessionAliveAtDispose = !session.isDisposed
  }
}

private let screenSpec = ViewModelSpec(key: "screen") { Screen() }

/// A view model that reads its dependency too early: in its initializer.
@MainActor
private final class EagerScreen: ViewModel {
  @Read(clockSpec) var clock  // eagerClockLine
  private(set) var nowAtInit = 0

  override init() {
    super.init()
    nowAtInit = clock.now
  }
}

/// The line `EagerScreen` declares its clock on, as the report names it.
private let eagerClockLine = 72

/// Reads a shared view model in its initializer, too early, and keeps what it got.
@MainActor
private final class EagerSessionScreen: ViewModel {
  @Read(sessionSpec) var session
  private(set) var sessionAtInit: Session?

  override init() {
    super.init()
    sessionAtInit = session
  }
}

/// "Inside a `ViewModel` subclass, one line declares a dependency … It resolves through the
/// view model's own binding on first access, with exactly the holding, change propagation,
/// disposal, proxy and interface rules of `viewModelBinding.read` and `.watch`."
@MainActor
@Suite struct DependencyWrapperTests {
  /// A builder that returns a view model made and disposed by hand, resolved through a disposed
  /// binding: the reuse is reported ("`builderReusedInstance`"), and nothing else is done to
  /// the instance — its wrappers are not attached, which would report its disposed binding.
  @Test func aReusedDisposedInstanceKeepsItsWrappersAsTheyAre() {
    withTestRegistry { _, reporter in
      let handMade = Screen()
      handMade.dispose()
      let binding = ViewModelBinding()
      binding.dispose()
      #expect(binding.read(ViewModelSpec { handMade }) === handMade)
      #expect(
        !reporter.errors.contains {
          if case .viewModelDisposed = $0 { return true }
          return false
        })
      #expect(
        reporter.errors.contains {
          if case .builderReusedInstance = $0 { return true }
          return false
        })
    }
  }

  @Test func aWrapperResolvesThroughTheViewModelsOwnBindingOnFirstAccess() {
    withTestRegistry { registry, reporter in
      let binding = ViewModelBinding(label: "Host")
      let screen = binding.watch(screenSpec)
      // `session` was touched in onCreate; the others are not built until first read.
      #expect(registry.liveInstanceCount == 2)
      #expect(screen.clock.now == 1)
      #expect(screen.seventh !== screen.session)
      #expect(registry.liveInstanceCount == 4)
      // Every later access is the held re-read: the same instances, one holder each.
      #expect(screen.session === screen.session)
      #expect(screen.clock === screen.clock)
      let holders = registry.snapshot().instances.filter { $0.typeName != "Screen" }
        .map { $0.holders.map(\.label) }
      #expect(holders.allSatisfy { $0 == ["Screen(key: \"screen\").viewModelBinding"] })
      #expect(reporter.issues.isEmpty)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// `@Watch` refreshes the view model once per change of its dependency; `@Read` does not.
  @Test func aWatchedDependencyRefreshesTheViewModelOncePerChange() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      var refreshes = 0
      let host = ViewModelBinding { refreshes += 1 }
      let screen = binding.read(screenSpec)
      _ = host.watch(screenSpec)
      screen.session.signIn("ada")
      screen.session.signIn("grace")
      #expect(screen.notified == ["ada", "grace"])
      #expect(refreshes == 2)
      binding.dispose()
      host.dispose()
    }
  }

  /// The dependency lives at least as long as the view model: its `onDispose` sees it alive,
  /// and it is disposed exactly once after, when it was the last holder.
  @Test func theDependencyOutlivesTheViewModelAndIsDisposedOnce() {
    withTestRegistry { _, _ in
      sessionLog.removeAll()
      let binding = ViewModelBinding()
      let screen = binding.watch(screenSpec)
      let session = screen.session
      binding.dispose()
      #expect(screen.sessionAliveAtDispose == true)
      #expect(session.isDisposed)
      #expect(sessionLog.events == ["dispose session"])
    }
  }

  /// Proxies and interfaces apply as to any resolution.
  @Test func proxiesAndProvidersServeTheWrappers() {
    withTestRegistry { registry, reporter in
      registry.setProxy(for: clockSpec) { FixedClock(2) }
      registry.provide(clockInterface) { FixedClock(3) }
      let binding = ViewModelBinding()
      let screen = binding.watch(screenSpec)
      #expect(screen.clock.now == 2)
      #expect(screen.interfaceClock.now == 3)
      #expect(reporter.issues.isEmpty)
      binding.dispose()
    }
  }

  /// Under a test registry, an unprovided interface read through a wrapper fails the test and
  /// goes on with its stand-in, as `read` does.
  @Test func anUnprovidedInterfaceReadThroughAWrapperGoesOnWithItsStandIn() {
    let registry = ViewModelRegistry(name: "test", context: .test)
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    registry.withCurrent {
      let binding = ViewModelBinding()
      #expect(binding.watch(screenSpec).interfaceClock.now == -1)
      guard case .interfaceNotProvided = reporter.errors.first else {
        Issue.record("expected interfaceNotProvided, got \(reporter.errors)")
        return
      }
      binding.dispose()
    }
    registry.disposeAll()
  }

  /// Misuse is a `RegistryError`, never a trap: a read in the initializer (the builder is
  /// running), on a view model made by hand, and after disposal are each reported, and answered
  /// without a hold.
  @Test func aReadBeforeRegistrationOrAfterDisposalIsReportedAndAnswered() {
    withTestRegistry { registry, reporter in
      let binding = ViewModelBinding()
      let eager = binding.watch(ViewModelSpec(key: "eager") { EagerScreen() })
      #expect(eager.nowAtInit == 1)
      let early = RegistryError.dependencyBeforeRegistration(
        wrapper: "@Read", type: "any Clock", key: "\"clock\"",
        declaredAt: "RegistryTests/DependencyWrapperTests.swift:\(eagerClockLine)")
      #expect(reporter.errors == [early])
      #expect(reporter.issues.first?.fileID == "RegistryTests/DependencyWrapperTests.swift")
      #expect(
        early.description == """
          A @Read property of any Clock(key: "clock") was read before its view model was registered.
            Type: any Clock   Key: "clock"   Declared at: RegistryTests/DependencyWrapperTests.swift:\(eagerClockLine)
          A dependency is resolved through its view model's own binding, which the registry gives the property when it registers the view model, right before onCreate; in the initializer (which the builder runs), or on a view model made without a registry, there is none. It was answered without a hold: by the live shared instance, or else a new one that no registry tracks.
          To fix, read it in onCreate or later, and build the view model through a spec (binding.watch(spec)), not by hand.
          """)
      // Registered now: the read is held as usual.
      #expect(eager.clock.now == 1)
      #expect(reporter.errors.count == 1)
      reporter.removeAll()

      let byHand = EagerScreen()
      #expect(byHand.clock.now == 1)
      #expect(reporter.errors == [early, early])
      reporter.removeAll()

      let screen = binding.watch(screenSpec)
      binding.dispose()
      #expect(screen.isDisposed)
      #expect(screen.clock.now == 1)
      #expect(
        reporter.errors == [
          .viewModelDisposed(operation: "@Read var clock", type: "Screen", key: "\"screen\"")
        ])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A read too early is answered by the live shared instance when there is one, without a
  /// hold: the instance goes when the binding that held it lets go.
  @Test func aReadBeforeRegistrationGetsTheLiveSharedInstanceUnheld() {
    withTestRegistry { registry, reporter in
      let holder = ViewModelBinding()
      let shared = holder.read(sessionSpec)
      let binding = ViewModelBinding()
      let screen = binding.watch(ViewModelSpec(key: "eager-session") { EagerSessionScreen() })
      #expect(screen.sessionAtInit === shared)
      #expect(
        reporter.errors.map { error -> String in
          guard case .dependencyBeforeRegistration(let wrapper, let type, let key, _) = error
          else { return "\(error)" }
          return "\(wrapper) \(type) \(key ?? "nil")"
        } == [#"@Read Session "session""#])
      holder.dispose()
      #expect(shared.isDisposed)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A view model built for a resolution that a disposed binding asked for (one no registry
  /// tracks) reads its wrappers as its `viewModelBinding` reads: through its own binding, with
  /// no report about registration, and nothing built twice.
  @Test func aViewModelBuiltForADisposedBindingReadsItsWrappersThroughItsOwnBinding() {
    withTestRegistry { registry, reporter in
      let disposed = ViewModelBinding()
      disposed.dispose()
      let screen = disposed.watch(screenSpec)
      #expect(
        reporter.errors.map(\.description).allSatisfy { !$0.contains("before its view model") })
      let session = screen.session
      #expect(screen.session === session)
      #expect(screen.clock === screen.clock)
      #expect(
        reporter.errors.map(\.description).allSatisfy { !$0.contains("before its view model") })
      screen.viewModelBinding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// Bulk disposals treat a wrapper's dependency as they treat any: the view model goes first.
  @Test func aBulkDisposalDisposesTheViewModelBeforeItsWrappedDependency() {
    withTestRegistry { registry, _ in
      sessionLog.removeAll()
      let binding = ViewModelBinding()
      let screen = binding.watch(screenSpec)
      registry.disposeAll()
      #expect(screen.sessionAliveAtDispose == true)
      #expect(sessionLog.events == ["dispose session"])
      binding.dispose()
    }
  }
}
