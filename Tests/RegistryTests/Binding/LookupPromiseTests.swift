import Registry
import RegistryTesting
import Testing

/// Lookups through a binding that was disposed.
@MainActor
@Suite struct LookupPromiseTests {
  /// Troubleshooting, "Disposed binding": "a resolution … through a binding that was disposed.
  /// Nothing is held by it; the instance returned (if any) is the live shared one". The tag
  /// lookup the compatibility module builds on (`holdAll(_:taggedWith:watching:)`, "each held by
  /// this binding") holds nothing through a disposed binding either: it answers what is live,
  /// and the instances still go with their last real holder.
  @Test func aTagLookupThroughADisposedBindingFindsButHoldsNothing() {
    withRegistry { registry in
      let owner = ViewModelBinding(label: "Owner")
      let log = EventLog()
      let first = owner.watch(
        ViewModelSpec(key: "a", tag: "rows") { ProbeViewModel("a", log: log) })
      let second = owner.watch(
        ViewModelSpec(key: "b", tag: "rows") { ProbeViewModel("b", log: log) })
      let late = ViewModelBinding(label: "Late")
      late.dispose()
      let found = late.holdAll(ProbeViewModel.self, taggedWith: "rows", watching: true)
      #expect(found.map(\.name) == ["b", "a"])
      #expect(!late.holds(first) && !late.holds(second))
      #expect(
        registry.snapshot().instances.map { $0.holders.map(\.bindingId) } == [
          [owner.id], [owner.id],
        ])
      owner.dispose()
      #expect(first.isDisposed && second.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
