/// What the core can learn about the Swift Testing test running now, when `RegistryTesting` is
/// linked into the process; in an app, nothing.
///
/// The core cannot import Swift Testing (apps link the core). `RegistryTesting` sets the hook
/// when its image loads (a constructor in `RegistryTestingHooks` calls it), before any test
/// runs, and never again — so reading it needs no lock.
package enum RunningTest {
  /// The running test's name, or `nil` outside a test.
  package nonisolated(unsafe) static var name: (@Sendable () -> String?)?

  /// The name of the test running in this task, if any.
  static var current: String? { name?() }
}

extension ViewModelRegistry {
  /// Warns when a proxy or provider is written to the process-wide default registry while a
  /// test runs: every test that does the same races with it.
  func warnIfDefaultRegistryWrittenInTest(operation: StaticString, at site: CallSite?) {
    guard self === ViewModelRegistry.default, let test = RunningTest.current else { return }
    report(.defaultRegistryWrittenInTest(operation: "\(operation)", test: test), at: site)
  }
}
