import Testing

@testable import Registry

/// The build stack finds an identity at any depth: "finding an identity costs the same at any
/// depth", with buckets that grow with the stack. Tested on the stack itself, since a nested
/// build this deep would not fit on a test's stack in every build configuration.
///
/// A frame does not keep its identity alive (the build that pushes it does), so these tests
/// keep every pushed identity in ``Pushed`` until the stack is gone; the identities they look
/// up are made anew, equal but with boxes of their own, as a spec made again for each call
/// gives.
@MainActor
@Suite struct BuildStackTests {
  private func identity(_ key: Int) -> InstanceIdentity {
    InstanceIdentity(type: ObjectIdentifier(ProbeViewModel.self), key: .shared(key))
  }

  /// The identities a test pushed, kept alive as the builds that push frames keep theirs.
  private final class Pushed {
    var identities: [InstanceIdentity] = []

    func frame(_ identity: InstanceIdentity) -> BuildFrame {
      identities.append(identity)
      return BuildFrame(identity: identity, type: ProbeViewModel.self, values: nil)
    }
  }

  @Test(arguments: [5, 9, 1_024, 1_025, 5_000])
  func everyFrameIsFoundAtItsIndexAndNothingElseIs(depth: Int) {
    let pushed = Pushed()
    var stack = BuildStack()
    for key in 0..<depth { stack.push(pushed.frame(identity(key))) }
    for key in 0..<depth { #expect(stack.index(of: identity(key)) == key) }
    #expect(stack.index(of: identity(depth)) == nil)
    #expect(stack.index(of: identity(-1)) == nil)
    withExtendedLifetime(pushed) {}
  }

  @Test func aRepeatedIdentityIsFoundAtItsNewestFrameAndAgainAtTheOlderOneOnceThatIsPopped() {
    let pushed = Pushed()
    var stack = BuildStack()
    for key in 0..<2_000 { stack.push(pushed.frame(identity(key))) }
    stack.push(pushed.frame(identity(7)))
    #expect(stack.index(of: identity(7)) == 2_000)
    stack.pop()
    #expect(stack.index(of: identity(7)) == 7)
    withExtendedLifetime(pushed) {}
  }

  @Test func aStackEmptiedAfterADeepBuildFindsItsFramesWhenItGrowsAgain() {
    let pushed = Pushed()
    var stack = BuildStack()
    for round in 0..<2 {
      for key in 0..<3_000 { stack.push(pushed.frame(identity(round * 10_000 + key))) }
      #expect(stack.index(of: identity(round * 10_000 + 2_999)) == 2_999)
      #expect(stack.index(of: identity(round * 10_000 + 12)) == 12)
      for key in (0..<3_000).reversed() {
        stack.pop()
        #expect(stack.index(of: identity(round * 10_000 + key)) == nil)
        if key > 0 { #expect(stack.index(of: identity(round * 10_000 + key - 1)) == key - 1) }
      }
      #expect(stack.isEmpty)
    }
    withExtendedLifetime(pushed) {}
  }

  /// A frame answers for its identity by the key box's address, and for an equal identity made
  /// elsewhere by hash, type and key, as `==` does; an identity of another key, or of another
  /// type with the same key, is not it.
  @Test func aFrameNamesItsIdentityAndEqualOnesButNoOther() {
    let own = identity(3)
    let frame = BuildFrame(identity: own, type: ProbeViewModel.self, values: nil)
    #expect(frame.identity.names(own))
    #expect(frame.identity.names(identity(3)))
    #expect(!frame.identity.names(identity(4)))
    let otherType = InstanceIdentity(type: ObjectIdentifier(Int.self), key: .shared(3))
    #expect(!frame.identity.names(otherType))
    withExtendedLifetime(own) {}
  }
}
