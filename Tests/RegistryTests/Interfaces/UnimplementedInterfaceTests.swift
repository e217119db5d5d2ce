import Registry
import RegistryTesting
import Testing

/// A clock interface and the stand-in a test that forgets to provide it goes on with.
@MainActor
private protocol TimeSource: AnyObject {
  var now: Int { get }
}

@MainActor
private final class UnimplementedTimeSource: TimeSource {
  var now: Int { -1 }
}

@MainActor
private final class FixedTimeSource: TimeSource {
  let now: Int
  init(_ now: Int) { self.now = now }
}

private let timeInterface = ServiceSpec<any TimeSource>.interface(
  key: "time", unimplemented: UnimplementedTimeSource(), fileID: "TimeInterface/Time.swift",
  line: 4)

/// A view-model interface and its stand-in.
@MainActor
private class AccountViewModel: ViewModel {
  var user: String? { nil }
}

@MainActor
private final class SignedInAccount: AccountViewModel {
  override var user: String? { "ada@example.test" }
}

private let accountInterface = ViewModelSpec<AccountViewModel>.interface(
  key: "account", unimplemented: AccountViewModel(), fileID: "AccountInterface/Account.swift",
  line: 9)

/// A feature view model that reads both interfaces in `onCreate`, as the docs teach.
@MainActor
private final class ClockScreen: ViewModel {
  private(set) var now = 0
  private(set) var user: String?

  override func onCreate(_ arg: InstanceArg) {
    now = viewModelBinding.read(timeInterface).now
    user = viewModelBinding.watch(accountInterface).user
  }
}

private let screenSpec = ViewModelSpec(key: "screen") { ClockScreen() }
private let screenFamily = ViewModelSpecWithArg<ClockScreen, Int> { _ in ClockScreen() }
private let asyncScreenSpec = AsyncViewModelSpec(key: "async-screen") { ClockScreen() }

/// A service whose builder resolves the clock.
@MainActor
private final class Stamper {
  let time: any TimeSource
  init(time: any TimeSource) { self.time = time }
}

private let stamperSpec = ServiceSpec(key: "stamper") { dependencies in
  Stamper(time: dependencies.read(timeInterface))
}

private let timeMissing = RegistryError.interfaceNotProvided(
  type: "any TimeSource", key: "\"time\"", declaredAt: "TimeInterface/Time.swift:4",
  registry: "test")
private let accountMissing = RegistryError.interfaceNotProvided(
  type: "AccountViewModel", key: "\"account\"", declaredAt: "AccountInterface/Account.swift:9",
  registry: "test")

/// Every way feature code resolves an interface.
enum ResolutionPath: String, CaseIterable, CustomTestStringConvertible {
  case bindingRead, bindingWatch, onCreate, serviceBuilder, host, family, asyncSpec

  var testDescription: String { rawValue }
}

/// "A test that resolves an interface nobody provided, and that has no `testValue`, fails that
/// test": with an interface declared with `unimplemented:`, the resolution reports
/// `interfaceNotProvided` at its own line and goes on with the stand-in, so nothing stops the
/// test process. In a test registry with a recording reporter, the report is read here instead
/// of failing the test.
@MainActor
@Suite struct UnimplementedInterfaceTests {
  private func withTestContextRegistry(
    _ body: (ViewModelRegistry, RecordingIssueReporter) async throws -> Void
  ) async rethrows {
    let registry = ViewModelRegistry(name: "test", context: .test)
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    try await registry.withCurrent { try await body(registry, reporter) }
    registry.disposeAll()
    #expect(registry.liveInstanceCount == 0)
  }

  @Test(arguments: ResolutionPath.allCases)
  func anUnprovidedInterfaceIsReportedAndTheResolutionGoesOnWithItsStandIn(
    path: ResolutionPath
  ) async throws {
    try await withTestContextRegistry { registry, reporter in
      let binding = ViewModelBinding(label: "Test")
      let expected: [RegistryError]
      switch path {
      case .bindingRead:
        #expect(binding.read(timeInterface).now == -1)
        expected = [timeMissing]
      case .bindingWatch:
        #expect(binding.watch(accountInterface).user == nil)
        expected = [accountMissing]
      case .onCreate:
        let screen = binding.watch(screenSpec)
        #expect(screen.now == -1 && screen.user == nil)
        expected = [timeMissing, accountMissing]
      case .serviceBuilder:
        #expect(binding.read(stamperSpec).time.now == -1)
        expected = [timeMissing]
      case .host:
        let host = ViewModelHost<AccountViewModel>(registry: registry)
        #expect(host.require(accountInterface).user == nil)
        host.release()
        expected = [accountMissing]
      case .family:
        #expect(binding.watch(screenFamily(1)).now == -1)
        expected = [timeMissing, accountMissing]
      case .asyncSpec:
        let screen = try await binding.watchAsync(asyncScreenSpec)
        #expect(screen.now == -1)
        expected = [timeMissing, accountMissing]
      }
      #expect(reporter.errors == expected)
      // Each report is at the line that resolved, where the test's author looks.
      #expect(reporter.issues.allSatisfy { $0.line > 0 })
      binding.dispose()
    }
  }

