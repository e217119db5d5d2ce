import AppleViewModelCompatibility
import RegistryTesting
import Testing

@MainActor
@Suite struct HelpersCompatibilityTests {
  // viewModelLog prints to standard output. Each test logs in a child process (an exit test)
  // and reads what it printed, so the test run's own output stays clean.

  @Test func viewModelLogBuildsAndPrintsItsMessageOnlyWhenLoggingIsOn() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await logWithLoggingOffThenOn()
      })
    #expect(
      String(decoding: result.standardOutputContent, as: UTF8.self)
        == "building the message\n[Registry] File.swift:3 f() — hello\n")
  }

  @Test func viewModelLogIsCallableOffTheMainActor() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        await logFromABackgroundTask()
      })
    let printed = String(decoding: result.standardOutputContent, as: UTF8.self)
    #expect(printed.hasPrefix("[Registry] HelpersCompatibilityTests.swift:"))
    #expect(printed.hasSuffix(" logFromABackgroundTask() — from a background task\n"))
    #expect(printed.count(where: { $0 == "\n" }) == 1)
  }

  @Test func reportViewModelErrorIsCallableOffTheMainActor() async {
    await withAsyncTestRegistry { registry, _ in
      let typed = Collected()
      registry.configure(
        config: ViewModelConfig(
          onError: { error, type in
            typed.append("\(type) \(error)")
          }))
      await Task { @concurrent in
        reportViewModelError(CompatFailure(), type: .pauseResume, context: "resuming")
      }.value
      // The typed handler runs at once, on the reporting thread.
      #expect(typed.values == ["pauseResume compat failure"])

      var routed: [String] = []
      registry.configure(config: ViewModelConfig(onError: { routed.append("\($0)") }))
      await Task { @concurrent in
        reportViewModelError(CompatFailure(), type: .listener, context: "listening")
      }.value
      // Registry's handler runs on the main actor, once the report gets there.
      let deadline = ContinuousClock.now.advanced(by: .seconds(60))
      while routed.isEmpty, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(1))
      }
      #expect(routed == ["compat failure"])
    }
  }

  @Test func reportViewModelErrorGoesToOnErrorOrIsReported() {
    withTestRegistry { registry, reporter in
      reportViewModelError(CompatFailure(), type: .dispose, context: "saving the cache")
      #expect(reporter.errors.count == 1)
      #expect(
        reporter.errors.first?.description == """
          saving the cache: compat failure
            Kind: dispose   Error: compat failure
          reportViewModelError(_:type:context:) was called and no error handler is configured, so it comes here.
          To fix, handle the error where it happens, or set ViewModelConfig's onError to receive such errors.
          """)
      var routed: [String] = []
      registry.configure(config: ViewModelConfig(onError: { routed.append("\($0)") }))
      reportViewModelError(CompatFailure(), type: .listener, context: "ignored")
      #expect(routed == ["compat failure"])
      registry.configure(config: ViewModelConfig(onError: { _, _ in throw CompatFailure() }))
      reportViewModelError(ViewModelError("x"), type: .lifecycle, context: "ignored")
      #expect(
        reporter.errors.last
          == .errorHandlerThrew(
            source: .lifecycle, error: ViewModelError("x"), handlerError: CompatFailure()))
    }
  }

  @Test func newErrorsAreErrors() {
    let errors: [RegistryError] = [
      .notRegistered(operation: "recycle(_:)", type: "A"),
      ViewModelError("a message"),
    ]
    #expect(errors.allSatisfy { $0.severity == .error })
  }

  @Test func autoDisposeControllerRunsBlocksOnceInOrder() {
    let controller = AutoDisposeController()
    var ran: [Int] = []
    controller.addDispose { ran.append(1) }
    controller.addDispose { ran.append(2) }
    #expect(!controller.isDisposed)
    controller.dispose()
    controller.dispose()
    #expect(ran == [1, 2])
    controller.addDispose { ran.append(3) }
    #expect(ran == [1, 2, 3])
    #expect(controller.isDisposed)
  }

  @Test func hostedViewModelBindingCallsItsReplaceableRefresh() {
    withTestRegistry { _, _ in
      var first = 0
      var second = 0
      let binding = HostedViewModelBinding(refresh: { first += 1 })
      let counter = binding.watch(ViewModelSpec<CompatCounter> { CompatCounter() })
      counter.increment()
      binding.refresh = { second += 1 }
      counter.increment()
      #expect(first == 1 && second == 1)
      let plain = HostedViewModelBinding()
      plain.watch(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() }).increment()
      binding.dispose()
      #expect(counter.isDisposed)
    }
  }

  @available(*, deprecated)
  @Test func instanceManagerActsOnTheCurrentRegistry() {
    withTestRegistry { registry, _ in
      let binding = ViewModelBinding()
      binding.watch(ViewModelSpec<CompatCounter>(key: "a", aliveForever: true) { CompatCounter() })
      binding.watch(ViewModelSpec<CompatCounter>(key: "b") { CompatCounter() })
      binding.watch(ViewModelSpec<CompatStateViewModel> { CompatStateViewModel() })
      #expect(InstanceManager.shared.debugStoreCount == 2)
      let recorder = CompatRecorder()
      ViewModel.addLifecycle(recorder)
      InstanceManager.shared.debugReset()
      #expect(registry.liveInstanceCount == 0)
      #expect(InstanceManager.shared.debugStoreCount == 0)
      #expect(registry.lifecycles.count == 1)
    }
  }

  /// As AppleViewModel's: `debugReset()` calls no binding back, so a screen that resolves again
  /// on every update builds nothing afterwards.
  @available(*, deprecated)
  @Test func debugResetCallsNoBindingBack() {
    withTestRegistry { registry, _ in
      let spec = ViewModelSpec<CompatCounter>(key: "a") { CompatCounter() }
      let screen = RerenderingScreen()
      screen.render = { _ = screen.watch(spec) }
      let first = screen.watch(spec)
      InstanceManager.shared.debugReset()
      #expect(first.isDisposed)
      #expect(screen.updates == 0)
      #expect(InstanceManager.shared.debugStoreCount == 0)
      screen.dispose()
    }
  }

  @Test func foundationComesWithTheImport() {
    // This file imports only Registry, RegistryTesting and Testing.
    let id = UUID()
    #expect(id.uuidString.count == 36)
  }
}

