import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// A state that is not `Hashable`, for the README's `equals` policy.
private struct Loose {
  var value: Int
}

@MainActor
private final class LooseViewModel: StateViewModel<Loose> {
  init() { super.init(state: Loose(value: 0)) }
}

@MainActor
@Suite struct ViewModelConfigCompatibilityTests {
  @Test func appleViewModelsInitializerCompilesAsTheReadmeWritesIt() {
    withTestRegistry { registry, _ in
      ViewModel.initialize(
        config: ViewModelConfig(
          isLoggingEnabled: true,
          equals: { ($0 as? AnyHashable) == ($1 as? AnyHashable) },
          onError: { error, type in
            // The README leaves this empty.
          }),
        lifecycles: [DebugLifecycleLogger(write: { _ in })])
      #expect(registry.config.isLoggingEnabled)
      #expect(registry.config.equals?(1, 1) == true)
      #expect(registry.config.equals?(1, 2) == false)
      #expect(registry.config.errorTap != nil)
      #expect(registry.config.onError == nil)
    }
  }

  @Test func registrysInitializerStillWorks() {
    withTestRegistry { registry, _ in
      var routed: [String] = []
      registry.configure(
        config: ViewModelConfig(
          equals: { _, _ in false }, onError: { routed.append("\($0)") }, keyChurnWarning: nil))
      let binding = ViewModelBinding()
      let counter = binding.read(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      counter.listen { throw CompatFailure() }
      counter.increment()
      #expect(routed == ["compat failure"])
      #expect(registry.config.errorTap == nil)
    }
  }

  @Test func configIsSendable() async {
    let config = ViewModelConfig(equals: { _, _ in true }, onError: { _, _ in })
    let equal = await Task.detached { config.equals?(1, 2) ?? false }.value
    #expect(equal)
  }

  @Test func typedOnErrorGetsListenerErrorsWithTheirKind() {
    withTestRegistry { _, reporter in
      var received: [String] = []
      ViewModel.initialize(
        config: ViewModelConfig(onError: { error, type in
          MainActor.assumeIsolated { received.append("\(type): \(error)") }
        }))
      let binding = ViewModelBinding()
      let store = binding.read(
        ViewModelSpec<CompatStateViewModel>(key: "s") { CompatStateViewModel() })
      store.listen { throw CompatFailure() }
      store.listenState { _, _ in throw CompatFailure() }
      store.inc()
      #expect(received == ["listener: compat failure", "listener: compat failure"])
      #expect(reporter.issues.isEmpty)
    }
  }

  @Test func aThrowingOnErrorIsReportedWithBothErrors() {
    withTestRegistry { _, reporter in
      ViewModel.initialize(
        config: ViewModelConfig(onError: { _, _ in throw ViewModelError("handler") }))
      let binding = ViewModelBinding()
      let counter = binding.read(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      counter.listen { throw CompatFailure() }
      counter.increment()
      #expect(
        reporter.errors == [
          .errorHandlerThrew(
            source: .listener, error: CompatFailure(), handlerError: ViewModelError("handler"))
        ])
    }
  }

  @Test func errorHandlerFailedMessage() {
    let error = RegistryError.errorHandlerThrew(
      source: .listener, error: ViewModelError("offline"), handlerError: ViewModelError("handler"))
    #expect(
      error.description == """
        The error handler threw while handling a listener error.
          Kind: listener   Error: offline   Handler error: handler
        The original error was not handled; nothing else was affected.
        To fix, catch errors inside the error handler instead of throwing them.
        """)
    #expect(error.severity == .error)
  }

  @Test func configuredEqualsDecidesSetStateWhenTheViewModelHasNone() {
    withTestRegistry { _, _ in
      // The README's policy: values that are not Hashable compare equal, so setState is dropped.
      ViewModel.initialize(
        config: ViewModelConfig(
          equals: { ($0 as? AnyHashable) == ($1 as? AnyHashable) }, onError: { _, _ in }))
      let binding = ViewModelBinding()
      let loose = binding.read(ViewModelSpec<LooseViewModel>(key: "l") { LooseViewModel() })
      var changes = 0
      loose.listen { changes += 1 }
      loose.setState(Loose(value: 1))
      #expect(changes == 0)
      #expect(loose.state.value == 0)
    }
  }

  @Test func listenStateSelectComparesWithLocalThenConfiguredThenEquatable() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let plain = binding.read(
        ViewModelSpec<CompatStateViewModel>(key: "plain") { CompatStateViewModel() })
      var byEquatable: [String] = []
      plain.listenStateSelect(selector: { $0.label }) { _, label in byEquatable.append(label) }
      plain.setLabel("a")
      plain.inc()
      #expect(byEquatable == ["a"])

      // Any two strings are "equal" to the configured policy: a select without its own equals
      // hears nothing, one whose equals says "different" hears every change.
      ViewModel.initialize(
        config: ViewModelConfig(
          equals: {
            ($0 is String && $1 is String) || ($0 as? AnyHashable) == ($1 as? AnyHashable)
          },
          onError: { _, _ in }))
      let store = binding.read(
        ViewModelSpec<CompatStateViewModel>(key: "s") { CompatStateViewModel(equals: { $0 == $1 }) }
      )
      var configured: [String] = []
      var local: [String] = []
      store.listenStateSelect(selector: { $0.label }) { _, label in configured.append(label) }
      store.listenStateSelect(selector: { $0.label }, equals: { _, _ in false }) { _, label in
        local.append(label)
      }
      store.setLabel("b")
      store.inc()
      #expect(configured.isEmpty)
      #expect(local == ["b", "b"])
    }
  }
}
