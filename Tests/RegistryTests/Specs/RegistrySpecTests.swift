import Registry
import RegistryTesting
import Testing

@MainActor
private final class Named: ViewModel {
  let name: String

  init(_ name: String) {
    self.name = name
  }
}

@MainActor
private final class NamedService {
  let name: String

  init(_ name: String) {
    self.name = name
  }
}

/// Every kind of spec, as the registry's proxy calls take it: what each call does to it, with
/// the spec's key kept where the call promises so.
@MainActor
private struct SpecUnderTest {
  /// Resolves the spec (argument 1 for a family) through a new binding and lets it go: the
  /// instance's name, and whether a second binding shared the instance.
  let read: () async throws -> Read
  let setSpecProxy: (String) -> Void
  let setBuilderProxy: (String) -> Void
  /// `withProxy` runs its operation synchronously: `nil` for the async kinds, whose reads
  /// suspend.
  let withSpecProxy: ((String) throws -> Read)?
  let withBuilderProxy: ((String) throws -> Read)?
  let clear: () -> Void
}

/// Resolves `resolve` through two bindings, then lets both go: the instance's name, and
/// whether the two bindings shared it.
@MainActor
private func twice<T: AnyObject>(
  _ resolve: (ViewModelBinding) -> T, name: (T) -> String
) -> Read {
  let first = ViewModelBinding()
  let second = ViewModelBinding()
  defer {
    first.dispose()
    second.dispose()
  }
  let a = resolve(first)
  let b = resolve(second)
  return Read(name: name(a), shared: a === b)
}

/// The async form of `twice`.
@MainActor
private func twiceAsync<T: AnyObject>(
  _ resolve: (ViewModelBinding) async throws -> T, name: (T) -> String
) async throws -> Read {
  let first = ViewModelBinding()
  let second = ViewModelBinding()
  defer {
    first.dispose()
    second.dispose()
  }
  let a = try await resolve(first)
  let b = try await resolve(second)
  return Read(name: name(a), shared: a === b)
}

/// What a read found.
private struct Read: Equatable {
  let name: String
  let shared: Bool
}

/// The kinds: `RegistrySpec`'s adopters.
enum SpecKind: String, CaseIterable, CustomTestStringConvertible {
  case viewModel, asyncViewModel, viewModelFamily, viewModelPackFamily
  case service, asyncService, serviceFamily, servicePackFamily

  var testDescription: String { rawValue }
}

