import Registry
import RegistryTesting
import Testing

/// A service interface with no default for tests.
@MainActor
protocol TimeSource: AnyObject {
  var now: Int { get }
}

@MainActor
final class FixedClock: TimeSource {
  let now: Int
  init(now: Int) { self.now = now }
}

let clockInterface = ServiceSpec<any TimeSource>.interface(
  key: "clock", fileID: "ClockInterface/Clock.swift", line: 4)
/// An interface whose default serves every test that provides nothing.
let dateFormatInterface = ServiceSpec<String>.interface(key: "date-format", testValue: "yyyy-MM-dd")

@MainActor
@Suite struct InterfaceTraitTests {
  // "The `.registry` trait can provide interfaces per test."
  @Test(.registry { $0.provide(clockInterface) { FixedClock(now: 42) } })
  func theTraitProvidesAnInterfaceForOneTest() {
    let binding = ViewModelBinding()
    #expect(binding.read(clockInterface).now == 42)
    binding.dispose()
  }

  @Test(.registry { $0.provide(clockInterface) { FixedClock(now: 7) } })
  func anotherTestProvidesItsOwn() {
    let binding = ViewModelBinding()
    #expect(binding.read(clockInterface).now == 7)
    binding.dispose()
  }

  // "An interface may declare a default for tests and previews beside itself."
  @Test(.registry) func anInterfacesTestValueServesATestThatProvidesNothing() {
    #expect(ViewModelRegistry.current.context == .test)
    let binding = ViewModelBinding()
    #expect(binding.read(dateFormatInterface) == "yyyy-MM-dd")
    binding.dispose()
  }

  // "An interface that a test uses without providing fails that test with the message."
  @Test(.registry) func anUnprovidedInterfaceFailsTheTestWithItsMessageAsAKnownIssue() throws {
    // The matcher's form rethrows an error it does not match: this one matches.
    try withKnownIssue {
      let binding = ViewModelBinding()
      defer { binding.dispose() }
      _ = try binding.readThrowing(clockInterface)
    } matching: { issue in
      guard let error = issue.error as? RegistryError else { return false }
      return error.description.hasPrefix(
        "No provider for the interface any TimeSource(key: \"clock\") in registry \"anUnprovidedInterfaceFailsTheTestWithItsMessageAsAKnownIssue()\"."
      )
        && error.description.contains("Declared at: ClockInterface/Clock.swift:4")
    }
  }

  // "A proxy or provider written to the process-wide default registry while a Swift Testing
  // test runs without the `.registry` trait is reported as a warning that names the test."
  @Test func writingToTheDefaultRegistryInATestIsAWarningThatNamesTheTest() {
    let registry = ViewModelRegistry.default
    let previous = registry.issueReporter
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    defer { registry.issueReporter = previous }
    let spec = ViewModelSpec(key: "default-registry-warning") { GreetingViewModel(owner: 1) }
    let interface = ServiceSpec<Int>.interface(key: "default-registry-warning")
    registry.setProxy(for: spec) { GreetingViewModel(owner: 2) }
    registry.setProxy(
      ViewModelSpec(key: "default-registry-warning") { GreetingViewModel(owner: 3) }, for: spec)
    registry.provide(interface) { 1 }
    registry.withProxy(
      ViewModelSpec(key: "default-registry-warning") { GreetingViewModel(owner: 4) }, for: spec
    ) {}
    registry.withProxy(for: spec, builder: { GreetingViewModel(owner: 5) }) {}
    registry.clearProxy(for: spec)
    let test = "writingToTheDefaultRegistryInATestIsAWarningThatNamesTheTest()"
    let warnings = reporter.issues.filter {
      if case .defaultRegistryWrittenInTest = $0.error { return true }
      return false
    }
    #expect(
      warnings.map(\.error) == [
        .defaultRegistryWrittenInTest(operation: "setProxy(for:builder:)", test: test),
        .defaultRegistryWrittenInTest(operation: "setProxy(_:for:)", test: test),
        .defaultRegistryWrittenInTest(operation: "provide(_:builder:)", test: test),
        .defaultRegistryWrittenInTest(operation: "withProxy(_:for:operation:)", test: test),
        .defaultRegistryWrittenInTest(operation: "withProxy(for:builder:operation:)", test: test),
        .defaultRegistryWrittenInTest(operation: "clearProxy(for:)", test: test),
      ])
    #expect(warnings.allSatisfy { $0.severity == .warning })
    #expect(warnings.first?.fileID == "RegistryTestingTests/InterfaceTraitTests.swift")
    #expect(
      warnings.first?.error.description == """
        setProxy(for:builder:) wrote to the process-wide default registry while the test \(test) was running.
          Test: \(test)   Registry: default
        Tests run in parallel; every test that writes to the default registry sees the others' proxies and providers.
        To fix, give the test its own registry with the .registry trait (import RegistryTesting) and make the change in its setup or inside the test.
        """)
  }

  // Writes to a test's own registry, or to any registry but the default, are not warned about.
  @Test(.registry) func writingToATestsOwnRegistryIsNotAWarning() {
    let spec = ViewModelSpec(key: "own") { GreetingViewModel(owner: 1) }
    ViewModelRegistry.current.setProxy(for: spec) { GreetingViewModel(owner: 2) }
    let other = ViewModelRegistry(name: "other")
    let reporter = RecordingIssueReporter()
    other.issueReporter = reporter
    other.setProxy(for: spec) { GreetingViewModel(owner: 3) }
    #expect(reporter.issues.isEmpty)
  }
}
