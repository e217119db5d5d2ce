import Registry
import Testing

/// Runs each test in its own fresh registry, so tests run in parallel without seeing each other.
///
/// Every binding created, spec resolved, proxy set, configuration and lifecycle observer
/// installed inside the test — including in tasks it starts — belongs to that registry, and is
/// gone when the test ends. Reported mistakes become test issues at the line that made them. At
/// the end, an instance still alive that is not `aliveForever` fails the test with its type,
/// key and holders (turn it off with `leakCheck: false`).
///
/// ```swift
/// @Test(.registry) func loadsProfile() { … }
///
/// @Suite(.registry { $0.setProxy(mockAPI, for: apiSpec) })
/// struct ProfileTests { … }
/// ```
public struct RegistryTrait: TestTrait, SuiteTrait, TestScoping {
  let leakCheck: Bool
  let setup: (@MainActor @Sendable (ViewModelRegistry) throws -> Void)?

  /// Applies to every test of a suite it is attached to.
  public var isRecursive: Bool { true }

  /// Scopes each test case, never a suite as a whole: each case gets its own registry.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case inside a fresh registry, then checks for leaks and disposes what is left.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let registry = await makeTestRegistry(name: test.name, sourceLocation: test.sourceLocation)
    do {
      try await registry.withCurrent {
        if let setup { try await MainActor.run { try setup(registry) } }
        try await function()
      }
      await settle()
      await finish(registry, leakCheck: leakCheck, sourceLocation: test.sourceLocation)
    } catch {
      await finish(registry, leakCheck: false, sourceLocation: test.sourceLocation)
      throw error
    }
  }
}

extension Trait where Self == RegistryTrait {
  /// Runs each test in its own fresh registry with the leak check on.
  ///
  /// ```swift
  /// @Test(.registry) func counts() { … }
  /// ```
  public static var registry: RegistryTrait { RegistryTrait(leakCheck: true, setup: nil) }

  /// Runs each test in its own fresh registry, configured by `setup` first.
  ///
  /// ```swift
  /// @Test(.registry { $0.setProxy(mockAuth, for: authSpec) })
  /// func signsIn() { … }
  ///
  /// @Test(.registry(leakCheck: false)) func keepsACache() { … }
  /// ```
  ///
  /// - Parameters:
  ///   - leakCheck: Whether leftover instances fail the test.
  ///   - setup: Installs proxies, configuration or observers in the test's registry.
  /// - Returns: The trait.
  public static func registry(
    leakCheck: Bool = true,
    _ setup: (@MainActor @Sendable (ViewModelRegistry) throws -> Void)? = nil
  ) -> RegistryTrait {
    RegistryTrait(leakCheck: leakCheck, setup: setup)
  }
}
