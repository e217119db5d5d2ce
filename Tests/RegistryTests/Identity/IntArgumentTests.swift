import Testing

@testable import Registry

/// An `Int` argument as the key of a family's caches, hashed by one mixing step over its bits
/// and the table's seed (IntArgument.swift).
@MainActor
@Suite struct IntArgumentTests {
  /// Equal arguments hash equally for one seed, and the seed is mixed in: the standard
  /// library's contract, and a table seeded differently spreads the same arguments differently.
  @Test func equalArgumentsHashEquallyAndTheSeedIsMixedIn() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<1_000 {
      let value = Int.random(in: .min ... .max, using: &generator)
      let seed = Int.random(in: .min ... .max, using: &generator)
      #expect(IntArgument(value) == IntArgument(value))
      #expect(
        IntArgument(value)._rawHashValue(seed: seed) == IntArgument(value)._rawHashValue(seed: seed)
      )
    }
    let changedBySeed = (0..<1_000).filter {
      IntArgument($0)._rawHashValue(seed: 1) != IntArgument($0)._rawHashValue(seed: 2)
    }
    #expect(changedBySeed.count == 1_000)
  }

  /// Consecutive ids, the usual arguments, spread over a table's buckets as random hashes
  /// would: the low bits a table of 1,024 buckets uses take about 1 − 1/e of the values (647),
  /// and every bit of the hash changes with about half the arguments.
  @Test func consecutiveArgumentsSpreadOverTheBuckets() {
    let hashes = (0..<1_024).map { IntArgument($0)._rawHashValue(seed: 0x5eed) }
    let buckets = Set(hashes.map { $0 & 1_023 })
    #expect(buckets.count > 600)
    for bit in 0..<64 {
      let set = hashes.filter { ($0 >> bit) & 1 == 1 }.count
      #expect((384...640).contains(set), "bit \(bit) is set in \(set) of 1,024 hashes")
    }
  }

  /// A family of `Int` arguments gives one spec and one instance per argument through its
  /// caches, for both forms, past the cache's capacity and for extreme values.
  @Test func aFamilyOfIntArgumentsFindsEachArgumentAgain() {
    withTestRegistry { _, _ in
      let family = ViewModelSpecWithArg<ProbeViewModel, Int> {
        ProbeViewModel("\($0)", log: EventLog())
      }
      let binding = ViewModelBinding()
      let ids = [Int.min, -1, 0, 1, 2, Int.max] + Array(1_000..<1_300)
      let models = ids.map { binding.watch(family, $0) }
      for (id, model) in zip(ids, models) {
        #expect(binding.watch(family, id) === model)
        #expect(binding.watch(family(id)) === model)
        #expect(family(id) === family(id))
        #expect(model.name == "\(id)")
      }
      #expect(Set(models.map(ObjectIdentifier.init)).count == ids.count)
      binding.dispose()
    }
  }
}