/// Logs twice in a fresh registry, with logging off and then on; the message announces on
/// standard output when it is built. Run in an exit test's child process.
@MainActor
private func logWithLoggingOffThenOn() {
  let registry = ViewModelRegistry(name: "log")
  registry.withCurrent {
    func message() -> String {
      print("building the message")
      return "hello"
    }
    viewModelLog(message())
    registry.configure(config: ViewModelConfig(isLoggingEnabled: true))
    viewModelLog(message(), function: "f()", file: "Module/File.swift", line: 3)
  }
}

/// Logs from a task off the main actor, in a registry with logging on. Run in an exit test's
/// child process.
@MainActor
private func logFromABackgroundTask() async {
  let registry = ViewModelRegistry(name: "log")
  registry.configure(config: ViewModelConfig(isLoggingEnabled: true))
  await registry.withCurrent {
    await Task { @concurrent in viewModelLog("from a background task") }.value
  }
}

/// Strings appended from any thread.
private final class Collected: @unchecked Sendable {
  // @unchecked: `stored` is only touched under `lock`.
  private let lock = NSLock()
  private var stored: [String] = []

  var values: [String] { lock.withLock { stored } }

  func append(_ value: String) {
    lock.withLock { stored.append(value) }
  }
}

/// A UIKit-style binding that re-renders, resolving again, on every update.
@MainActor
final class RerenderingScreen: ViewModelBinding {
  var render: (() -> Void)?
  private(set) var updates = 0

  override func onUpdate() {
    updates += 1
    render?()
  }
}
