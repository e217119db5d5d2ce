import Registry
import RegistryTesting
import Testing

@MainActor private protocol PromiseClock: AnyObject {}
@MainActor private final class SystemClock: PromiseClock {}
@MainActor private protocol PromiseStore: AnyObject {}
@MainActor private final class FileStore: PromiseStore {}
@MainActor private protocol PromiseLogger: AnyObject {}

private let clockInterface = ServiceSpec<any PromiseClock>.interface(key: "promise-clock")
private let storeInterface = ServiceSpec<any PromiseStore>.interface(key: "promise-store")
private let loggerInterface = ServiceSpec<any PromiseLogger>.interface(key: "promise-logger")

/// The completeness check of the composition root in a registry that inherits providers.
@MainActor
@Suite struct InterfacePromiseTests {
  /// ViewModelRegistry.missingProviders(for:): "Every interface in `interfaces` that nobody
  /// provides for this registry (nor for the registries it inherits providers from), in the
  /// order given; builds nothing." A provider of the parent counts for the scoped registry; each
  /// missing interface is named once, in the order given.
  @Test func aScopedRegistrysCheckCountsWhatItsParentProvidesAndListsTheRestInOrder() {
    let app = ViewModelRegistry(name: "app")
    let scope = ViewModelRegistry(name: "account", inheritingProvidersFrom: app)
    app.provide(clockInterface) { SystemClock() }
    scope.provide(storeInterface) { FileStore() }
    let interfaces: [any InterfaceSpec] = [
      loggerInterface, clockInterface, storeInterface, loggerInterface,
    ]
    #expect(scope.missingProviders(for: interfaces).count == 1)
    #expect(
      scope.missingProviders(for: interfaces).map(\.description)
        == app.missingProviders(for: [loggerInterface]).map(\.description))
    // The parent does not see what the scope provides.
    #expect(app.missingProviders(for: interfaces).count == 2)
    #expect(
      app.missingProviders(for: [loggerInterface, storeInterface]).map(\.description)
        == app.missingProviders(for: interfaces).map(\.description))
    #expect(throws: RegistryError.self) { try scope.checkProviders(for: interfaces) }
    #expect(throws: Never.self) {
      try scope.checkProviders(for: [clockInterface, storeInterface])
    }
    #expect(scope.liveInstanceCount == 0 && app.liveInstanceCount == 0)
  }

  /// Troubleshooting: providing "a spec that has a builder of its own
  /// (``RegistryError/notAnInterface(type:key:)``)": "`provide` changes nothing"; and the
  /// warning about the default registry is for "a proxy or provider [that] went to the
  /// process-wide default registry while a Swift Testing test was running". A refused provide
  /// writes nothing, so it is reported as the mistake it is, and not also as a write.
  @Test func aRefusedProvideToTheDefaultRegistryIsNotAlsoAWrite() {
    let registry = ViewModelRegistry.default
    let previous = registry.issueReporter
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    defer { registry.issueReporter = previous }
    let spec = ServiceSpec(key: "promise-not-an-interface") { 1 }
    registry.provide(spec) { 2 }
    #expect(
      reporter.errors.filter {
        if case .notAnInterface = $0 { return false }
        return true
      }.isEmpty)
    #expect(reporter.errors.count == 1)
  }
}
