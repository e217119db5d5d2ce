import Registry
import RegistryTesting
import Testing

@MainActor
@Suite struct ProxyIdentityTests {
  // "A proxy that supplies only a builder keeps the real spec's key, sharing, tag and
  // aliveForever, for example `setProxy(for: userSpec) { MockUser() }`."
  @Test func aBuilderOnlyProxyKeepsKeySharingTagAndLifetime() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "session", tag: "account", aliveForever: true) {
        ProbeViewModel("real", log: log)
      }
      registry.setProxy(for: spec) { ProbeViewModel("mock", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let session = first.watch(spec)
      #expect(session.name == "mock")
      #expect(second.watch(spec) === session)
      #expect(session.tag == AnyHashable("account"))
      first.dispose()
      second.dispose()
      #expect(!session.isDisposed)
      #expect(registry.reset(tag: "account") == 1)
      #expect(session.isDisposed)
      #expect(reporter.issues.isEmpty)
    }
  }

  // The builder-only form keeps a private spec private and a grace period as it is.
  @Test func aBuilderOnlyProxyKeepsPrivacyAndTheGracePeriod() {
    withTestRegistry { registry, _ in
      let clock = ManualClock()
      registry.clock = clock
      let log = EventLog()
      let draftSpec = ViewModelSpec { ProbeViewModel("draft", log: log) }
      ViewModelRegistry.current.setProxy(for: draftSpec) { ProbeViewModel("mock draft", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      #expect(first.watch(draftSpec) !== second.watch(draftSpec))
      first.dispose()
      second.dispose()
      let cached = ViewModelSpec(key: "c", disposeDelay: .seconds(3)) {
        ProbeViewModel("real", log: log)
      }
      registry.setProxy(for: cached) { ProbeViewModel("mock", log: log) }
      let holder = ViewModelBinding()
      let instance = holder.watch(cached)
      holder.dispose()
      clock.advance(by: .seconds(2))
      #expect(!instance.isDisposed)
      clock.advance(by: .seconds(1))
      #expect(instance.isDisposed)
    }
  }

  // A family's builder-only proxy keeps its key function and its pool.
  @Test func aBuilderOnlyFamilyProxyKeepsKeysAndPool() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { ProbeViewModel("real\($0)", log: log) }, keepReleased: 1)
      registry.setProxy(for: rows) { ProbeViewModel("mock\($0)", log: log) }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let row = first.watch(rows(1))
      #expect(row.name == "mock1")
      #expect(second.watch(rows(1)) === row)
      first.dispose()
      second.dispose()
      // Kept in the family's pool, so the same instance comes back.
      let third = ViewModelBinding()
      #expect(third.watch(rows(1)) === row)
      third.dispose()
      let pairs = ViewModelSpecWithArg2<ProbeViewModel, Int, Int>(builder: {
        ProbeViewModel("real\($0)\($1)", log: log)
      })
      ViewModelRegistry.current.setProxy(for: pairs) { ProbeViewModel("mock\($0)\($1)", log: log) }
      let fourth = ViewModelBinding()
      #expect(fourth.watch(pairs(2, 3)).name == "mock23")
      fourth.dispose()
    }
  }

  // "The full-spec form stays. When it changes a spec's sharing (keyed to private, or the
  // reverse), that change is reported."
  @Test func aWholeSpecProxyThatChangesSharingIsReportedAsAWarning() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "session", aliveForever: true) {
        ProbeViewModel("real", log: log)
      }
      let line = #line + 1
      registry.setProxy(ViewModelSpec { ProbeViewModel("mock", log: log) }, for: spec)
      #expect(
        reporter.errors == [
          .proxyChangesSpec(
            type: "ProbeViewModel", key: "\"session\"",
            changes: [
              "shared under \"session\" → private to each binding",
              "aliveForever → disposed with its last holder",
            ])
        ])
      #expect(reporter.issues.first?.severity == .warning)
      #expect(reporter.issues.first?.line == line)
      #expect(
        reporter.errors.first?.description == """
          A proxy for ProbeViewModel(key: "session") changes what the spec is: shared under "session" → private to each binding; aliveForever → disposed with its last holder.
            Type: ProbeViewModel   Key: "session"
          A proxy given as a whole spec brings its own key and lifetime, so bindings that shared one instance may get several, or the reverse; it was installed as given.
          To fix, give only a builder (setProxy(for:builder:)) to keep the spec's key, sharing and lifetime, or repeat them in the proxy spec.
          """)
      // Installed as given: two bindings now get two instances.
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      #expect(first.watch(spec) !== second.watch(spec))
      first.dispose()
      second.dispose()
    }
  }

  // A whole spec that only changes the key keeps sharing: nothing to report.
  @Test func aWholeSpecProxyWithAnotherKeyAndTheSameLifetimeIsNotReported() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let spec = ViewModelSpec(key: "a") { ProbeViewModel("real", log: log) }
      registry.setProxy(ViewModelSpec(key: "b") { ProbeViewModel("mock", log: log) }, for: spec)
      ViewModelRegistry.current.setProxy(
        ViewModelSpec(key: "c") { ProbeViewModel("mock", log: log) }, for: spec)
      #expect(reporter.issues.isEmpty)
    }
  }

  // A private spec proxied by a shared one is reported the other way round, from the spec's
  // own `setProxy(_:)` too.
  @Test func aPrivateSpecProxiedByASharedOneIsReported() {
    withTestRegistry { _, reporter in
      let log = EventLog()
      let spec = ViewModelSpec { ProbeViewModel("real", log: log) }
      ViewModelRegistry.current.setProxy(
        ViewModelSpec(key: "shared") { ProbeViewModel("mock", log: log) }, for: spec)
      #expect(
        reporter.errors == [
          .proxyChangesSpec(
            type: "ProbeViewModel", key: nil,
            changes: ["private to each binding → shared under \"shared\""])
        ])
    }
  }

  // A family proxy whose key function makes an argument's spec private where the family's is
  // shared is reported once, when such a spec is first built.
  @Test func aFamilyProxyThatChangesSharingIsReportedOnceWhenBuilt() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("real\($0)", log: log)
      })
      registry.setProxy(
        ViewModelSpecWithArg(builder: { ProbeViewModel("mock\($0)", log: log) }, key: { _ in nil }),
        for: rows)
      #expect(reporter.issues.isEmpty)
      let binding = ViewModelBinding()
      binding.watch(rows(1))
      binding.watch(rows(2))
      #expect(
        reporter.errors == [
          .proxyChangesSpec(
            type: "ProbeViewModel", key: "1", changes: ["shared under 1 → private to each binding"])
        ])
      binding.dispose()
    }
  }

  // Services: the builder-only proxy keeps the spec's identity and its onDispose.
  @Test func aServicesBuilderOnlyProxyKeepsItsIdentity() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let spec = ServiceSpec<PlainClient>(
        key: "client", onDispose: { log.append("closed \($0.base)") }
      ) { PlainClient(base: "live") }
      registry.setProxy(for: spec) { PlainClient(base: "mock") }
      let first = ViewModelBinding()
      let second = ViewModelBinding()
      let client = first.read(spec)
      #expect(client.base == "mock")
      #expect(second.read(spec) === client)
      first.dispose()
      second.dispose()
      #expect(log.events == ["closed mock"])
      let withScope = ViewModelRegistry.current.withProxy(
        for: spec, builder: { PlainClient(base: "scoped") }
      ) {
        let binding = ViewModelBinding()
        defer { binding.dispose() }
        return binding.read(spec).base
      }
      #expect(withScope == "scoped")
    }
  }

  // setProxy(_:for:) of a family: "An argument whose spec the proxy makes private where the
  // family's is shared, or the reverse, or whose `aliveForever` differs, is reported as a warning
  // the first time it is built."
  @Test func aFamilyProxyThatChangesOnlyTheLifetimeIsReportedOnceWhenBuilt() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let rows = ViewModelSpecWithArg<ProbeViewModel, Int>(builder: {
        ProbeViewModel("real\($0)", log: log)
      })
      registry.setProxy(
        ViewModelSpecWithArg(
          builder: { ProbeViewModel("mock\($0)", log: log) }, aliveForever: { _ in true }),
        for: rows)
      let binding = ViewModelBinding()
      binding.watch(rows(1))
      binding.watch(rows(2))
      #expect(
        reporter.errors == [
          .proxyChangesSpec(
            type: "ProbeViewModel", key: "1",
            changes: ["disposed with its last holder → aliveForever"])
        ])
      binding.dispose()
    }
  }
}
