import RegistryTesting
import Testing

@testable import Registry

/// An identity is its key box and its hash: the view-model type lives in the box
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
}
