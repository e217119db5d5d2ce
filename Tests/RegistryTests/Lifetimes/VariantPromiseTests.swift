import Registry
import RegistryTesting
import Testing

/// The rules of the docs for a variant (a tag, a pool, a grace period, a read-only host), each
/// checked under the bulk operations and checks that meet it, not only in its default form.
@MainActor
@Suite struct VariantPromiseTests {
  /// How a pooled instance is disposed from outside its pool.
  enum PooledDisposal: String, CaseIterable {
    case resetOfItsTag, disposeOfTheInstance
  }

  /// Lifetimes: "``ViewModelRegistry/reset(tag:)`` disposes every instance with a tag —
  /// `aliveForever` ones and ones in a grace period included"; ``ViewModelRegistry/dispose(_:)``
  /// disposes one "whoever holds it". A pooled (`keepReleased`) instance disposed that way
  /// leaves its pool: "A family with `keepReleased: N` keeps up to N released keyed instances
  /// alive", and a disposed one is not one of them, so it takes no room from the live ones.
  @Test(arguments: PooledDisposal.allCases)
  func aPooledInstanceDisposedByAResetOrADisposeLeavesItsPool(_ disposal: PooledDisposal) {
    withRegistry { registry in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: log) }, tag: { $0 == 2 ? "account" : nil },
        keepReleased: 2)
      let list = ViewModelBinding()
      let row1 = list.watch(rows(1))
      let row2 = list.watch(rows(2))
      list.unbind(row1)
      list.unbind(row2)
      #expect(!row1.isDisposed && !row2.isDisposed)
      switch disposal {
      case .resetOfItsTag: #expect(registry.reset(tag: "account") == 1)
      case .disposeOfTheInstance: registry.dispose(row2)
      }
      #expect(row2.isDisposed)
      #expect(log.events(startingWith: "dispose") == ["dispose row2"])
      // The pool holds row 1 alone now: one more released row fits beside it.
      let row3 = list.watch(rows(3))
      list.unbind(row3)
      #expect(!row1.isDisposed && !row3.isDisposed)
      #expect(log.events(startingWith: "dispose") == ["dispose row2"])
      // And the disposed row is never handed back: its argument builds a fresh one.
      let again = list.watch(rows(2))
      #expect(again !== row2 && !again.isDisposed)
      list.dispose()
      // Released last, it joins the pool, whose least recently released row goes.
      #expect(row1.isDisposed && !row3.isDisposed && !again.isDisposed)
      registry.disposeAll()
    }
  }

  /// Lifetimes: "``ViewModelRegistry/reset(tag:)`` disposes every instance with a tag", pooled
  /// ones too, and only those: a pooled instance of another tag stays in its pool.
  @Test func aResetOfATagDisposesThePooledInstancesOfThatTagOnly() {
    withRegistry { registry in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: log) },
        tag: { $0.isMultiple(of: 2) ? "even" : "odd" }, keepReleased: 4)
      let list = ViewModelBinding()
      let models = (1...4).map { list.watch(rows($0)) }
      for model in models { list.unbind(model) }
      #expect(registry.reset(tag: "even") == 2)
      #expect(models.map(\.isDisposed) == [false, true, false, true])
      // Newest first, as reset(tag:) says.
      #expect(log.events(startingWith: "dispose") == ["dispose row4", "dispose row2"])
      #expect(list.watch(rows(1)) === models[0])
      list.dispose()
      registry.disposeAll()
    }
  }

  /// Troubleshooting, "A build abandoned by a reset": "the registry was reset
  /// (``ViewModelRegistry/disposeAll()`` or ``ViewModelRegistry/reset(tag:)``) while a builder
  /// or `onCreate` ran. The new instance is disposed, not registered". A full reset abandons
  /// every build, a tagged one too, not only untagged ones.
  @Test(arguments: [nil, "account"] as [String?])
  func disposeAllWhileABuilderRunsAbandonsTheBuildWhateverItsTag(_ tag: String?) {
    withRegistry { registry in
      let log = EventLog()
      let spec = ViewModelSpec(key: "session", tag: tag.map { AnyHashable($0) }) {
        () -> ProbeViewModel in
        registry.disposeAll()
        return ProbeViewModel("session", log: log)
      }
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.buildAbandoned(type: "ProbeViewModel", key: "\"session\"")) {
        _ = try binding.watchThrowing(spec)
      }
      #expect(log.events == ["onDispose session", "dispose session"])
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// The same while `onCreate` runs: "while a builder or `onCreate` ran".
  @Test func disposeAllWhileATaggedOnCreateRunsAbandonsTheBuild() {
    withRegistry { registry in
      final class Resetting: ProbeViewModel {
        override func onCreate(_ arg: InstanceArg) {
          super.onCreate(arg)
          ViewModelRegistry.current.disposeAll()
        }
      }
      let log = EventLog()
      let spec = ViewModelSpec(key: "session", tag: "account") { Resetting("session", log: log) }
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.buildAbandoned(type: "Resetting", key: "\"session\"")) {
        _ = try binding.watchThrowing(spec)
      }
      #expect(log.events(startingWith: "dispose") == ["dispose session"])
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  /// ViewModelHost.init: "watch: Whether changes of the view model refresh the host (`false`:
  /// read only)"; and "Borrowed — ``borrow(_:)`` follows an instance a parent or app state owns
  /// … never holds it, so its lifetime is not the host's business". A read-only host that
  /// borrows is not refreshed by the instance's changes, and holds nothing.
  @Test func aReadOnlyHostThatBorrowsIsNotRefreshedByChangesAndHoldsNothing() {
    withRegistry { registry in
      let log = EventLog()
      let parent = ViewModelBinding(label: "Parent")
      let row = parent.watch(ViewModelSpec(key: "row") { ProbeViewModel("row", log: log) })
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel>(watch: false) { refreshes += 1 }
      #expect(host.borrow(row) === row)
      #expect(host.ownership == .borrowed)
      #expect(host.viewModel === row)
      row.set(1)
      row.set(2)
      #expect(refreshes == 0)
      #expect(host.version == 0)
      #expect(registry.snapshot().instances.first?.holders.map(\.bindingId) == [parent.id])
      #expect(log.events(startingWith: "bind").count == 1)
      // Its release leaves the instance alone; the parent's disposes it.
      host.release()
      #expect(!row.isDisposed)
      parent.dispose()
      #expect(row.isDisposed)
      #expect(refreshes == 0)
    }
  }

  /// The same host that watches (the default) is refreshed by each change: the difference is
  /// the `watch` flag's, not the borrow's.
  @Test func aWatchingHostThatBorrowsIsRefreshedByEachChange() {
    withRegistry { _ in
      let parent = ViewModelBinding()
      let row = parent.watch(ViewModelSpec(key: "row") { ProbeViewModel("row", log: EventLog()) })
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel> { refreshes += 1 }
      host.borrow(row)
      row.set(1)
      row.set(2)
      #expect(refreshes == 2)
      host.release()
      parent.dispose()
    }
  }

  /// TestingWithRegistry, "Leak checks": "an instance still alive that is not `aliveForever`
  /// (or waiting out a grace period) fails the test"; RegistrySnapshot.releasable: "neither
  /// `aliveForever` nor already released and waiting out a grace period (or kept by their
  /// family)". An instance in a grace period and one in its family's pool are not leaks: the
  /// leak check that ends this scope passes with both alive.
  @Test func theLeakCheckPassesInstancesInAGracePeriodOrAPool() {
    withRegistry { registry in
      let clock = ManualClock()
      registry.clock = clock
      let feed = ViewModelSpec(key: "feed", disposeDelay: .seconds(5)) {
        ProbeViewModel("feed", log: EventLog())
      }
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: EventLog()) }, keepReleased: 1)
      let binding = ViewModelBinding()
      let waiting = binding.watch(feed)
      let pooled = binding.watch(rows(1))
      binding.dispose()
      #expect(!waiting.isDisposed && !pooled.isDisposed)
      #expect(registry.liveInstanceCount == 2)
      #expect(registry.snapshot().releasable.isEmpty)
      #expect(leakMessage(for: registry.snapshot()) == nil)
      #expect(expectNoLeaks(in: registry))
    }
  }

  /// The same check still names what a binding holds beside them: only the waiting and the
  /// pooled instances are passed over.
  @Test func theLeakCheckStillNamesAHeldInstanceBesideWaitingAndPooledOnes() {
    withRegistry(leakCheck: false) { registry in
      let clock = ManualClock()
      registry.clock = clock
      let feed = ViewModelSpec(key: "feed", disposeDelay: .seconds(5)) {
        ProbeViewModel("feed", log: EventLog())
      }
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: EventLog()) }, keepReleased: 1)
      let released = ViewModelBinding()
      _ = released.watch(feed)
      _ = released.watch(rows(1))
      released.dispose()
      let holder = ViewModelBinding(label: "Holder")
      _ = holder.watch(ViewModelSpec(key: "held") { ProbeViewModel("held", log: EventLog()) })
      let message = leakMessage(for: registry.snapshot())
      #expect(registry.snapshot().releasable.map(\.key) == ["\"held\""])
      #expect(message?.hasPrefix("1 instance outlived the scope in registry \"test\".") == true)
      holder.dispose()
    }
  }

  /// ViewModelHost.init: "watch: Whether changes of the view model refresh the host (`false`:
  /// read only)". A read-only host that resolves is not refreshed by changes; the bulk
  /// operations meet it as any holder: ``ViewModelRegistry/disposeAll()`` disposes what it
  /// holds and refreshes it once ("Their holders let go and their hosts refresh once"), after
  /// which it shows nothing and its next render builds afresh; its ``ViewModelHost/release()``
  /// lets go ("disposing the instance if this was its last holder, exactly once").
  @Test func aReadOnlyHostIsNotRefreshedByChangesAndMeetsDisposeAllAndReleaseAsAHolder() {
    withRegistry { registry in
      let log = EventLog()
      let spec = ViewModelSpec(key: "profile") { ProbeViewModel("profile", log: log) }
      var refreshes = 0
      let host = ViewModelHost<ProbeViewModel>(watch: false) { refreshes += 1 }
      let first = host.resolve(spec)
      first?.set(1)
      first?.set(2)
      #expect(refreshes == 0)
      // The snapshot shows the hold as a read.
      #expect(registry.snapshot().instances.first?.holders.map(\.isWatching) == [false])
      registry.disposeAll()
      #expect(first?.isDisposed == true)
      #expect(refreshes == 1)
      #expect(host.viewModel == nil)
      let second = host.resolve(spec)
      #expect(second !== first && second?.isDisposed == false)
      host.release()
      #expect(second?.isDisposed == true)
      #expect(log.events(startingWith: "dispose") == ["dispose profile", "dispose profile"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  /// The leak check meets a read-only host as any holder: "an instance still alive that is not
  /// `aliveForever` … fails the test with its type, key and what still holds it".
  @Test func theLeakCheckNamesAReadOnlyHostThatStillHolds() {
    withRegistry(leakCheck: false) { registry in
      let host = ViewModelHost<ProbeViewModel>(watch: false, label: "Reader")
      host.resolve(ViewModelSpec(key: "profile") { ProbeViewModel("profile", log: EventLog()) })
      let message = leakMessage(for: registry.snapshot())
      #expect(
        message?.contains("ProbeViewModel(key: \"profile\") — held by \(host.binding.id)") == true)
      host.release()
      #expect(leakMessage(for: registry.snapshot()) == nil)
    }
  }

  /// ViewModelSpecWithArg(keepReleased:): "Keyed instances only: a private one is disposed when
  /// its binding lets go". A family whose key function answers `nil` keeps nothing in its pool.
  @Test func aPooledFamilysPrivateInstanceIsDisposedWhenItsBindingLetsGo() {
    withRegistry { registry in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row\($0)", log: log) }, key: { $0 == 1 ? nil : $0 },
        keepReleased: 2)
      let list = ViewModelBinding()
      let privateRow = list.watch(rows(1))
      let keyedRow = list.watch(rows(2))
      list.unbind(privateRow)
      list.unbind(keyedRow)
      #expect(privateRow.isDisposed)
      #expect(!keyedRow.isDisposed)
      #expect(registry.snapshot().instances.map(\.isAwaitingDisposal) == [true])
      list.dispose()
      registry.disposeAll()
    }
  }

  /// SpecsAndKeys, "Private instances": "A spec without a key is private to the binding that
  /// resolves it: one instance per binding per spec. Two different unkeyed specs of one type in
  /// one binding are two instances."
  @Test func twoUnkeyedSpecsOfOneTypeInOneBindingAreTwoInstances() {
    withRegistry { registry in
      let first = ViewModelSpec { ProbeViewModel("first", log: EventLog()) }
      let second = ViewModelSpec { ProbeViewModel("second", log: EventLog()) }
      let binding = ViewModelBinding()
      let a = binding.watch(first)
      let b = binding.watch(second)
      #expect(a !== b)
      #expect(binding.watch(first) === a)
      #expect(registry.liveInstanceCount == 2)
      binding.dispose()
    }
  }

  /// How an async build ends with nobody to take what its builder returned.
  enum UnwantedAsyncBuild: String, CaseIterable {
    case resetOfItsTag, everyCallerCancelled
  }

  /// `reset(tag:)` disposes "every live instance with `tag`", and an instance is disposed when
  /// its last holder lets go (Lifetimes) — not before. An abandoned or unwanted async build whose
  /// builder returned an instance the registry already owns (another spec's, held, untagged)
  /// leaves that instance alone: what such a build returns "is disposed, never registered" only
  /// when it is the build's own.
  @Test(arguments: UnwantedAsyncBuild.allCases)
  func anUnwantedAsyncBuildLeavesAnInstanceItsBuilderTookFromElsewhere(
    _ ending: UnwantedAsyncBuild
  ) async {
    await withRegistry { registry in
      let gate = AsyncGate()
      let log = EventLog()
      let holder = ViewModelBinding(label: "Holder")
      let existing = holder.watch(
        ViewModelSpec(key: "existing") { ProbeViewModel("existing", log: log) })
      let spec = AsyncViewModelSpec(key: "session", tag: "account") {
        () async -> ProbeViewModel in
        await gate.wait()
        return existing
      }
      let caller = ViewModelBinding(label: "Caller")
      let waiting = Task { try await caller.watchAsync(spec) }
      await gate.untilWaiting()
      switch ending {
      case .resetOfItsTag: #expect(registry.reset(tag: "account") == 0)
      case .everyCallerCancelled: waiting.cancel()
      }
      _ = await waiting.result
      gate.open()
      for _ in 0..<30 { await Task.yield() }
      #expect(!existing.isDisposed)
      #expect(log.events(startingWith: "dispose").isEmpty)
      #expect(registry.liveInstanceCount == 1)
      caller.dispose()
      holder.dispose()
      #expect(existing.isDisposed)
    }
  }
}
