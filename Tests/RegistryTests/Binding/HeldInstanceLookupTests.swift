import Registry
import RegistryTesting
import Testing

/// A binding answers a read of what it holds from the spec's lookup memo, set when it starts
/// holding the instance or first finds it, and kept while nothing the binding holds is let go
/// of or starts being watched. These tests pin what the memo must never do: answer for an
/// instance the binding no longer holds, for another binding, for a proxy's instance, or for a
/// watch that has not started.
@MainActor
@Suite struct HeldInstanceLookupTests {
  /// Specs `k0`, `k1`, … held by one binding; the first one is held inline, the others in its
  /// table, which is where the memo answers.
  private func keyedSpecs(_ count: Int, log: EventLog) -> [ViewModelSpec<ProbeViewModel>] {
    (0..<count).map { index in
      ViewModelSpec(key: "k\(index)") { ProbeViewModel("k\(index)", log: log) }
    }
  }

  @Test func readsAfterLaterHoldsReturnWhatEachSpecBuilt() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = keyedSpecs(10, log: log)
      let binding = ViewModelBinding()
      let built = specs.map { binding.watch($0) }
      // Every hold after the first leaves the earlier specs' memos in place: each read, in any
      // order, still returns its own instance, and nothing is built again.
      for (spec, instance) in zip(specs, built).reversed() {
        #expect(binding.read(spec) === instance)
      }
      #expect(log.events(startingWith: "create").count == 10)
      binding.dispose()
    }
  }

  @Test func aReadAfterUnbindBuildsAgainInsteadOfAnsweringFromTheMemo() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = keyedSpecs(4, log: log)
      let binding = ViewModelBinding()
      let built = specs.map { binding.watch($0) }
      #expect(binding.read(specs[2]) === built[2])
      binding.unbind(built[2])
      #expect(built[2].isDisposed)
      let rebuilt = binding.read(specs[2])
      #expect(rebuilt !== built[2])
      #expect(!rebuilt.isDisposed)
      // The others are untouched by the release.
      #expect(binding.read(specs[1]) === built[1])
      #expect(binding.read(specs[3]) === built[3])
      binding.dispose()
    }
  }

  @Test func aReadAfterTheInstanceWasDisposedElsewhereBuildsAgain() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = keyedSpecs(3, log: log)
      let binding = ViewModelBinding()
      let built = specs.map { binding.watch($0) }
      // Forced disposal takes the instance out of its holders' tables: the memo its hold set
      // must not answer for it.
      registry.dispose(built[1])
      let rebuilt = binding.read(specs[1])
      #expect(rebuilt !== built[1])
      #expect(!rebuilt.isDisposed)
      // And every instance at once.
      registry.disposeAll()
      let again = binding.read(specs[2])
      #expect(again !== built[2])
      #expect(!again.isDisposed)
      binding.dispose()
    }
  }

  @Test func anotherBindingStartsHoldingWhatOneBindingsMemoNames() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = keyedSpecs(2, log: log)
      let first = ViewModelBinding()
      let shared = specs.map { first.watch($0) }[1]
      // The second binding's table took its own generation on its first hold; it must not
      // match the memo the first binding's hold left on `specs[1]`.
      let second = ViewModelBinding()
      _ = second.watch(ViewModelSpec(key: "other") { ProbeViewModel("other", log: log) })
      #expect(second.read(specs[1]) === shared)
      // The first binding's first hold was made when its table had no generation yet: it left
      // no memo that a binding which never held anything would match.
      let third = ViewModelBinding()
      let firstHeld = third.read(specs[0])
      first.dispose()
      // Had either read been answered from a memo, nothing would hold its instance now.
      #expect(!shared.isDisposed)
      #expect(!firstHeld.isDisposed)
      expectAlive(registry, ["k0", "k1", "other"])
      second.dispose()
      third.dispose()
    }
  }

  @Test func eachBindingGetsItsOwnPrivateInstanceThoughTheSpecRemembersAnother() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let privateSpec = ViewModelSpec { ProbeViewModel("private", log: log) }
      let filler = ViewModelSpec(key: "filler") { ProbeViewModel("filler", log: log) }
      var seen: [ProbeViewModel] = []
      // Bindings made and let go of in a row (often at one address): the memo names one
      // generation of one table, so no binding is answered with another one's instance.
      for _ in 0..<50 {
        let binding = ViewModelBinding()
        _ = binding.watch(filler)
        let instance = binding.read(privateSpec)
        #expect(!instance.isDisposed)
        #expect(!seen.contains { $0 === instance })
        #expect(binding.read(privateSpec) === instance)
        seen.append(instance)
        binding.dispose()
        #expect(instance.isDisposed)
      }
    }
  }

  @Test func twoBindingsReadingOnePrivateSpecInTurnEachGetTheirOwn() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let privateSpec = ViewModelSpec { ProbeViewModel("private", log: log) }
      let filler = ViewModelSpec(key: "filler") { ProbeViewModel("filler", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      _ = first.watch(filler)
      _ = second.watch(filler)
      let firstOwn = first.read(privateSpec)
      let secondOwn = second.read(privateSpec)
      #expect(firstOwn !== secondOwn)
      // Each read in turn finds the spec's memo naming the other binding, searches its own
      // table and remembers what it found, instance and all.
      for _ in 0..<3 {
        #expect(first.read(privateSpec) === firstOwn)
        #expect(first.read(privateSpec) === firstOwn)
        #expect(second.read(privateSpec) === secondOwn)
        #expect(second.read(privateSpec) === secondOwn)
      }
      first.dispose()
      second.dispose()
    }
  }

  @Test func aHoldUndoneByItsOwnOnBindLeavesNoMemo() {
    withTestRegistry { registry, _ in
      final class LettingGo: ViewModel {
        /// Run once, from the next `onBind`.
        var onNextBind: ((LettingGo) -> Void)?
        override func onBind(_ arg: InstanceArg, bindingId: String) {
          let action = onNextBind
          onNextBind = nil
          action?(self)
        }
      }
      let spec = ViewModelSpec(key: "shared") { LettingGo() }
      let owner = ViewModelBinding()
      let shared = owner.watch(spec)
      let reader = ViewModelBinding()
      _ = reader.watch(ViewModelSpec(key: "first") { LettingGo() })
      // The reader's hold is undone by the hook it runs: the reader does not hold `shared`
      // afterwards, so the resolution must not leave a memo saying it does.
      shared.onNextBind = { reader.unbind($0) }
      #expect(reader.read(spec) === shared)
      // Read again, it is held again; then the owner letting go leaves it alive.
      #expect(reader.read(spec) === shared)
      owner.dispose()
      #expect(!shared.isDisposed)
      reader.dispose()
      #expect(shared.isDisposed)
    }
  }

  @Test func watchingWhatWasOnlyReadStartsWatchingIt() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = keyedSpecs(2, log: log)
      let binding = CountingBinding()
      _ = binding.watch(specs[0])
      let readOnly = binding.read(specs[1])
      #expect(binding.read(specs[1]) === readOnly)
      readOnly.notifyListeners()
      #expect(binding.updates == 0)
      // The memo says "held, not watched": a watch must not be answered from it.
      #expect(binding.watch(specs[1]) === readOnly)
      readOnly.notifyListeners()
      #expect(binding.updates == 1)
      binding.dispose()
    }
  }

  @Test func aSpecReadUnderAProxyIsBuiltForRealOnceTheProxyIsCleared() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let specs = keyedSpecs(2, log: log)
      // A whole spec with a key of its own: the binding holds the mock under that key.
      registry.setProxy(
        ViewModelSpec(key: "mock") { ProbeViewModel("mock", log: log) }, for: specs[1])
      let binding = ViewModelBinding()
      _ = binding.watch(specs[0])
      let mock = binding.watch(specs[1])
      #expect(mock.name == "mock")
      registry.clearProxy(for: specs[1])
      // The spec's own lookup does not find the mock under its key, and the memo must not
      // name it either: the read builds the real one.
      let real = binding.read(specs[1])
      #expect(real.name == "k1")
      #expect(!mock.isDisposed)
      binding.dispose()
    }
  }
}
