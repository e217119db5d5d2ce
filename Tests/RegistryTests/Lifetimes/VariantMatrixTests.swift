import Registry
import RegistryTesting
import Testing

/// A service that counts its disposals through ``RegistryDisposable``.
@MainActor
private final class Resource: RegistryDisposable {
  let disposed: @MainActor @Sendable () -> Void

  init(disposed: @escaping @MainActor @Sendable () -> Void) {
    self.disposed = disposed
  }

  func dispose() { disposed() }
}

/// A probe that counts its disposals.
@MainActor
private final class CountedProbe: ProbeViewModel {
  var onDisposed: @MainActor @Sendable () -> Void = {}

  override func dispose() {
    onDisposed()
    super.dispose()
  }
}

/// What an interface declares; the test provides it.
@MainActor
private final class ProvidedStore: RegistryDisposable {
  let disposed: @MainActor @Sendable () -> Void

  init(disposed: @escaping @MainActor @Sendable () -> Void) {
    self.disposed = disposed
  }

  func dispose() { disposed() }
}

/// Every kind of instance a spec can declare, each tagged "group", so that each meets every
/// bulk operation and check the documentation names for it.
enum Variant: String, CaseIterable, Sendable {
  case keyed, unkeyed, aliveForever, graceDelay, unkeyedWithDelay, pooled
  case service, unkeyedService, serviceWithDelay, aliveForeverService, pooledService, interface

  var isService: Bool {
    switch self {
    case .service, .unkeyedService, .serviceWithDelay, .aliveForeverService, .pooledService,
      .interface:
      return true
    default: return false
    }
  }

  var isKeyed: Bool { self != .unkeyed && self != .unkeyedWithDelay && self != .unkeyedService }

  var isAliveForever: Bool { self == .aliveForever || self == .aliveForeverService }

  /// Lifetimes: a grace period "keeps a released keyed instance for that long (a private
  /// instance … is disposed at once)"; a bounded family "keeps up to N released keyed
  /// instances alive".
  var waitsWhenReleased: Bool {
    self == .graceDelay || self == .pooled || self == .serviceWithDelay || self == .pooledService
  }

  /// Alive with no holder after its last holder let go.
  var outlivesItsHolders: Bool { isAliveForever || waitsWhenReleased }

  /// Whether a grace period is involved (its clock action must end with the instance).
  var hasGracePeriod: Bool { self == .graceDelay || self == .serviceWithDelay }
}

/// One instance of a variant in a registry, with what the test needs to see its lifetime.
@MainActor
private final class Subject {
  let variant: Variant
  let clock = ManualClock()
  private(set) var disposals = 0
  private var holdIn: (ViewModelBinding) -> AnyObject = { _ in fatalError("unset") }
  private var letGo: (ViewModelBinding, AnyObject) -> Void = { _, _ in }
  private(set) var instance: AnyObject?

  init(_ variant: Variant, in registry: ViewModelRegistry) {
    self.variant = variant
    registry.clock = clock
    let counted: @MainActor @Sendable () -> Void = { [unowned self] in disposals += 1 }
    let log = EventLog()
    let make: @MainActor @Sendable () -> ProbeViewModel = {
      let model = CountedProbe(variant.rawValue, log: log)
      model.onDisposed = counted
      return model
    }
    switch variant {
    case .keyed: viewModel(ViewModelSpec(key: "v", tag: "group", builder: make))
    case .unkeyed: viewModel(ViewModelSpec(tag: "group", builder: make))
    case .aliveForever:
      viewModel(ViewModelSpec(key: "v", tag: "group", aliveForever: true, builder: make))
    case .graceDelay:
      viewModel(ViewModelSpec(key: "v", tag: "group", disposeDelay: .seconds(5), builder: make))
    case .unkeyedWithDelay:
      viewModel(ViewModelSpec(tag: "group", disposeDelay: .seconds(5), builder: make))
    case .pooled:
      let family = ViewModelSpecWithArg<ProbeViewModel, Int>(
        builder: { _ in make() }, tag: { _ in "group" }, keepReleased: 2)
      viewModel(family(1))
    case .service:
      service(ServiceSpec(key: "s", tag: "group") { Resource(disposed: counted) })
    case .unkeyedService:
      service(ServiceSpec(tag: "group") { Resource(disposed: counted) })
    case .serviceWithDelay:
      service(
        ServiceSpec(key: "s", tag: "group", disposeDelay: .seconds(5)) {
          Resource(disposed: counted)
        })
    case .aliveForeverService:
      service(
        ServiceSpec(key: "s", tag: "group", aliveForever: true) { Resource(disposed: counted) })
    case .pooledService:
      let family = ServiceSpecWithArg<Resource, Int>(
        builder: { _ in Resource(disposed: counted) }, tag: { _ in "group" }, keepReleased: 2)
      service(family(1))
    case .interface:
      let interface = ServiceSpec<ProvidedStore>.interface(key: "store", tag: "group")
      registry.provide(interface) { ProvidedStore(disposed: counted) }
      service(interface)
    }
  }

