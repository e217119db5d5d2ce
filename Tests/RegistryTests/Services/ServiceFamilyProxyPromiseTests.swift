import Registry
import RegistryTesting
import Testing

@MainActor
private final class FamilyClient {
  let base: String

  init(_ base: String) {
    self.base = base
  }
}

/// Proxies of service families of every arity: installed for every argument, removed whole.
@MainActor
@Suite struct ServiceFamilyProxyPromiseTests {
  /// ServiceSpecWithArg…4: `setProxy(builder:)` makes "the service for the arguments instead";
  /// `clearProxy()` "Removes the proxy installed on this family in the current registry". Each
  /// arity, from one to four arguments.
  @Test(arguments: 1...4)
  func aServiceFamilysProxyBuildsEveryArgumentUntilItIsCleared(_ arity: Int) {
    withRegistry { _ in
      let binding = ViewModelBinding()
      let read: (Int) -> String
      let clear: () -> Void
      switch arity {
      case 1:
        let family = ServiceSpecWithArg<FamilyClient, Int>(builder: { FamilyClient("real\($0)") })
        ViewModelRegistry.current.setProxy(for: family) { FamilyClient("mock\($0)") }
        read = { binding.read(family($0)).base }
        clear = { ViewModelRegistry.current.clearProxy(for: family) }
      case 2:
        let family = ServiceSpecWithArg2<FamilyClient, Int, Int>(builder: {
          FamilyClient("real\($0)\($1)")
        })
        ViewModelRegistry.current.setProxy(for: family) { FamilyClient("mock\($0)\($1)") }
        read = { binding.read(family($0, 0)).base }
        clear = { ViewModelRegistry.current.clearProxy(for: family) }
      case 3:
        let family = ServiceSpecWithArg3<FamilyClient, Int, Int, Int>(builder: {
          FamilyClient("real\($0)\($1)\($2)")
        })
        ViewModelRegistry.current.setProxy(for: family) { FamilyClient("mock\($0)\($1)\($2)") }
        read = { binding.read(family($0, 0, 0)).base }
        clear = { ViewModelRegistry.current.clearProxy(for: family) }
      default:
        let family = ServiceSpecWithArg4<FamilyClient, Int, Int, Int, Int>(builder: {
          FamilyClient("real\($0)\($1)\($2)\($3)")
        })
        ViewModelRegistry.current.setProxy(for: family) { FamilyClient("mock\($0)\($1)\($2)\($3)") }
        read = { binding.read(family($0, 0, 0, 0)).base }
        clear = { ViewModelRegistry.current.clearProxy(for: family) }
      }
      let zeros = String(repeating: "0", count: arity - 1)
      #expect(read(1) == "mock1" + zeros)
      #expect(read(2) == "mock2" + zeros)
      clear()
      #expect(read(3) == "real3" + zeros)
      // What the proxy built stays what it is: clearing changes later builds only.
      #expect(read(1) == "mock1" + zeros)
      binding.dispose()
    }
  }
}