@MainActor
private func specUnderTest(_ kind: SpecKind) -> SpecUnderTest {
  // Runs the proxy calls on the current registry, as a test does.
  let registry = ViewModelRegistry.current
  switch kind {
  case .viewModel:
    let spec = ViewModelSpec(key: "k") { Named("real") }
    let read = { twice({ $0.watch(spec) }, name: \.name) }
    let proxy = { (name: String) in ViewModelSpec(key: "k") { Named(name) } }
    return SpecUnderTest(
      read: read,
      setSpecProxy: { registry.setProxy(proxy($0), for: spec) },
      setBuilderProxy: { name in registry.setProxy(for: spec) { Named(name) } },
      withSpecProxy: { registry.withProxy(proxy($0), for: spec, operation: read) },
      withBuilderProxy: { name in
        registry.withProxy(for: spec, builder: { Named(name) }, operation: read)
      },
      clear: { registry.clearProxy(for: spec) })
  case .asyncViewModel:
    let spec = AsyncViewModelSpec(key: "k") { Named("real") }
    return SpecUnderTest(
      read: { try await twiceAsync({ try await $0.watchAsync(spec) }, name: \.name) },
      setSpecProxy: { name in
        registry.setProxy(AsyncViewModelSpec(key: "k") { Named(name) }, for: spec)
      },
      setBuilderProxy: { name in registry.setProxy(for: spec) { Named(name) } },
      withSpecProxy: nil, withBuilderProxy: nil,
      clear: { registry.clearProxy(for: spec) })
  case .viewModelFamily:
    let family = ViewModelSpecWithArg<Named, Int>(
      builder: { _ in Named("real") }, key: { "k\($0)" })
    let read = { twice({ $0.watch(family(1)) }, name: \.name) }
    let proxy = { (name: String) in
      ViewModelSpecWithArg<Named, Int>(builder: { _ in Named(name) }, key: { "k\($0)" })
    }
    return SpecUnderTest(
      read: read,
      setSpecProxy: { registry.setProxy(proxy($0), for: family) },
      setBuilderProxy: { name in registry.setProxy(for: family) { _ in Named(name) } },
      withSpecProxy: { registry.withProxy(proxy($0), for: family, operation: read) },
      withBuilderProxy: { name in
        registry.withProxy(for: family, builder: { _ in Named(name) }, operation: read)
      },
      clear: { registry.clearProxy(for: family) })
  case .viewModelPackFamily:
    let family = ViewModelSpecWithArgs<Named, Int, String>(
      builder: { _, _ in Named("real") }, key: { "k\($0)\($1)" })
    let read = { twice({ $0.watch(family(1, "a")) }, name: \.name) }
    let proxy = { (name: String) in
      ViewModelSpecWithArgs<Named, Int, String>(
        builder: { _, _ in Named(name) }, key: { "k\($0)\($1)" })
    }
    return SpecUnderTest(
      read: read,
      setSpecProxy: { registry.setProxy(proxy($0), for: family) },
      setBuilderProxy: { name in registry.setProxy(for: family) { _, _ in Named(name) } },
      withSpecProxy: { registry.withProxy(proxy($0), for: family, operation: read) },
      withBuilderProxy: { name in
        registry.withProxy(for: family, builder: { _, _ in Named(name) }, operation: read)
      },
      clear: { registry.clearProxy(for: family) })
  case .service:
    let spec = ServiceSpec(key: "k") { NamedService("real") }
    let read = { twice({ $0.read(spec) }, name: \.name) }
    let proxy = { (name: String) in ServiceSpec(key: "k") { NamedService(name) } }
    return SpecUnderTest(
      read: read,
      setSpecProxy: { registry.setProxy(proxy($0), for: spec) },
      setBuilderProxy: { name in registry.setProxy(for: spec) { NamedService(name) } },
      withSpecProxy: { registry.withProxy(proxy($0), for: spec, operation: read) },
      withBuilderProxy: { name in
        registry.withProxy(for: spec, builder: { NamedService(name) }, operation: read)
      },
      clear: { registry.clearProxy(for: spec) })
  case .asyncService:
    let spec = AsyncServiceSpec(key: "k") { NamedService("real") }
    return SpecUnderTest(
      read: { try await twiceAsync({ try await $0.readAsync(spec) }, name: \.name) },
      setSpecProxy: { name in
        registry.setProxy(AsyncServiceSpec(key: "k") { NamedService(name) }, for: spec)
      },
      setBuilderProxy: { name in registry.setProxy(for: spec) { NamedService(name) } },
      withSpecProxy: nil, withBuilderProxy: nil,
      clear: { registry.clearProxy(for: spec) })
  case .serviceFamily:
    let family = ServiceSpecWithArg<NamedService, Int>(
      builder: { _ in NamedService("real") }, key: { "k\($0)" })
    let read = { twice({ $0.read(family(1)) }, name: \.name) }
    let proxy = { (name: String) in
      ServiceSpecWithArg<NamedService, Int>(builder: { _ in NamedService(name) }, key: { "k\($0)" })
    }
    return SpecUnderTest(
      read: read,
      setSpecProxy: { registry.setProxy(proxy($0), for: family) },
      setBuilderProxy: { name in registry.setProxy(for: family) { _ in NamedService(name) } },
      withSpecProxy: { registry.withProxy(proxy($0), for: family, operation: read) },
      withBuilderProxy: { name in
        registry.withProxy(for: family, builder: { _ in NamedService(name) }, operation: read)
      },
      clear: { registry.clearProxy(for: family) })
  case .servicePackFamily:
    let family = ServiceSpecWithArgs<NamedService, Int, String>(
      builder: { _, _ in NamedService("real") }, key: { "k\($0)\($1)" })
    let read = { twice({ $0.read(family(1, "a")) }, name: \.name) }
    let proxy = { (name: String) in
      ServiceSpecWithArgs<NamedService, Int, String>(
        builder: { _, _ in NamedService(name) }, key: { "k\($0)\($1)" })
    }
    return SpecUnderTest(
      read: read,
      setSpecProxy: { registry.setProxy(proxy($0), for: family) },
      setBuilderProxy: { name in registry.setProxy(for: family) { _, _ in NamedService(name) } },
      withSpecProxy: { registry.withProxy(proxy($0), for: family, operation: read) },
      withBuilderProxy: { name in
        registry.withProxy(
          for: family, builder: { _, _ in NamedService(name) }, operation: read)
      },
      clear: { registry.clearProxy(for: family) })
  }
}

