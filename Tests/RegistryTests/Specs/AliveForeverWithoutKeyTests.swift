import Registry
import Testing

/// An unkeyed `aliveForever` spec could only leak: the throwing forms refuse it, the others
/// report it and build an ordinary private instance.
@MainActor
@Suite struct AliveForeverWithoutKeyTests {
  @Test func theThrowingFormsRefuseItAndBuildNothing() {
    withTestRegistry { registry, _ in
      let builds = BuildCounter()
      let spec = ViewModelSpec(aliveForever: true) { () -> ProbeViewModel in
        _ = builds.next()
        return ProbeViewModel("forever", log: EventLog())
      }
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
        _ = try binding.watchThrowing(spec)
      }
      #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
        _ = try binding.readThrowing(spec)
      }
      #expect(builds.count == 0)
      #expect(registry.liveInstanceCount == 0)
      binding.dispose()
    }
  }

  @Test func theThrowingFormsRefuseItEvenWhenTheBindingHoldsTheReportedInstance() {
    withTestRegistry { registry, reporter in
      let builds = BuildCounter()
      let spec = ViewModelSpec(aliveForever: true) { () -> ProbeViewModel in
        _ = builds.next()
        return ProbeViewModel("forever", log: EventLog())
      }
      let binding = ViewModelBinding()
      // Reported, and built as an ordinary private instance, as documented.
      let model = binding.read(spec)
      #expect(reporter.errors == [.aliveForeverWithoutKey(type: "ProbeViewModel")])
      #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
        _ = try binding.watchThrowing(spec)
      }
      #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
        _ = try binding.readThrowing(spec)
      }
      // The refused watch did not turn the read into a watch, and nothing else was built.
      #expect(registry.snapshot().instances.map(\.holders.first?.isWatching) == [false])
      #expect(builds.count == 1)
      // With a proxy, off the first lookup, the same.
      registry.setProxy(for: spec, builder: { ProbeViewModel("proxy", log: EventLog()) })
      #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
        _ = try binding.readThrowing(spec)
      }
      registry.clearAllProxies()
      #expect(binding.read(spec) === model)
      binding.dispose()
      #expect(model.isDisposed)
    }
  }

  /// A reset answers a binding what it holds, but not here: the throwing forms still refuse
  /// the spec, and never return the instance built for it.
  @Test func theThrowingFormsRefuseItDuringAResetToo() {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(aliveForever: true) { ProbeViewModel("forever", log: EventLog()) }
      let binding = ViewModelBinding()
      _ = binding.read(spec)
      let other = ViewModelBinding()
      let newer = other.watch(ViewModelSpec(key: "newer") { ProbeViewModel("n", log: EventLog()) })
      var thrown: RegistryError?
      var returned: ProbeViewModel?
      newer.addDispose {
        do { returned = try binding.readThrowing(spec) } catch { thrown = error as? RegistryError }
      }
      registry.disposeAll()
      #expect(thrown == .aliveForeverWithoutKey(type: "ProbeViewModel"))
      #expect(returned == nil)
      #expect(reporter.errors == [.aliveForeverWithoutKey(type: "ProbeViewModel")])
    }
  }

  @Test func watchReportsItAndTheInstanceGoesWithItsBinding() {
    withTestRegistry { registry, reporter in
      let spec = ViewModelSpec(aliveForever: true) { ProbeViewModel("p", log: EventLog()) }
      let binding = ViewModelBinding()
      let model = binding.watch(spec)
      #expect(binding.watch(spec) === model)
      #expect(reporter.errors == [.aliveForeverWithoutKey(type: "ProbeViewModel")])
      #expect(model.createArg?.aliveForever == false)
      binding.dispose()
      #expect(model.isDisposed)
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aFamilyThatMakesAnUnkeyedForeverSpecIsRefusedToo() {
    withTestRegistry { _, _ in
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("row \($0)", log: EventLog()) }, key: { _ in nil },
        aliveForever: { _ in true })
      let binding = ViewModelBinding()
      #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
        _ = try binding.watchThrowing(rows(1))
      }
      binding.dispose()
    }
  }

  @Test func anAsyncSpecWithoutAKeyCannotLiveForever() async {
    let registry = ViewModelRegistry(name: "async")
    let spec = AsyncViewModelSpec(aliveForever: true) { ProbeViewModel("p", log: EventLog()) }
    let binding = ViewModelBinding(registry: registry)
    await #expect(throws: RegistryError.aliveForeverWithoutKey(type: "ProbeViewModel")) {
      _ = try await binding.watchAsync(spec)
    }
    #expect(registry.liveInstanceCount == 0)
    binding.dispose()
  }

  @Test func theMessageSaysWhatToDo() {
    #expect(
      RegistryError.aliveForeverWithoutKey(type: "SessionViewModel").description == """
        A spec of SessionViewModel without a key asked to be aliveForever.
          Type: SessionViewModel   Key: none
        An instance without a key is private to the binding that resolved it; once that binding lets go, nothing can find it again, so keeping it forever would only leak it.
        To fix, give the spec a key (ViewModelSpec(key: "…", aliveForever: true) { … }) to keep one shared instance, or drop aliveForever.
        """)
  }
}
