import Registry
import Testing

/// While `disposeAll()` runs, a resolution made from a dispose hook is refused: what it would
/// build would outlive the reset. A binding still gets what it holds. Lookups find nothing.
/// Afterwards the registry works as before.
@MainActor
@Suite struct DisposeAllTests {
  @Test func aThrowingResolutionFromADisposeHookIsRefusedAndBuildsNothing() throws {
    try withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let lateSpec = ViewModelSpec(key: "late") { () -> ProbeViewModel in
        _ = builds.next()
        return ProbeViewModel("late", log: log)
      }
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) })
      var caught: RegistryError?
      model.addDispose {
        do {
          _ = try ViewModelBinding(registry: registry).watchThrowing(lateSpec)
        } catch {
          caught = error as? RegistryError
        }
      }
      registry.disposeAll()
      #expect(
        caught
          == .resetInProgress(
            operation: "watchThrowing(_:)", type: "ProbeViewModel", key: #""late""#,
            registry: "test"))
      #expect(builds.count == 0)
      #expect(registry.liveInstanceCount == 0)
      // Afterwards resolutions work again.
      let fresh = try binding.readThrowing(lateSpec)
      #expect(fresh.name == "late")
      #expect(builds.count == 1)
    }
  }

  @Test func aResolutionThatCannotThrowIsReportedAndGetsAnUntrackedInstance() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let lateSpec = ViewModelSpec(key: "late") { ProbeViewModel("late", log: log) }
      let binding = ViewModelBinding()
      let model = binding.watch(ViewModelSpec(key: "m") { ProbeViewModel("m", log: log) })
      var late: ProbeViewModel?
      model.addDispose { late = ViewModelBinding(registry: registry).read(lateSpec) }
      registry.disposeAll()
      #expect(late?.name == "late")
      #expect(late?.isDisposed == false)
      #expect(reporter.errors.count == 1)
      if case .resetInProgress(let operation, _, _, _) = reporter.errors.first {
        #expect(operation == "read(_:)")
      } else {
        Issue.record("expected resetInProgress, got \(reporter.errors)")
      }
      #expect(registry.liveInstanceCount == 0)
      #expect(registry.snapshot().instances.isEmpty)
    }
  }

  @Test func lookupsFromADisposeHookFindNothingEvenWhatIsStillAlive() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let binding = ViewModelBinding()
      // Disposed newest first: the older one is still alive while the newer one's hook runs.
      let older = binding.watch(ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) })
      let newer = binding.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var found: ProbeViewModel?
      var olderWasAlive = false
      newer.addDispose {
        olderWasAlive = !older.isDisposed
        found = ViewModelBinding(registry: registry).maybeReadCached(key: "older")
      }
      registry.disposeAll()
      #expect(olderWasAlive)
      #expect(found == nil)
      #expect(older.isDisposed)
    }
  }

  /// The reader holds one instance and nothing else, so its table has a first entry only; the
  /// spec is made in the hook, so it has another key box and no memo, and the binding searches
  /// its table. What it holds builds and holds nothing new, so the reset does not refuse it.
  @Test func aBindingStillReadsWhatItHoldsWhileAResetRuns() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let reader = ViewModelBinding()
      let older = reader.watch(ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) })
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var found: ProbeViewModel?
      var watched: ProbeViewModel?
      newer.addDispose {
        found = reader.read(ViewModelSpec(key: "older") { ProbeViewModel("copy", log: log) })
        watched = reader.watch(ViewModelSpec(key: "older") { ProbeViewModel("copy", log: log) })
      }
      registry.disposeAll()
      #expect(found === older)
      #expect(watched === older)
      #expect(reporter.errors.isEmpty)
      #expect(older.isDisposed)
      #expect(!log.events.contains("create copy"))
    }
  }

  /// With a proxy installed, a resolution goes past the binding's first lookup; what the binding
  /// holds is still answered during a reset, as it is without one.
  @Test func aBindingStillReadsWhatItHoldsWhileAResetRunsUnderAProxy() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let unrelated = ViewModelSpec(key: "unrelated") { ProbeViewModel("unrelated", log: log) }
      registry.setProxy(
        ViewModelSpec(key: "unrelated") { ProbeViewModel("mock", log: log) }, for: unrelated)
      let olderSpec = ViewModelSpec(key: "older") { ProbeViewModel("older", log: log) }
      let reader = ViewModelBinding()
      let older = reader.read(olderSpec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("newer", log: log) })
      var found: ProbeViewModel?
      var thrown: Error?
      newer.addDispose {
        do { found = try reader.readThrowing(olderSpec) } catch { thrown = error }
      }
      registry.disposeAll()
      #expect(thrown == nil)
      #expect(found === older)
      #expect(reporter.errors.isEmpty)
    }
  }
}