  private func viewModel(_ spec: ViewModelSpec<ProbeViewModel>) {
    holdIn = { binding in binding.watch(spec) }
    letGo = { binding, instance in binding.unbind(instance as! ProbeViewModel) }
  }

  private func service<S: AnyObject>(_ spec: ServiceSpec<S>) {
    holdIn = { binding in binding.read(spec) }
    letGo = { binding, _ in binding.unbind(spec) }
  }

  /// Resolves the instance through `binding`, which holds it from now on.
  @discardableResult
  func hold(by binding: ViewModelBinding) -> AnyObject {
    let resolved = holdIn(binding)
    instance = resolved
    return resolved
  }

  /// `binding` lets go of the instance.
  func release(by binding: ViewModelBinding) {
    guard let instance else { return }
    letGo(binding, instance)
  }

  /// Holds it, then lets go when `held` is false: the instance is held, or released.
  func prepare(held: Bool, in registry: ViewModelRegistry) -> ViewModelBinding {
    let binding = ViewModelBinding(label: "Holder")
    hold(by: binding)
    if !held { release(by: binding) }
    return binding
  }
}

/// The documentation's rules for each kind of instance, under each operation and check that
/// meets it: a holder letting go, ``ViewModelRegistry/dispose(_:)``,
/// ``ViewModelRegistry/reset(tag:)``, ``ViewModelRegistry/disposeAll()``, the leak check and
/// snapshots.
@MainActor
@Suite struct VariantMatrixTests {
  /// Lifetimes: "When the last holder lets go … the instance is disposed exactly once"; "An
  /// instance whose spec says `aliveForever: true` is never disposed for want of holders"; a
  /// grace period "keeps a released keyed instance for that long (a private instance … is
  /// disposed at once) … otherwise it is disposed when the delay ends"; a bounded family "keeps
  /// up to N released keyed instances alive". Modules: a service has "the same lifetimes".
  @Test(arguments: Variant.allCases)
  func theLastHolderLettingGoDisposesOrKeepsAsTheSpecSays(_ variant: Variant) {
    withRegistry { registry in
      let subject = Subject(variant, in: registry)
      let binding = subject.prepare(held: false, in: registry)
      #expect(subject.disposals == (variant.outlivesItsHolders ? 0 : 1))
      #expect(registry.liveInstanceCount == (variant.outlivesItsHolders ? 1 : 0))
      #expect(
        registry.snapshot().instances.map(\.isAwaitingDisposal)
          == (variant.outlivesItsHolders ? [variant.waitsWhenReleased] : []))
      subject.clock.advance(by: .seconds(5))
      #expect(subject.disposals == (variant.hasGracePeriod || !variant.outlivesItsHolders ? 1 : 0))
      binding.dispose()
      registry.disposeAll()
      #expect(subject.disposals == 1)
      #expect(subject.clock.pendingCount == 0)
    }
  }

  /// Lifetimes, "Group reset": "``ViewModelRegistry/reset(tag:)`` disposes every instance with
  /// a tag — `aliveForever` ones and ones in a grace period included … Their holders let go and
  /// their hosts refresh once"; Modules: services have "tags and
  /// ``ViewModelRegistry/reset(tag:)``". A reset of another tag leaves it alone.
  @Test(arguments: Variant.allCases, [true, false])
  func aResetOfItsTagDisposesItHeldOrKept(_ variant: Variant, held: Bool) {
    guard held || variant.outlivesItsHolders else { return }
    withRegistry { registry in
      let subject = Subject(variant, in: registry)
      var refreshes = 0
      let binding = ViewModelBinding(label: "Holder") { refreshes += 1 }
      subject.hold(by: binding)
      if !held { subject.release(by: binding) }
      #expect(registry.reset(tag: "other") == 0)
      #expect(subject.disposals == 0)
      #expect(registry.reset(tag: "group") == 1)
      #expect(subject.disposals == 1)
      #expect(refreshes == (held ? 1 : 0))
      #expect(registry.liveInstanceCount == 0)
      // A grace period it was waiting out ends with it: nothing is left to run.
      #expect(subject.clock.pendingCount == 0)
      subject.clock.advance(by: .seconds(10))
      #expect(subject.disposals == 1)
      // The next resolution builds a fresh instance.
      let old = subject.instance
      let isFresh = subject.hold(by: binding) !== old
      #expect(isFresh)
      #expect(registry.liveInstanceCount == 1)
      binding.dispose()
      registry.disposeAll()
      #expect(subject.disposals == 2)
    }
  }

  /// ViewModelRegistry.disposeAll(): "Disposes every live instance, `aliveForever` ones
  /// included"; the kept ones (a grace period, a pool) too, and services with them.
  @Test(arguments: Variant.allCases, [true, false])
  func disposeAllDisposesItHeldOrKept(_ variant: Variant, held: Bool) {
    guard held || variant.outlivesItsHolders else { return }
    withRegistry { registry in
      let subject = Subject(variant, in: registry)
      var refreshes = 0
      let binding = ViewModelBinding(label: "Holder") { refreshes += 1 }
      subject.hold(by: binding)
      if !held { subject.release(by: binding) }
      registry.disposeAll()
      #expect(subject.disposals == 1)
      #expect(refreshes == (held ? 1 : 0))
      #expect(registry.liveInstanceCount == 0)
      #expect(subject.clock.pendingCount == 0)
      subject.clock.advance(by: .seconds(10))
      #expect(subject.disposals == 1)
      binding.dispose()
    }
  }

  /// ViewModelRegistry.dispose(_:): "Disposes one instance now, whoever holds it … holders let
  /// go (each told through `onUnbind`) and refresh once"; Architecture, the order of a
  /// disposal: "any grace period is cancelled". View models only: a service is not a view
  /// model.
  @Test(arguments: Variant.allCases.filter { !$0.isService }, [true, false])
  func disposeOfTheInstanceDisposesItHeldOrKept(_ variant: Variant, held: Bool) {
    guard held || variant.outlivesItsHolders else { return }
    withRegistry { registry in
      let subject = Subject(variant, in: registry)
      var refreshes = 0
      let binding = ViewModelBinding(label: "Holder") { refreshes += 1 }
      let model = subject.hold(by: binding) as! ProbeViewModel
      if !held { subject.release(by: binding) }
      registry.dispose(model)
      #expect(model.isDisposed)
      #expect(subject.disposals == 1)
      #expect(refreshes == (held ? 1 : 0))
      #expect(registry.liveInstanceCount == 0)
      #expect(subject.clock.pendingCount == 0)
      // Disposing it again does nothing.
      registry.dispose(model)
      #expect(subject.disposals == 1)
      let again = subject.hold(by: binding) as! ProbeViewModel
      #expect(again !== model)
      binding.dispose()
      registry.disposeAll()
    }
  }

  /// TestingWithRegistry, "Leak checks": "an instance still alive that is not `aliveForever`
  /// (or waiting out a grace period) fails the test with its type, key and what still holds
  /// it"; Modules: the leak check shows a service "beside view models" (by its type and key:
  /// its line does not mark it as a service, see Tests/PROMISES.md).
  @Test(arguments: Variant.allCases, [true, false])
  func theLeakCheckNamesWhatIsHeldAndPassesWhatMayOutliveItsHolders(
    _ variant: Variant, held: Bool
  ) {
    guard held || variant.outlivesItsHolders else { return }
    withRegistry(leakCheck: false) { registry in
      let subject = Subject(variant, in: registry)
      let binding = subject.prepare(held: held, in: registry)
      let leaks = held && !variant.isAliveForever
      let message = leakMessage(for: registry.snapshot())
      #expect((message != nil) == leaks)
      if let message, let name = registry.snapshot().instances.first?.name {
        #expect(message.contains("  \(name) — held by \(binding.id)"))
      }
      binding.dispose()
      registry.disposeAll()
    }
  }

  /// RegistrySnapshot and InstanceSnapshot: the tag, the key (`nil` for a private instance),
  /// `aliveForever`, "Released by every holder, but kept alive by a grace period or its
  /// family's pool", "Whether it is a service", "The bindings holding it". Modules:
  /// "``ViewModelRegistry/liveViewModels()`` lists view models only;
  /// ``ViewModelRegistry/snapshot()`` and ``ViewModelRegistry/liveInstanceCount`` include
  /// services".
  @Test(arguments: Variant.allCases, [true, false])
  func aSnapshotDescribesItHeldOrKept(_ variant: Variant, held: Bool) throws {
    guard held || variant.outlivesItsHolders else { return }
    try withRegistry { registry in
      let subject = Subject(variant, in: registry)
      let binding = subject.prepare(held: held, in: registry)
      let snapshot = registry.snapshot()
      #expect(snapshot.instances.count == 1)
      let instance = try #require(snapshot.instances.first)
      #expect(instance.tag == "\"group\"")
      #expect((instance.key != nil) == variant.isKeyed)
      #expect(instance.aliveForever == variant.isAliveForever)
      #expect(instance.isAwaitingDisposal == (!held && variant.waitsWhenReleased))
      #expect(instance.isService == variant.isService)
      #expect(instance.holders.map(\.bindingId) == (held ? [binding.id] : []))
      #expect(registry.liveInstanceCount == 1)
      #expect(registry.liveViewModels().count == (variant.isService ? 0 : 1))
      binding.dispose()
      registry.disposeAll()
    }
  }
}