/// "The same calls take every kind of spec (a `RegistrySpec`)": each proxy form, on each kind,
/// does what its documentation says.
@MainActor
@Suite struct RegistrySpecTests {
  /// `setProxy(for:builder:)` keeps "everything else the spec is" (two bindings still share
  /// one instance); `clearProxy(for:)`: "its next build uses its own builder";
  /// `setProxy(_:for:)` builds from the other spec.
  @Test(arguments: SpecKind.allCases)
  func everyProxyCallWorksOnEveryKindOfSpec(_ kind: SpecKind) async throws {
    try await withRegistry { (_: ViewModelRegistry) async throws in
      let spec = specUnderTest(kind)
      #expect(try await spec.read() == Read(name: "real", shared: true))
      spec.setBuilderProxy("builder")
      #expect(try await spec.read() == Read(name: "builder", shared: true))
      spec.clear()
      #expect(try await spec.read() == Read(name: "real", shared: true))
      spec.setSpecProxy("spec")
      #expect(try await spec.read() == Read(name: "spec", shared: true))
      spec.clear()
      #expect(try await spec.read() == Read(name: "real", shared: true))
    }
  }

  /// `withProxy`: "then puts back what was installed before", in both forms, for every kind
  /// read synchronously (its operation does not suspend).
  @Test(arguments: SpecKind.allCases)
  func withProxyPutsBackWhatWasInstalledBefore(_ kind: SpecKind) async throws {
    try await withRegistry { (_: ViewModelRegistry) async throws in
      let spec = specUnderTest(kind)
      guard let withSpecProxy = spec.withSpecProxy, let withBuilderProxy = spec.withBuilderProxy
      else { return }
      spec.setBuilderProxy("installed")
      #expect(try withSpecProxy("scoped spec") == Read(name: "scoped spec", shared: true))
      #expect(try await spec.read() == Read(name: "installed", shared: true))
      #expect(try withBuilderProxy("scoped builder") == Read(name: "scoped builder", shared: true))
      #expect(try await spec.read() == Read(name: "installed", shared: true))
      spec.clear()
      #expect(try await spec.read() == Read(name: "real", shared: true))
    }
  }

  /// `setProxy(for:builder:)` keeps, "for a service, its `onDispose`": for a service, an async
  /// service and service families of one and of two arguments.
  @Test func aBuilderProxyKeepsAServicesOnDispose() async throws {
    try await withRegistry { registry in
      var disposed: [String] = []
      let service = ServiceSpec(key: "s", onDispose: { disposed.append($0.name) }) {
        NamedService("real")
      }
      let async = AsyncServiceSpec(key: "a", onDispose: { disposed.append($0.name) }) {
        NamedService("real")
      }
      let family = ServiceSpecWithArg<NamedService, Int>(
        builder: { _ in NamedService("real") }, onDispose: { disposed.append($0.name) })
      let pack = ServiceSpecWithArgs<NamedService, Int, Int>(
        builder: { _, _ in NamedService("real") }, onDispose: { disposed.append($0.name) })
      registry.setProxy(for: service) { NamedService("service") }
      registry.setProxy(for: async) { NamedService("async") }
      registry.setProxy(for: family) { _ in NamedService("family") }
      registry.setProxy(for: pack) { _, _ in NamedService("pack") }
      let binding = ViewModelBinding()
      _ = binding.read(service)
      _ = try await binding.readAsync(async)
      _ = binding.read(family(1))
      _ = binding.read(pack(1, 2))
      binding.dispose()
      #expect(disposed.sorted() == ["async", "family", "pack", "service"])
    }
  }

  /// A proxy that changes sharing is "reported as a warning" whichever the kind (a service's
  /// and an async view model's, as a view model's) and whichever the call (`withProxy` too).
  @Test func aProxyThatChangesSharingIsReportedForEveryKind() {
    withRegistry { registry in
      let reporter = SpecIssueRecorder()
      registry.issueReporter = reporter
      let service = ServiceSpec(key: "s") { NamedService("real") }
      let async = AsyncViewModelSpec(key: "a") { Named("real") }
      registry.setProxy(ServiceSpec { NamedService("private") }, for: service)
      registry.setProxy(AsyncViewModelSpec { Named("private") }, for: async)
      // `withProxy(_:for:operation:)`: "A change of sharing or lifetime is reported as
      // `setProxy(_:for:)` reports it."
      let plain = ViewModelSpec(key: "v") { Named("real") }
      registry.withProxy(ViewModelSpec(aliveForever: true) { Named("kept") }, for: plain) {}
      let changes = reporter.issues.compactMap { issue -> String? in
        guard case .proxyChangesSpec(let type, _, _) = issue.error else { return nil }
        return type
      }
      #expect(changes.count == 3)
      #expect(changes.contains { $0.contains("NamedService") })
      #expect(changes.contains { $0.contains("Named") && !$0.contains("Service") })
    }
  }
}

@MainActor
private final class SpecIssueRecorder: RegistryIssueReporter {
  var issues: [RegistryIssue] = []

  func report(_ issue: RegistryIssue) {
    issues.append(issue)
  }
}
