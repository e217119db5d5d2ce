import Registry
import Testing

@MainActor
private final class BindingKiller: ProbeViewModel {
  let victim: Box<ViewModelBinding?>

  init(victim: Box<ViewModelBinding?>, log: EventLog) {
    self.victim = victim
    super.init("killer", log: log)
  }

  override func onCreate(_ arg: InstanceArg) {
    super.onCreate(arg)
    victim.value?.dispose()
  }
}

/// A binding disposed while it builds cannot keep what it asked for: it is told, and nothing
/// is left held.
@MainActor
@Suite struct DisposalDuringBuildTests {
  @Test func aBindingDisposedInTheOnCreateOfWhatItBuildsIsReported() {
    withTestRegistry { registry, reporter in
      let victim = Box<ViewModelBinding?>(nil)
      let spec = ViewModelSpec(key: "k") { BindingKiller(victim: victim, log: EventLog()) }
      let binding = ViewModelBinding()
      victim.value = binding
      let built = try? binding.readThrowing(spec)
      #expect(built?.isDisposed == true)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "readThrowing(_:)", binding: binding.id, type: "BindingKiller",
            key: "\"k\"")
        ])
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
