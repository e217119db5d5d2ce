import RegistryTesting
import Testing

@testable import Registry

/// An identity is its key box, which holds the view-model type and the hash
/// (InstanceIdentity.swift).
@MainActor
@Suite struct InstanceIdentityTests {
  /// A spec's values are the box of its shared identity; an identity made from the same type and
  /// key in a box of its own is equal, with the same hash, and another type under the same key
  /// is another identity.
  @Test func theTypeInTheBoxTellsIdentitiesApart() {
    let probe = ObjectIdentifier(ProbeViewModel.self)
    let other = ObjectIdentifier(OtherProbeViewModel.self)
    let values = InstanceArg.Values(
      key: "k", tag: nil, aliveForever: false, releasePolicy: nil, instanceType: probe)
    let boxedInValues = InstanceIdentity(type: probe, sharedBy: values)
    let boxedAlone = InstanceIdentity(type: probe, key: .shared("k"))
    let otherType = InstanceIdentity(type: other, key: .shared("k"))

    #expect(boxedInValues == boxedAlone)
    #expect(boxedInValues?.hashValue == boxedAlone.hashValue)
    #expect(boxedInValues?._rawHashValue(seed: 7) == boxedAlone._rawHashValue(seed: 7))
    #expect(boxedInValues?.type == probe && boxedAlone.type == probe && otherType.type == other)
    #expect(boxedInValues != otherType && boxedAlone != otherType)
    // A copy of the values for another lifetime keeps their type.
    let copy = values.with(aliveForever: true)
    #expect(copy.instanceType == probe)
    #expect(InstanceIdentity(type: probe, sharedBy: copy) == boxedAlone)
  }

  /// Values made by hand (an `InstanceArg` in a test) name no type: an identity made from them
  /// gets a box of its own with the type it was asked for.
  @Test func valuesMadeByHandGetABoxOfTheirOwn() {
    let probe = ObjectIdentifier(ProbeViewModel.self)
    let byHand = InstanceArg(key: "k").values
    let identity = InstanceIdentity(type: probe, sharedBy: byHand)
    #expect(identity?.type == probe)
    #expect(identity == InstanceIdentity(type: probe, key: .shared("k")))
  }

  /// Two types under one key are two instances, for view models and services alike.
  @Test func oneKeyUnderTwoTypesIsTwoInstances() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      let probe = binding.watch(ViewModelSpec(key: "same") { ProbeViewModel("p", log: log) })
      let other = binding.watch(ViewModelSpec(key: "same") { OtherProbeViewModel("o", log: log) })
      #expect(probe !== other)
      #expect(binding.read(ServiceSpec<Int>(key: "same") { 1 }) == 1)
      #expect(binding.read(ServiceSpec<String>(key: "same") { "x" }) == "x")
      binding.dispose()
    }
  }

  /// The hash an identity keeps is 32 bits: two keys whose hashes meet there are still two
  /// identities, two entries of a table, and two shared instances.
  @Test func keysWhoseHashesMeetStayApart() throws {
    let probe = ObjectIdentifier(ProbeViewModel.self)
    // About 2^16 keys make a pair that meets on 32 bits (the birthday bound); the hashes are
    // seeded per process, so the pair is searched for.
    var firstKeyByHash: [Int: Int] = [:]
    var pair: (Int, Int)?
    for key in 0..<(1 << 22) {
      let hash = InstanceIdentity(type: probe, key: .shared(key)).keyHash
      if let earlier = firstKeyByHash.updateValue(key, forKey: hash) {
        pair = (earlier, key)
        break
      }
    }
    let (first, second) = try #require(pair)
    let one = InstanceIdentity(type: probe, key: .shared(first))
    let other = InstanceIdentity(type: probe, key: .shared(second))
    #expect(one.keyHash == other.keyHash)
    #expect(one != other)
    #expect(Set([one, other]).count == 2)

    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      let firstInstance = binding.watch(
        ViewModelSpec(key: first) { ProbeViewModel("first", log: log) })
      let secondInstance = binding.watch(
        ViewModelSpec(key: second) { ProbeViewModel("second", log: log) })
      #expect(firstInstance !== secondInstance)
      #expect(registry.liveInstanceCount == 2)
      // Each is found again under its own key.
      #expect(
        binding.read(ViewModelSpec(key: first) { ProbeViewModel("again", log: log) })
          === firstInstance)
      #expect(
        binding.read(ViewModelSpec(key: second) { ProbeViewModel("again", log: log) })
          === secondInstance)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A private identity's box is hashed by an object given to it (the spec's values), which a
  /// builder-only proxy shares with its spec: identities with one hash seed are still each
  /// their own.
  @Test func privateIdentitiesHashedByOneSeedAreEachTheirOwn() {
    let probe = ObjectIdentifier(ProbeViewModel.self)
    let seed = ObjectIdentifier(InstanceArg(key: nil).values)
    let one = InstanceIdentity(privateTo: probe, hashedBy: seed)
    let other = InstanceIdentity(privateTo: probe, hashedBy: seed)
    #expect(one.keyHash == other.keyHash)
    #expect(one != other)
    #expect(one == one)
    #expect(Set([one, other, one]).count == 2)
  }
}
