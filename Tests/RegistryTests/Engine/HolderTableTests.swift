import RegistryTesting
import Testing

@testable import Registry

/// What a binding's table keeps for what it holds (InstanceStore.swift): one two-word entry per
/// instance, and, for a private instance of a family without a key, the spec that made it (its
/// anchor), kept apart from the entries.
@MainActor
@Suite struct HolderTableTests {
  /// Every way a held instance can be let go of.
  enum Release: CaseIterable {
    case unbindTheOnlyOne, unbindOneOfTwo, disposeTheBinding, disposeTheBindingHoldingTwo
    case disposeTheInstance, disposeAll, dropTheBinding
  }

  /// The anchor goes with its entry, on every path; also when the instance's values are a copy
  /// (an `aliveForever` without a key, reported and built as an instance that is not kept),
  /// where the anchor is all that keeps the family's identity unique.
  @Test(arguments: Release.allCases, [false, true])
  func theAnchorGoesWithItsEntry(release: Release, valuesAreACopy: Bool) async {
    let registry = ViewModelRegistry(name: "anchors")
    registry.issueReporter = RecordingIssueReporter()
    defer { registry.disposeAll() }
    let log = EventLog()
    var binding: ViewModelBinding? = ViewModelBinding(registry: registry)
    weak var weakSpec: ViewModelSpec<ProbeViewModel>?
    var instance: ProbeViewModel?
    let otherSpec = ViewModelSpec(key: "other") { ProbeViewModel("other", log: log) }
    if release == .unbindOneOfTwo || release == .disposeTheBindingHoldingTwo {
      _ = binding?.watch(otherSpec)
    }
    do {
      let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("p\($0)", log: log) }, key: { _ in nil },
        aliveForever: { _ in valuesAreACopy })
      let spec = family(1)
      weakSpec = spec
      instance = binding?.watch(spec)
    }
    #expect(weakSpec != nil)

    switch release {
    case .unbindTheOnlyOne, .unbindOneOfTwo: binding?.unbind(instance!)
    case .disposeTheBinding, .disposeTheBindingHoldingTwo: binding?.dispose()
    case .disposeTheInstance: registry.dispose(instance!)
    case .disposeAll: registry.disposeAll()
    case .dropTheBinding:
      binding = nil
      for _ in 0..<1_000 where weakSpec != nil { await Task.yield() }
    }
    #expect(instance?.isDisposed == true)
    #expect(weakSpec == nil)
    binding?.dispose()
  }

  /// Releasing an anchor can run code: here each family's builder captured an object whose
  /// `deinit` makes the binding let go of the next instance, so the anchors go one inside the
  /// other. Each release finds the table consistent, and all of them go. (`aliveForever`
  /// without a key: the instances' values are copies, so the anchor is the builder's last
  /// owner.)
  @Test(arguments: [2, 8, 40])
  func anchorsLetGoOfInsideEachOther(count: Int) {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      var instances: [ProbeViewModel] = []
      var triggers: [DeinitAction] = []
      for index in 0..<count {
        let trigger = DeinitAction()
        let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
          builder: { [trigger] in
            _ = trigger
            return ProbeViewModel("p\(index)-\($0)", log: log)
          }, key: { _ in nil }, aliveForever: { _ in true })
        instances.append(binding.watch(family(index)))
        triggers.append(trigger)
      }
      for index in 0..<(count - 1) {
        let next = instances[index + 1]
        triggers[index].action = { [unowned binding] in binding.unbind(next) }
      }
      weak let first = triggers.first
      weak let last = triggers.last
      triggers.removeAll()
      #expect(first != nil)

      binding.unbind(instances[0])

      #expect(first == nil)
      #expect(last == nil)
      #expect(instances.allSatisfy { $0.isDisposed })
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// A binding lets go newest first, and starting to watch what it holds keeps the hold's place.
  @Test func releaseIsNewestFirstAfterStartingToWatch() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let specs = (0..<5).map { index in
        ViewModelSpec(key: "o\(index)") { ProbeViewModel("o\(index)", log: log) }
      }
      let binding = ViewModelBinding()
      for spec in specs { _ = binding.read(spec) }
      // The inline entry, the newest, one in the middle.
      _ = binding.watch(specs[0])
      _ = binding.watch(specs[4])
      _ = binding.watch(specs[2])
      binding.dispose()
      #expect(
        log.events(startingWith: "onDispose") == (0..<5).reversed().map { "onDispose o\($0)" })
    }
  }

  /// An entry reads back the sequence and flag it was given, and changing the flag keeps the
  /// sequence.
  @Test func anEntryKeepsItsSequenceAndFlagApart() {
    let viewModel = ProbeViewModel("x", log: EventLog())
    for sequence: UInt64 in [0, 1, 2, 12_345, 1 << 62, (1 << 63) - 1] {
      for watching in [false, true] {
        var entry = HolderTable.Entry(
          viewModel: viewModel, isWatching: watching, sequence: sequence)
        #expect(entry.sequence == sequence && entry.isWatching == watching)
        entry.isWatching = !watching
        #expect(entry.sequence == sequence && entry.isWatching == !watching)
      }
    }
  }
}

/// An object that runs an action on the main actor when it goes.
private final class DeinitAction: @unchecked Sendable {
  // @unchecked: made, set and released on the main actor only, in the tests above.
  var action: (@MainActor () -> Void)?

  deinit {
    let action = action
    MainActor.assumeIsolated { action?() }
  }
}
