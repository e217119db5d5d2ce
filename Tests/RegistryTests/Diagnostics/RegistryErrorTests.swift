import Registry
import RegistryTesting
import Testing

/// Every message, whole: what happened, the facts, why it matters, how to fix it. The other
/// cases (`notFound`, `cycle`, `buildFailed`, `keyChurn`) are checked where they are raised.
@Suite struct RegistryErrorTests {
  @Test func bindingDisposedMessage() {
    #expect(
      RegistryError.bindingDisposed(
        operation: "watch(_:)", binding: "Screen#3", type: "UserViewModel", key: "\"u1\""
      ).description == """
        watch(_:) was called on disposed binding Screen#3.
          Type: UserViewModel   Key: "u1"
        A disposed binding holds nothing, so the instance returned (if any) is not kept alive by it.
        To fix, resolve through a live binding; do not keep using a binding after dispose() or after its view model was disposed.
        """)
  }

  @Test func notHeldMessage() {
    #expect(
      RegistryError.notHeld(binding: "Screen#3", type: "UserViewModel", key: nil).description
        == """
        unbind(_:) was given a UserViewModel that binding Screen#3 does not hold.
          Type: UserViewModel   Key: none
        Nothing was released; the instance keeps its other holders.
        To fix, unbind only instances this binding resolved with watch(_:) or read(_:), and only once.
        """)
  }

  @Test func viewModelDisposedMessage() {
    #expect(
      RegistryError.viewModelDisposed(operation: "setState(_:)", type: "Feed", key: "\"feed\"")
        .description == """
          setState(_:) was called on a disposed Feed.
            Type: Feed   Key: "feed"
          A disposed view model resolves nothing and keeps nothing alive.
          To fix, stop using the view model once it is disposed; check isDisposed or drop your reference in onDispose.
          """)
  }

  @Test func builderReusedInstanceMessage() {
    #expect(
      RegistryError.builderReusedInstance(type: "Feed", key: "2").description == """
        The builder of Feed returned an instance that already has a lifetime.
          Type: Feed   Key: 2
        The registry disposes what it builds, so one object cannot be registered twice; nothing was registered.
        To fix, create a new instance in the builder; to share one object, give its spec a key instead.
        """)
  }

  @Test func listenerFailedMessage() {
    #expect(
      RegistryError.listenerFailed(type: "Feed", error: "offline").description == """
        A listener of Feed threw.
          Type: Feed   Error: offline
        The other listeners still ran; this one stays registered.
        To fix, handle the error inside the listener, or set ViewModelConfig.onError to route such errors.
        """)
  }

  @Test func issueDescriptionCarriesTheLocationWhenThereIsOne() {
    let error = RegistryError.listenerFailed(type: "Feed", error: "offline")
    let located = RegistryIssue(
      error: error, fileID: "App/Feed.swift", filePath: "/src/App/Feed.swift", line: 12, column: 3)
    let unlocated = RegistryIssue(error: error, fileID: "", filePath: "", line: 0, column: 0)
    #expect(located.description == "App/Feed.swift:12: " + error.description)
    #expect(unlocated.description == error.description)
  }

  @Test func onlyKeyChurnIsAWarning() {
    let errors: [RegistryError] = [
      .notFound(operation: "watchCached(key:)", type: "Feed", key: "1", tag: nil, registry: "r"),
      .cycle(chain: ["A", "B", "A"]),
      .bindingDisposed(operation: "watch(_:)", binding: "Feed#1", type: "Feed", key: nil),
      .notHeld(binding: "Feed#1", type: "Feed", key: nil),
      .viewModelDisposed(operation: "setState(_:)", type: "Feed", key: nil),
      .buildFailed(operation: "watch(_:)", type: "Feed", key: nil, error: "offline"),
      .builderReusedInstance(type: "Feed", key: "2"),
      .listenerFailed(type: "Feed", error: "offline"),
    ]
    #expect(errors.allSatisfy { $0.severity == .error })
    #expect(
      RegistryError.keyChurn(type: "Row", lastKey: "7", count: 21, window: "1.0 seconds").severity
        == .warning)
    #expect(RegistryIssue.Severity.warning < .error)
    #expect("\(RegistryIssue.Severity.warning) \(RegistryIssue.Severity.error)" == "warning error")
  }

  @Test func issueSeverityDefaultsToTheErrorsOwn() {
    let churn = RegistryError.keyChurn(type: "Row", lastKey: "7", count: 21, window: "1.0 seconds")
    let notHeld = RegistryError.notHeld(binding: "Feed#1", type: "Feed", key: nil)
    #expect(
      RegistryIssue(error: churn, fileID: "", filePath: "", line: 0, column: 0).severity == .warning
    )
    #expect(
      RegistryIssue(error: notHeld, fileID: "", filePath: "", line: 0, column: 0).severity == .error
    )
    let raised = RegistryIssue(
      error: churn, fileID: "", filePath: "", line: 0, column: 0, severity: .error)
    #expect(raised.severity == .error)
  }

  @Test func ownershipCycleMessage() {
    #expect(
      RegistryError.ownershipCycle(chain: ["A(key: \"a\")", "B(key: \"b\")", "A(key: \"a\")"])
        .description == """
          Circular ViewModel dependency: A(key: "a") would hold an instance that already holds it.
            Chain: A(key: "a") → B(key: "b") → A(key: "a")
          Each view model in the chain keeps the next one alive, so none of them could ever be released; nothing was held.
          To fix, let one side refer to the other without holding it (pass it in, or keep a weak reference), or move what both need into a third view model that both hold.
          """)
  }

  /// "Types are named as `String(describing:)` names them: a view model by its class's own name
  /// (a nested class without the type it is nested in), a service by its spec's type, with the
  /// `any` of an existential".
  @MainActor @Test func typesAreNamedAsStringDescribingNamesThem() {
    let registry = ViewModelRegistry(name: "names")
    let reporter = RecordingIssueReporter()
    registry.issueReporter = reporter
    let binding = ViewModelBinding(registry: registry)
    binding.dispose()
    _ = binding.watch(ViewModelSpec(key: "n") { Enclosing.Nested() })
    _ = binding.read(ServiceSpec<any Named>(key: "s") { Plain() })
    #expect(
      reporter.errors == [
        .bindingDisposed(operation: "watch(_:)", binding: binding.id, type: "Nested", key: "\"n\""),
        .bindingDisposed(
          operation: "read(_:)", binding: binding.id, type: "any Named", key: "\"s\""),
      ])
  }
}

private enum Enclosing {
  @MainActor final class Nested: ViewModel {}
}

@MainActor private protocol Named: AnyObject {}
@MainActor private final class Plain: Named {}