  /// The stand-in is the instance, shared and held like a provided one, and it fails every
  /// resolution that comes to hold it, not only the one that built it: whether a line is
  /// reported does not depend on whether another binding's stand-in is still alive. A binding's
  /// re-read of what it holds already is quiet.
  @Test func theStandInIsSharedAndEveryBindingThatComesToHoldItIsReported() async {
    await withTestContextRegistry { registry, reporter in
      let first = ViewModelBinding(label: "First")
      let second = ViewModelBinding(label: "Second")
      let time = first.read(timeInterface)
      let firstLine = reporter.issues.last?.line
      #expect(second.read(timeInterface) === time)
      #expect(reporter.errors == [timeMissing, timeMissing])
      #expect(reporter.issues.last?.line != firstLine)
      // Re-reads of what each binding holds: nothing more.
      #expect(first.read(timeInterface) === time)
      #expect(second.read(timeInterface) === time)
      #expect(reporter.errors.count == 2)
      // A view-model interface the same way.
      let account = first.watch(accountInterface)
      #expect(second.watch(accountInterface) === account)
      #expect(reporter.errors == [timeMissing, timeMissing, accountMissing, accountMissing])
      #expect(registry.liveInstanceCount == 2)
      first.dispose()
      second.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// "The throwing forms throw it", also while another binding's stand-in lives: the caller
  /// gets the error, not the stand-in, and holds nothing.
  @Test func aThrowingFormThrowsWhileTheStandInLivesAndHoldsNothing() async {
    await withTestContextRegistry { registry, reporter in
      let first = ViewModelBinding(label: "First")
      let time = first.read(timeInterface)
      let account = first.watch(accountInterface)
      let other = ViewModelBinding(label: "Other")
      #expect(throws: timeMissing) { try other.readThrowing(timeInterface) }
      #expect(throws: accountMissing) { try other.watchThrowing(accountInterface) }
      #expect(throws: accountMissing) { try other.readThrowing(accountInterface) }
      // Reported once each, for the resolutions that built them; the throws are the caller's.
      #expect(reporter.errors == [timeMissing, accountMissing])
      other.dispose()
      #expect(registry.liveInstanceCount == 2 && !account.isDisposed)
      _ = time
      // The other binding held nothing: the first one's release is the last.
      first.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A preview registry builds the stand-in quietly, and every binding that comes to hold it
  /// later is quiet too.
  @Test func aPreviewRegistryIsQuietForEveryBindingThatComesToHoldTheStandIn() {
    let registry = ViewModelRegistry(name: "preview", context: .preview)
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    registry.withCurrent {
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let time = first.read(timeInterface)
      #expect(second.read(timeInterface) === time)
      #expect((try? second.readThrowing(timeInterface)) === time)
      #expect(reporter.issues.isEmpty)
      first.dispose()
      second.dispose()
    }
    #expect(registry.liveInstanceCount == 0)
  }

  /// "The throwing forms throw it", with a stand-in too: the caller chose to handle it.
  @Test func theThrowingFormsThrowAndBuildNothing() async {
    await withTestContextRegistry { registry, reporter in
      let binding = ViewModelBinding()
      #expect(throws: timeMissing) { try binding.readThrowing(timeInterface) }
      #expect(throws: accountMissing) { try binding.watchThrowing(accountInterface) }
      #expect(reporter.issues.isEmpty)
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// An app's registry builds no test value and no stand-in: "An app registry still stops",
  /// and its throwing forms throw before anything is built or reported.
  @Test func anAppRegistryBuildsNeitherTheTestValueNorTheStandIn() {
    let registry = ViewModelRegistry(name: "app")
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    var testValuesMade = 0
    let quiet = ServiceSpec<any TimeSource>.interface(
      key: "quiet-time",
      testValue: {
        testValuesMade += 1
        return FixedTimeSource(1)
      }())
    registry.withCurrent {
      let binding = ViewModelBinding()
      let error = #expect(throws: RegistryError.self) { try binding.readThrowing(quiet) }
      #expect(error?.description.contains("No provider for the interface") == true)
      #expect(throws: RegistryError.self) { try binding.readThrowing(timeInterface) }
      #expect(testValuesMade == 0)
      #expect(reporter.issues.isEmpty)
      #expect(registry.liveInstanceCount == 0)
      #expect(registry.snapshot().instances.isEmpty)
      binding.dispose()
    }
  }

  /// A provider, a proxy or a test value wins over the stand-in, and nothing is reported.
  @Test func aProviderOrAProxyIsUsedAndNothingIsReported() async {
    await withTestContextRegistry { registry, reporter in
      registry.provide(timeInterface) { FixedTimeSource(7) }
      registry.setProxy(for: accountInterface) { SignedInAccount() }
      let binding = ViewModelBinding()
      let screen = binding.watch(screenSpec)
      #expect(screen.now == 7)
      #expect(screen.user == "ada@example.test")
      #expect(reporter.issues.isEmpty)
      binding.dispose()
    }
  }

  /// Under the `.registry` trait the report is a test issue at the resolution's line, with the
  /// whole message: it fails this test, and only this one.
  @Test func underTheTraitTheResolutionFailsTheTestWithTheMessageAKnownIssue() {
    withKnownIssue {
      withRegistry { _ in
        let binding = ViewModelBinding()
        _ = binding.watch(screenSpec)
        binding.dispose()
      }
    } matching: { issue in
      issue.sourceLocation?.fileName == "UnimplementedInterfaceTests.swift"
        && issue.comments.contains { comment in
          comment.rawValue == timeMissing.description
            || comment.rawValue == accountMissing.description
        }
    }
  }
}
