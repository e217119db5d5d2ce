import Testing

@testable import Registry

/// What the lookup memo promises for speed (Benchmarks/README.md, 2026-12-03): a hold sets the
/// spec's memo, and a later hold by the same binding leaves it valid, so the first read after a
/// build is a re-read rather than a search of the binding's table. The answers are the same
/// either way (`HeldInstanceLookupTests`), so these tests look at the memo itself.
@MainActor
@Suite struct HeldInstanceMemoTests {
  private func specs(_ count: Int) -> [ViewModelSpec<ProbeViewModel>] {
    let log = EventLog()
    return (0..<count).map { index in
      ViewModelSpec(key: "memo\(index)") { ProbeViewModel("memo\(index)", log: log) }
    }
  }

  /// Whether `spec`'s memo would answer a read through `binding` now, with the instance.
  private func memoAnswers(
    _ spec: ViewModelSpec<ProbeViewModel>, in binding: ViewModelBinding,
    with instance: ProbeViewModel
  ) -> Bool {
    spec.memoStamp & ~1 == binding.core.table.generation && spec.memoViewModel === instance
  }

  /// A table's generations are even: the memo keeps whether it may answer a watch in the lowest
  /// bit of its stamp, and compares the rest with the generation. Checked after each of several
  /// changes in a row, since a count of another step could make one even by chance.
  @Test func tableGenerationsAreEvenSoAMemoCanKeepItsFlag() {
    withTestRegistry { _, _ in
      let specs = specs(4)
      let binding = ViewModelBinding()
      var generations: [UInt64] = []
      let instances = specs.map { binding.read($0) }
      generations.append(binding.core.table.generation)
      for spec in specs {
        _ = binding.watch(spec)  // starts watching: a new generation
        generations.append(binding.core.table.generation)
      }
      binding.unbind(instances[0])  // lets go: a new generation
      generations.append(binding.core.table.generation)
      #expect(Set(generations).count == generations.count, "each change is a new generation")
      #expect(generations.allSatisfy { $0 != 0 && $0 & 1 == 0 }, "\(generations)")
      binding.dispose()
    }
  }

  @Test func aBuildSetsTheMemoAndLaterHoldsKeepIt() {
    withTestRegistry { registry, _ in
      let specs = specs(4)
      let binding = ViewModelBinding()
      let built = specs.map { binding.watch($0) }
      // The first is held inline and needs no memo; each later one was remembered by its hold,
      // and the holds after it did not make its memo stale.
      for index in 1..<specs.count {
        #expect(memoAnswers(specs[index], in: binding, with: built[index]))
        #expect(specs[index].memoStamp & 1 == 1, "held by a watch")
      }
      binding.dispose()
    }
  }

  @Test func anAcquisitionSetsTheMemoAndAReadOnlyHoldSaysSo() {
    withTestRegistry { registry, _ in
      let specs = specs(2)
      let owner = ViewModelBinding()
      let shared = owner.watch(specs[1])
      let reader = ViewModelBinding()
      _ = reader.watch(specs[0])
      #expect(reader.read(specs[1]) === shared)
      #expect(memoAnswers(specs[1], in: reader, with: shared))
      #expect(specs[1].memoStamp & 1 == 0, "held by a read: a watch must not be answered")
      owner.dispose()
      reader.dispose()
    }
  }

  @Test func lettingGoOfOneInstanceMakesEveryMemoOfTheTableStale() {
    withTestRegistry { registry, _ in
      let specs = specs(3)
      let binding = ViewModelBinding()
      let built = specs.map { binding.watch($0) }
      binding.unbind(built[1])
      #expect(!memoAnswers(specs[2], in: binding, with: built[2]))
      // The next read searches, finds it, and remembers it again.
      #expect(binding.read(specs[2]) === built[2])
      #expect(memoAnswers(specs[2], in: binding, with: built[2]))
      binding.dispose()
    }
  }
}
