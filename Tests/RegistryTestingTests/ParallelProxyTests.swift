import Registry
import RegistryTesting
import Testing

/// Each case installs its own proxy for the same keyed spec, yields to let the others run, and
/// checks that it only ever sees its own instance. Swift Testing runs the cases of one
/// parameterised test in parallel, each in its own registry (the suite's `.registry` trait
/// scopes every case), so any sharing of proxies or instances between cases fails one of them.
@MainActor
@Suite(.registry) struct ParallelProxyTests {
  @Test(arguments: 0..<200) func eachCaseSeesOnlyItsOwnProxy(owner: Int) async {
    ViewModelRegistry.current.setProxy(
      ViewModelSpec(key: "greeting") { GreetingViewModel(owner: owner) }, for: greetingSpec)
    await Task.yield()
    let binding = ViewModelBinding(label: "test\(owner)")
    let first = binding.watch(greetingSpec)
    await Task.yield()
    let fromTask = await Task { @MainActor in
      let reader = ViewModelBinding()
      defer { reader.dispose() }
      return reader.read(greetingSpec).owner
    }.value
    await Task.yield()
    #expect(first.owner == owner)
    #expect(fromTask == owner)
    #expect(ViewModelRegistry.current.liveInstanceCount == 1)
    binding.dispose()
    #expect(first.isDisposed)
  }
}
