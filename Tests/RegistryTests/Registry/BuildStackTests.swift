import Testing

@testable import Registry

/// The build stack finds an identity at any depth: "finding an identity costs the same at any
/// depth", with buckets that grow with the stack. Tested on the stack itself, since a nested
/// build this deep would not fit on a test's stack in every build configuration.
@MainActor
@Suite struct BuildStackTests {
  private func identity(_ key: Int) -> InstanceIdentity {
    InstanceIdentity(type: ObjectIdentifier(ProbeViewModel.self), key: .shared(key))
  }

  private func frame(_ key: Int) -> BuildFrame {
    BuildFrame(identity: identity(key), type: ProbeViewModel.self, values: nil)
  }

  @Test(arguments: [5, 9, 1_024, 1_025, 5_000])
  func everyFrameIsFoundAtItsIndexAndNothingElseIs(depth: Int) {
    var stack = BuildStack()
    for key in 0..<depth { stack.push(frame(key)) }
    for key in 0..<depth { #expect(stack.index(of: identity(key)) == key) }
    #expect(stack.index(of: identity(depth)) == nil)
    #expect(stack.index(of: identity(-1)) == nil)
  }

  @Test func aRepeatedIdentityIsFoundAtItsNewestFrameAndAgainAtTheOlderOneOnceThatIsPopped() {
    var stack = BuildStack()
    for key in 0..<2_000 { stack.push(frame(key)) }
    stack.push(frame(7))
    #expect(stack.index(of: identity(7)) == 2_000)
    stack.pop()
    #expect(stack.index(of: identity(7)) == 7)
  }

  @Test func aStackEmptiedAfterADeepBuildFindsItsFramesWhenItGrowsAgain() {
    var stack = BuildStack()
    for round in 0..<2 {
      for key in 0..<3_000 { stack.push(frame(round * 10_000 + key)) }
      #expect(stack.index(of: identity(round * 10_000 + 2_999)) == 2_999)
      #expect(stack.index(of: identity(round * 10_000 + 12)) == 12)
      for key in (0..<3_000).reversed() {
        stack.pop()
        #expect(stack.index(of: identity(round * 10_000 + key)) == nil)
        if key > 0 { #expect(stack.index(of: identity(round * 10_000 + key - 1)) == key - 1) }
      }
      #expect(stack.isEmpty)
    }
  }
}
