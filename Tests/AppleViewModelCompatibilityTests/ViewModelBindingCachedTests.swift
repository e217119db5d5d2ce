import AppleViewModelCompatibility
import RegistryTesting
import Testing

@MainActor
@Suite struct ViewModelBindingCachedTests {
  @Test func cachedLookupFindsByKeyAndHolds() throws {
    try withTestRegistry { registry, _ in
      let spec = ViewModelSpec(key: "user-42", tag: "users") { CachedProbe("u") }
      let owner = ViewModelBinding()
      let user = owner.watch(spec)
      var refreshes = 0
      let viewer = ViewModelBinding { refreshes += 1 }
      let found: CachedProbe = try viewer.watchCached(key: "user-42")
      #expect(found === user)
      owner.dispose()
      #expect(!user.isDisposed)
      user.set(1)
      #expect(refreshes == 1)
      viewer.dispose()
      #expect(user.isDisposed)
    }
  }

  /// `readCached` "holds it without watching": finding again what the binding already reads
  /// does not make it watch, and `watchCached` on it then does.
  @Test func aReadLookupOfAnInstanceAlreadyReadDoesNotStartWatchingIt() throws {
    try withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "user-7") { CachedProbe("u") }
      var refreshes = 0
      let viewer = ViewModelBinding { refreshes += 1 }
      let user = viewer.read(spec)
      let again: CachedProbe = try viewer.readCached(key: "user-7")
      #expect(again === user)
      let maybe: CachedProbe? = viewer.maybeReadCached(key: "user-7")
      #expect(maybe === user)
      user.set(1)
      #expect(refreshes == 0)
      let watched: CachedProbe = try viewer.watchCached(key: "user-7")
      #expect(watched === user)
      user.set(2)
      #expect(refreshes == 1)
      viewer.dispose()
    }
  }

  @Test func cachedLookupByTagFindsTheNewest() throws {
    try withTestRegistry { _, _ in
      let older = ViewModelSpec(key: 1, tag: "feed") { CachedProbe("older") }
      let newer = ViewModelSpec(key: 2, tag: "feed") { CachedProbe("newer") }
      let untagged = ViewModelSpec(key: 3) { CachedProbe("untagged") }
      let owner = ViewModelBinding()
      _ = owner.watch(older)
      _ = owner.watch(newer)
      _ = owner.watch(untagged)
      let viewer = ViewModelBinding()
      let byTag: CachedProbe = try viewer.readCached(tag: "feed")
      #expect(byTag.name == "newer")
      let byType: CachedProbe? = viewer.maybeReadCached()
      #expect(byType?.name == "untagged")
      let keyAndTag: CachedProbe? = viewer.maybeWatchCached(key: 1, tag: "feed")
      #expect(keyAndTag?.name == "older")
      let wrongTag: CachedProbe? = viewer.maybeWatchCached(key: 1, tag: "other")
      #expect(wrongTag == nil)
    }
  }

  @Test func cachedLookupsNeverBuildAndNeverFindPrivateInstances() {
    withTestRegistry { registry, _ in
      let privateSpec = ViewModelSpec { CachedProbe("p") }
      let owner = ViewModelBinding()
      _ = owner.watch(privateSpec)
      let viewer = ViewModelBinding()
      let found: CachedProbe? = viewer.maybeWatchCached()
      #expect(found == nil)
      #expect(registry.liveInstanceCount == 1)
    }
  }

  @Test func aLookupByTagFindsTheNewestPrivateInstanceWithThatTag() throws {
    try withTestRegistry { registry, _ in
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let older = first.watch(
        ViewModelSpec(tag: "draft") { CachedProbe("older") })
      let newer = second.watch(
        ViewModelSpec(tag: "draft") { CachedProbe("newer") })
      _ = first.watch(ViewModelSpec(tag: "other") { CachedProbe("other") })
      let viewer = ViewModelBinding()
      let found: CachedProbe = try viewer.readCached(tag: "draft")
      #expect(found === newer)
      // By key, or by nothing, private instances stay private.
      let byKey: CachedProbe? = viewer.maybeReadCached(key: "draft")
      #expect(byKey == nil)
      // The viewer holds what it found: it outlives its own binding.
      second.dispose()
      #expect(!newer.isDisposed)
      viewer.dispose()
      #expect(newer.isDisposed)
      #expect(!older.isDisposed)
      first.dispose()
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func cachedMissThrowsATypedErrorWithTheWholeMessage() {
    withTestRegistry { _, _ in
      let viewer = ViewModelBinding()
      #expect(
        throws: RegistryError.notFound(
          operation: "watchCached(key: \"user-42\")", type: "CachedProbe", key: "\"user-42\"",
          tag: nil, registry: "test")
      ) {
        let _: CachedProbe = try viewer.watchCached(key: "user-42")
      }
      do {
        let _: CachedProbe = try viewer.readCached(tag: "users")
        Issue.record("expected a miss")
      } catch let error as RegistryError {
        #expect(
          error.description == """
            readCached(tag: "users") found no CachedProbe.
              Key: none   Tag: "users"   Type: CachedProbe   Registry: test
            Cached lookups never build; an instance must already be held by some binding.
            To fix, resolve the spec with watch(_:) or read(_:) first, or use the maybe form and handle nil.
            """)
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }

  @Test func cachedLookupThroughADisposedBindingIsReportedOrThrown() {
    withTestRegistry { _, reporter in
      let owner = ViewModelBinding()
      let model = owner.watch(ViewModelSpec(key: "k") { CachedProbe("k") })
      let disposed = ViewModelBinding(label: "Gone")
      disposed.dispose()
      let found: CachedProbe? = disposed.maybeWatchCached(key: "k")
      #expect(found === model)
      let expected = RegistryError.bindingDisposed(
        operation: "maybeWatchCached(key:tag:)", binding: disposed.id, type: "CachedProbe",
        key: "\"k\"")
      #expect(reporter.errors == [expected])
      #expect(throws: RegistryError.self) {
        let _: CachedProbe = try disposed.watchCached(key: "k")
      }
      owner.dispose()
      #expect(model.isDisposed)
    }
  }

  /// readCached(key:tag:): "Finds a live instance of `VM` by key or tag and holds it without
  /// watching; never builds."
  @Test func readCachedHoldsWithoutWatching() throws {
    try withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "user-7") { CachedProbe("u") }
      let owner = ViewModelBinding()
      let user = owner.watch(spec)
      var refreshes = 0
      let reader = ViewModelBinding { refreshes += 1 }
      let found: CachedProbe = try reader.readCached(key: "user-7")
      #expect(found === user)
      owner.dispose()
      #expect(!user.isDisposed)
      user.set(1)
      #expect(refreshes == 0)
      reader.dispose()
      #expect(user.isDisposed)
    }
  }

  /// watchCached(key:tag:): "with neither, the newest keyed instance of `VM`" — whatever its tag.
  @Test func aLookupWithNeitherKeyNorTagFindsTheNewestKeyedInstanceWhateverItsTag() throws {
    try withTestRegistry { _, _ in
      let untagged = ViewModelSpec(key: 1) { CachedProbe("untagged") }
      let tagged = ViewModelSpec(key: 2, tag: "feed") { CachedProbe("tagged") }
      let owner = ViewModelBinding()
      _ = owner.watch(untagged)
      _ = owner.watch(tagged)
      let viewer = ViewModelBinding()
      let newest: CachedProbe = try viewer.watchCached()
      #expect(newest.name == "tagged")
      viewer.dispose()
      owner.dispose()
    }
  }

  /// RegistryError.bindingDisposed: "An operation was attempted through a binding that was
  /// already disposed" — reported for each cached lookup's maybe form, reading too.
  @Test func maybeReadCachedThroughADisposedBindingIsReported() {
    withTestRegistry { _, reporter in
      let owner = ViewModelBinding()
      let model = owner.watch(ViewModelSpec(key: "k") { CachedProbe("k") })
      let disposed = ViewModelBinding(label: "Gone")
      disposed.dispose()
      let found: CachedProbe? = disposed.maybeReadCached(key: "k")
      #expect(found === model)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "maybeReadCached(key:tag:)", binding: disposed.id, type: "CachedProbe",
            key: "\"k\"")
        ])
      owner.dispose()
    }
  }

  /// watchCached(key:tag:): "Finds a live instance of `VM` by key or tag and watches it" — one
  /// this binding only read so far too.
  @Test func watchCachedWatchesAnInstanceTheBindingOnlyRead() throws {
    try withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "user-9") { CachedProbe("u") }
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let user = binding.read(spec)
      user.set(1)
      #expect(refreshes == 0)
      let found: CachedProbe = try binding.watchCached(key: "user-9")
      #expect(found === user)
      user.set(2)
      #expect(refreshes == 1)
      binding.dispose()
    }
  }
}

/// A view model known by its name.
@MainActor
private final class CachedProbe: ViewModel {
  let name: String
  var value = 0

  init(_ name: String) {
    self.name = name
  }

  func set(_ value: Int) {
    update { self.value = value }
  }
}
