import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct RecordingLifecycleTests {
  /// "Forgets the events recorded so far." (``RecordingLifecycle/removeAll()``)
  @Test(.registry) func removeAllForgetsTheEventsSoFarAndRecordsWhatComesAfter() {
    let recorder = RecordingLifecycle()
    let stop = ViewModelRegistry.current.addLifecycle(recorder)
    let binding = ViewModelBinding()
    _ = binding.watch(leakySpec)
    #expect(recorder.events.map(\.kind) == [.create, .bind])
    recorder.removeAll()
    #expect(recorder.events.isEmpty)
    binding.dispose()
    #expect(recorder.events.map(\.kind) == [.unbind, .dispose])
    stop()
  }
}
