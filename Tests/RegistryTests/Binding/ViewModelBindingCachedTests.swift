import Registry
import Testing

@MainActor
@Suite struct ViewModelBindingCachedTests {
  @Test func cachedLookupFindsByKeyAndHolds() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ViewModelSpec(key: "user-42", tag: "users") { ProbeViewModel("u", log: log) }
      let owner = ViewModelBinding()
      let user = owner.watch(spec)
      var refreshes = 0
      let viewer = ViewModelBinding { refreshes += 1 }
      let found: ProbeViewModel = try viewer.watchCached(key: "user-42")
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
      let spec = ViewModelSpec(key: "user-7") { ProbeViewModel("u", log: EventLog()) }
      var refreshes = 0
      let viewer = ViewModelBinding { refreshes += 1 }
      let user = viewer.read(spec)
      let again: ProbeViewModel = try viewer.readCached(key: "user-7")
      #expect(again === user)
      let maybe: ProbeViewModel? = viewer.maybeReadCached(key: "user-7")
      #expect(maybe === user)
      user.set(1)
      #expect(refreshes == 0)
      let watched: ProbeViewModel = try viewer.watchCached(key: "user-7")
      #expect(watched === user)
      user.set(2)
      #expect(refreshes == 1)
      viewer.dispose()
    }
  }

  @Test func cachedLookupByTagFindsTheNewest() throws {
    try withTestRegistry { _, _ in
      let log = EventLog()
      let older = ViewModelSpec(key: 1, tag: "feed") { ProbeViewModel("older", log: log) }
      let newer = ViewModelSpec(key: 2, tag: "feed") { ProbeViewModel("newer", log: log) }
      let untagged = ViewModelSpec(key: 3) { ProbeViewModel("untagged", log: log) }
      let owner = ViewModelBinding()
      _ = owner.watch(older)
      _ = owner.watch(newer)
      _ = owner.watch(untagged)
      let viewer = ViewModelBinding()
      let byTag: ProbeViewModel = try viewer.readCached(tag: "feed")
      #expect(byTag.name == "newer")
      let byType: ProbeViewModel? = viewer.maybeReadCached()
      #expect(byType?.name == "untagged")
      let keyAndTag: ProbeViewModel? = viewer.maybeWatchCached(key: 1, tag: "feed")
      #expect(keyAndTag?.name == "older")
      let wrongTag: ProbeViewModel? = viewer.maybeWatchCached(key: 1, tag: "other")
      #expect(wrongTag == nil)
    }
  }

  @Test func cachedLookupsNeverBuildAndNeverFindPrivateInstances() {
    withTestRegistry { registry, _ in
      let privateSpec = ViewModelSpec { ProbeViewModel("p", log: EventLog()) }
      let owner = ViewModelBinding()
      _ = owner.watch(privateSpec)
      let viewer = ViewModelBinding()
      let found: ProbeViewModel? = viewer.maybeWatchCached()
      #expect(found == nil)
      #expect(registry.liveInstanceCount == 1)
    }
  }

  @Test func aLookupByTagFindsTheNewestPrivateInstanceWithThatTag() throws {
    try withTestRegistry { registry, _ in
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let older = first.watch(
        ViewModelSpec(tag: "draft") { ProbeViewModel("older", log: EventLog()) })
      let newer = second.watch(
        ViewModelSpec(tag: "draft") { ProbeViewModel("newer", log: EventLog()) })
      _ = first.watch(ViewModelSpec(tag: "other") { ProbeViewModel("other", log: EventLog()) })
      let viewer = ViewModelBinding()
      let found: ProbeViewModel = try viewer.readCached(tag: "draft")
      #expect(found === newer)
      // By key, or by nothing, private instances stay private.
      let byKey: ProbeViewModel? = viewer.maybeReadCached(key: "draft")
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
          operation: "watchCached(key: \"user-42\")", type: "ProbeViewModel", key: "\"user-42\"",
          tag: nil, registry: "test")
      ) {
        let _: ProbeViewModel = try viewer.watchCached(key: "user-42")
      }
      do {
        let _: ProbeViewModel = try viewer.readCached(tag: "users")
        Issue.record("expected a miss")
      } catch let error as RegistryError {
        #expect(
          error.description == """
            readCached(tag: "users") found no ProbeViewModel.
              Key: none   Tag: "users"   Type: ProbeViewModel   Registry: test
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
      let model = owner.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
      let disposed = ViewModelBinding(label: "Gone")
      disposed.dispose()
      let found: ProbeViewModel? = disposed.maybeWatchCached(key: "k")
      #expect(found === model)
      let expected = RegistryError.bindingDisposed(
        operation: "maybeWatchCached(key:tag:)", binding: disposed.id, type: "ProbeViewModel",
        key: "\"k\"")
      #expect(reporter.errors == [expected])
      #expect(throws: RegistryError.self) {
        let _: ProbeViewModel = try disposed.watchCached(key: "k")
      }
      owner.dispose()
      #expect(model.isDisposed)
    }
  }

  /// readCached(key:tag:): "Finds a live instance of `VM` by key or tag and holds it without
  /// watching; never builds."
  @Test func readCachedHoldsWithoutWatching() throws {
    try withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "user-7") { ProbeViewModel("u", log: EventLog()) }
      let owner = ViewModelBinding()
      let user = owner.watch(spec)
      var refreshes = 0
      let reader = ViewModelBinding { refreshes += 1 }
      let found: ProbeViewModel = try reader.readCached(key: "user-7")
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
      let log = EventLog()
      let untagged = ViewModelSpec(key: 1) { ProbeViewModel("untagged", log: log) }
      let tagged = ViewModelSpec(key: 2, tag: "feed") { ProbeViewModel("tagged", log: log) }
      let owner = ViewModelBinding()
      _ = owner.watch(untagged)
      _ = owner.watch(tagged)
      let viewer = ViewModelBinding()
      let newest: ProbeViewModel = try viewer.watchCached()
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
      let model = owner.watch(ViewModelSpec(key: "k") { ProbeViewModel("k", log: EventLog()) })
      let disposed = ViewModelBinding(label: "Gone")
      disposed.dispose()
      let found: ProbeViewModel? = disposed.maybeReadCached(key: "k")
      #expect(found === model)
      #expect(
        reporter.errors == [
          .bindingDisposed(
            operation: "maybeReadCached(key:tag:)", binding: disposed.id, type: "ProbeViewModel",
            key: "\"k\"")
        ])
      owner.dispose()
    }
  }

  /// watchCached(key:tag:): "Finds a live instance of `VM` by key or tag and watches it" — one
  /// this binding only read so far too.
  @Test func watchCachedWatchesAnInstanceTheBindingOnlyRead() throws {
    try withTestRegistry { _, _ in
      let spec = ViewModelSpec(key: "user-9") { ProbeViewModel("u", log: EventLog()) }
      var refreshes = 0
      let binding = ViewModelBinding { refreshes += 1 }
      let user = binding.read(spec)
      user.set(1)
      #expect(refreshes == 0)
      let found: ProbeViewModel = try binding.watchCached(key: "user-9")
      #expect(found === user)
      user.set(2)
      #expect(refreshes == 1)
      binding.dispose()
    }
  }
}
