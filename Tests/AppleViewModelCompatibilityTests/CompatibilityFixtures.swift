import AppleViewModelCompatibility
import RegistryTesting
import Testing

/// A fresh registry for one async test, with a recording reporter, made current while `body`
/// runs; the async counterpart of `withTestRegistry`.
@MainActor
func withAsyncTestRegistry<R>(
  _ body: (ViewModelRegistry, RecordingIssueReporter) async throws -> R
) async rethrows -> R {
  let registry = ViewModelRegistry(name: "test")
  let reporter = RecordingIssueReporter()
  registry.issueReporter = reporter
  defer { registry.disposeAll() }
  return try await registry.withCurrent { try await body(registry, reporter) }
}

/// A counter written the way AppleViewModel's tests write theirs: every hook calls `super` and
/// counts.
@MainActor
class CompatCounter: ViewModel {
  var count = 0
  var onCreateCalls = 0
  var onBindCalls = 0
  var onUnbindCalls = 0
  var onDisposeCalls = 0

  func increment() { update { count += 1 } }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    onCreateCalls += 1
  }

  override func onBind(_ arg: InstanceArg, bindingId: String) {
    super.onBind(arg, bindingId: bindingId)
    onBindCalls += 1
  }

  override func onUnbind(_ arg: InstanceArg, bindingId: String) {
    super.onUnbind(arg, bindingId: bindingId)
    onUnbindCalls += 1
  }

  override func onDispose(_ arg: InstanceArg) {
    onDisposeCalls += 1
    super.onDispose(arg)
  }
}

/// A subclass standing in for a test double.
@MainActor
final class MockCompatCounter: CompatCounter {}

struct CompatState: Equatable {
  var count = 0
  var label = ""
}

@MainActor
final class CompatStateViewModel: StateViewModel<CompatState> {
  init(equals: ((CompatState, CompatState) -> Bool)? = nil) {
    super.init(state: CompatState(), equals: equals)
  }

  func inc() { setState(CompatState(count: state.count + 1, label: state.label)) }
  func setLabel(_ label: String) { setState(CompatState(count: state.count, label: label)) }
}

/// An observer of AppleViewModel's shape, recording `kind type bindingId`.
@MainActor
final class CompatRecorder: ViewModelLifecycle {
  var events: [String] = []
  var args: [InstanceArg] = []

  func onCreate(_ viewModel: ViewModel, arg: InstanceArg) {
    record("create", viewModel, arg, arg.bindingId)
  }

  func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) {
    record("bind", viewModel, arg, bindingId)
  }

  func onUnbind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) {
    record("unbind", viewModel, arg, bindingId)
  }

  func onDispose(_ viewModel: ViewModel, arg: InstanceArg) {
    record("dispose", viewModel, arg, nil)
  }

  private func record(_ kind: String, _ viewModel: ViewModel, _ arg: InstanceArg, _ id: String?) {
    events.append([kind, "\(type(of: viewModel))", id].compactMap { $0 }.joined(separator: " "))
    args.append(arg)
  }
}

struct CompatFailure: Error, CustomStringConvertible {
  var description: String { "compat failure" }
}
