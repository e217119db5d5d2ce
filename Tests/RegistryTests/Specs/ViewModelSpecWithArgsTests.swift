import Registry
import Testing

/// `ViewModelSpecWithArgs` and `ServiceSpecWithArgs` at arities the numbered names do not
/// cover: "for any number of arguments", with the arguments together as the key, one spec per
/// equal arguments, and proxies.
@MainActor
@Suite struct ViewModelSpecWithArgsTests {
  /// One argument through the family of several: a `Hashable` argument is the key, equal
  /// arguments get one spec object, and the family's own one-argument cache is not touched (the
  /// two caches never meet each other's key type).
  @Test func aFamilyOfOneArgumentKeysAndCachesByIt() {
    withTestRegistry { registry, _ in
      let rows = ViewModelSpecWithArgs<ProbeViewModel, Int>(builder: {
        ProbeViewModel("row \($0)", log: EventLog())
      })
      #expect(rows(1) === rows(1))
      #expect(rows(1) !== rows(2))
      let binding = ViewModelBinding()
      let first = binding.watch(rows(1))
      #expect(binding.watch(rows(1)) === first)
      #expect(binding.watch(rows(2)) !== first)
      #expect(first.name == "row 1")
      #expect(registry.liveInstanceCount == 2)
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// Five arguments: all five together are the key, so instances differ when any one does and
  /// are shared when all are equal; a proxy by builder takes the arguments one by one.
  @Test func aFamilyOfFiveArgumentsKeysByAllOfThemAndTakesAProxy() {
    withTestRegistry { registry, _ in
      let cells = ViewModelSpecWithArgs<ProbeViewModel, Int, String, Bool, Int, Character>(
        builder: { a, b, c, d, e in ProbeViewModel("\(a)\(b)\(c)\(d)\(e)", log: EventLog()) })
      #expect(cells(1, "a", true, 2, "x") === cells(1, "a", true, 2, "x"))
      let binding = ViewModelBinding()
      let cell = binding.watch(cells(1, "a", true, 2, "x"))
      #expect(cell.name == "1atrue2x")
      #expect(ViewModelBinding().read(cells(1, "a", true, 2, "x")) === cell)
      #expect(binding.watch(cells(1, "a", true, 2, "y")) !== cell)
      #expect(cells(1, "a", true, 2, "x").key != cells(1, "a", true, 3, "x").key)

      ViewModelRegistry.current.setProxy(for: cells) { a, _, _, _, e in
        ProbeViewModel("mock \(a)\(e)", log: EventLog())
      }
      #expect(binding.watch(cells(9, "z", false, 0, "q")).name == "mock 9q")
      ViewModelRegistry.current.clearProxy(for: cells)
      #expect(binding.watch(cells(8, "z", false, 0, "q")).name == "8zfalse0q")
      binding.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// A key function over the arguments replaces them as the key; `nil` from it means private.
  @Test func aKeyFunctionOfSeveralArgumentsDecidesSharing() {
    withTestRegistry { _, _ in
      let pages = ViewModelSpecWithArgs<ProbeViewModel, String, Int, Int>(
        builder: { book, page, _ in ProbeViewModel("\(book) \(page)", log: EventLog()) },
        key: { book, page, _ in page < 0 ? nil : "\(book)#\(page)" })
      let binding = ViewModelBinding()
      let first = binding.watch(pages("swift", 1, 0))
      // The third argument is not in the key: the same instance.
      #expect(binding.watch(pages("swift", 1, 99)) === first)
      #expect(first.createArg?.key == AnyHashable("swift#1"))
      // A private spec per call: two instances.
      let other = ViewModelBinding()
      #expect(other.watch(pages("swift", -1, 0)) !== binding.watch(pages("swift", -1, 0)))
      binding.dispose()
      other.dispose()
    }
  }

  /// A service family of five arguments, with its binding first when the builder resolves
  /// dependencies: one service per equal arguments, disposed once.
  @Test func aServiceFamilyOfFiveArgumentsSharesByAllOfThem() {
    withTestRegistry { registry, _ in
      let disposed = EventLog()
      let base = ServiceSpec(key: "base") { "base" }
      let feeds = ServiceSpecWithArgs<String, Int, Int, Int, Int, Int>(
        builder: { dependencies, a, b, c, d, e in
          "\(dependencies.read(base)) \(a + b + c + d + e)"
        },
        onDispose: { disposed.append($0) })
      let binding = ViewModelBinding()
      #expect(binding.read(feeds(1, 2, 3, 4, 5)) == "base 15")
      #expect(binding.read(feeds(5, 4, 3, 2, 1)) == "base 15")
      // Two argument lists, two services, and the base they both read.
      #expect(registry.liveInstanceCount == 3)
      #expect(binding.read(feeds(1, 2, 3, 4, 5)) == "base 15")
      #expect(registry.liveInstanceCount == 3)
      binding.dispose()
      #expect(disposed.events == ["base 15", "base 15"])
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
