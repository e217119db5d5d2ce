import Registry
import RegistryTesting
import Testing

/// A view model that resolves one dependency through its own binding in `onCreate`, and writes
/// what it sees of it at each step of its disposal.
@MainActor
private final class OwnerViewModel: ViewModel {
  let log: EventLog
  let resolve: (ViewModelBinding) -> AnyObject
  private(set) var dependency: AnyObject?
  /// Whether the dependency is disposed, as the owner's hooks can tell.
  let dependencyIsDisposed: (AnyObject) -> Bool

  init(
    log: EventLog, resolve: @escaping (ViewModelBinding) -> AnyObject,
    dependencyIsDisposed: @escaping (AnyObject) -> Bool
  ) {
    self.log = log
    self.resolve = resolve
    self.dependencyIsDisposed = dependencyIsDisposed
  }

  override func onCreate(_ arg: InstanceArg) {
    dependency = resolve(viewModelBinding)
    addDispose { [unowned self] in
      log.append("owner addDispose, dependency alive: \(dependencyAlive)")
    }
  }

  private var dependencyAlive: Bool {
    guard let dependency else { return false }
    return !dependencyIsDisposed(dependency)
  }

  override func onDispose(_ arg: InstanceArg) {
    log.append("owner onDispose, dependency alive: \(dependencyAlive)")
  }

  override func dispose() {
    log.append("owner dispose, dependency alive: \(dependencyAlive)")
    super.dispose()
  }
}

/// A dependency that writes when its owner's binding lets go of it and when it is disposed.
@MainActor
private final class DependencyViewModel: ViewModel {
  let log: EventLog

  init(log: EventLog) {
    self.log = log
  }

  override func onUnbind(_ arg: InstanceArg, bindingId: String) {
    log.append("dependency unbound by \(bindingId.hasPrefix("Root") ? "root" : "owner")")
  }

  override func dispose() {
    log.append("dependency dispose")
    super.dispose()
  }
}

/// A service dependency, told when it is disposed.
@MainActor
private final class DependencyService: RegistryDisposable {
  let log: EventLog
  private(set) var isDisposed = false

  init(log: EventLog) {
    self.log = log
  }

  func dispose() {
    isDisposed = true
    log.append("dependency dispose")
  }
}

/// A service whose builder resolved a view model through the service's own binding.
@MainActor
private final class ServiceWithDependency: RegistryDisposable {
  let log: EventLog
  let dependency: DependencyViewModel

  init(log: EventLog, dependency: DependencyViewModel) {
    self.log = log
    self.dependency = dependency
  }

  func dispose() {
    log.append("owner dispose, dependency alive: \(!dependency.isDisposed)")
  }
}

/// How a test's bulk disposal is made.
enum BulkDisposal: String, CaseIterable, CustomTestStringConvertible {
  case disposeAll
  case resetTag
  case testScopeTeardown

  var testDescription: String { rawValue }
}

/// What the owner depends on, and how it got it.
enum DependencyShape: String, CaseIterable, CustomTestStringConvertible {
  /// A view model watched in the owner's `onCreate`.
  case watchedViewModel
  /// A view model read in the owner's `onCreate`.
  case readViewModel
  /// A service read in the owner's `onCreate`.
  case service
  /// The owner is a service whose builder resolved a view model.
  case serviceBuilder

  var testDescription: String { rawValue }
}

/// Bulk disposals — `disposeAll()`, `reset(tag:)` and a test scope's teardown — dispose an
/// instance only once no live instance among those they dispose holds it: an owner goes first,
/// and its hooks and its own binding's releases see its dependencies alive ("a dependency lives
/// at least as long as the view model", *Injecting view models*), also when the dependency is
/// newer than its owner, as one built in the owner's `onCreate` is. The caller keeps nothing:
/// the registry's own references are the only ones, so a read of a freed instance is caught by
/// the address sanitizer run in CI.
@MainActor
@Suite struct BulkDisposalOrderTests {
  /// The owner and its dependency, built through a binding that is then dropped or kept as the
  /// caller wants; the caller keeps no reference to either instance.
  @MainActor
  private struct Fixture {
    let log = EventLog()
    let ownerSpecRead: @MainActor (ViewModelBinding) -> Void

    init(_ shape: DependencyShape) {
      let log = log
      switch shape {
      case .watchedViewModel, .readViewModel:
        let dependencySpec = ViewModelSpec(key: "dependency", tag: "account") {
          DependencyViewModel(log: log)
        }
        let watching = shape == .watchedViewModel
        let ownerSpec = ViewModelSpec(key: "owner", tag: "account") {
          OwnerViewModel(
            log: log,
            resolve: { watching ? $0.watch(dependencySpec) : $0.read(dependencySpec) },
            dependencyIsDisposed: { ($0 as! ViewModel).isDisposed })
        }
        ownerSpecRead = { _ = $0.read(ownerSpec) }
      case .service:
        let dependencySpec = ServiceSpec(key: "dependency", tag: "account") {
          DependencyService(log: log)
        }
        let ownerSpec = ViewModelSpec(key: "owner", tag: "account") {
          OwnerViewModel(
            log: log, resolve: { $0.read(dependencySpec) },
            dependencyIsDisposed: { ($0 as! DependencyService).isDisposed })
        }
        ownerSpecRead = { _ = $0.read(ownerSpec) }
      case .serviceBuilder:
        let dependencySpec = ViewModelSpec(key: "dependency", tag: "account") {
          DependencyViewModel(log: log)
        }
        let ownerSpec = ServiceSpec(key: "owner", tag: "account") { dependencies in
          ServiceWithDependency(log: log, dependency: dependencies.watch(dependencySpec))
        }
        ownerSpecRead = { _ = $0.read(ownerSpec) }
      }
    }
  }

  /// Runs `disposal`; a test scope's teardown is the end of the `withRegistry` block.
  private func run(_ disposal: BulkDisposal, in registry: ViewModelRegistry, tagged count: Int) {
    switch disposal {
    case .disposeAll: registry.disposeAll()
    case .resetTag: #expect(registry.reset(tag: "account") == count)
    case .testScopeTeardown: break
    }
  }

  /// The owner's `onDispose`, its `addDispose` blocks and its own binding's release of the
  /// dependency all come before the dependency's disposal: "`onDispose`, the `addDispose`
  /// blocks, its own `viewModelBinding` is disposed, releasing its dependencies, `dispose()`"
  /// (*Lifetimes*).
  @Test(arguments: BulkDisposal.allCases, DependencyShape.allCases)
  func anOwnerIsDisposedBeforeWhatItHolds(disposal: BulkDisposal, shape: DependencyShape) {
    let fixture = Fixture(shape)
    // Kept past the scope, so that its teardown, not the binding's release, disposes them.
    var root: ViewModelBinding?
    withRegistry(leakCheck: false) { registry in
      root = ViewModelBinding(label: "Root")
      fixture.ownerSpecRead(root!)
      #expect(registry.snapshot().instances.count == 2)
      fixture.log.removeAll()
      run(disposal, in: registry, tagged: 2)
      if disposal != .testScopeTeardown { #expect(registry.liveInstanceCount == 0) }
    }
    #expect(root?.isDisposed == false)
    let expected: [String]
    switch shape {
    case .watchedViewModel, .readViewModel:
      expected = [
        "owner onDispose, dependency alive: true",
        "owner addDispose, dependency alive: true",
        "dependency unbound by owner",
        "dependency dispose",
        "owner dispose, dependency alive: false",
      ]
    case .service:
      expected = [
        "owner onDispose, dependency alive: true",
        "owner addDispose, dependency alive: true",
        "dependency dispose",
        "owner dispose, dependency alive: false",
      ]
    case .serviceBuilder:
      expected = [
        "owner dispose, dependency alive: true",
        "dependency unbound by owner",
        "dependency dispose",
      ]
    }
    #expect(fixture.log.events == expected)
  }

  /// The same when what holds the owner is `aliveForever` itself: nothing outside the registry
  /// refers to any of the three, and each is disposed once.
  @Test(arguments: BulkDisposal.allCases, DependencyShape.allCases)
  func aChainNothingOutsideTheRegistryHoldsIsDisposedOnce(
    disposal: BulkDisposal, shape: DependencyShape
  ) {
    let fixture = Fixture(shape)
    withRegistry(leakCheck: false) { registry in
      let read = fixture.ownerSpecRead
      let topSpec = ViewModelSpec(key: "top", tag: "account", aliveForever: true) {
        OwnerViewModel(
          log: fixture.log,
          resolve: { binding in
            read(binding)
            return binding
          }, dependencyIsDisposed: { ($0 as! ViewModelBinding).isDisposed })
      }
      do {
        let root = ViewModelBinding(label: "Root")
        _ = root.read(topSpec)
        root.dispose()
      }
      #expect(registry.liveInstanceCount == 3)
      fixture.log.removeAll()
      run(disposal, in: registry, tagged: 3)
      #expect(disposal == .testScopeTeardown || registry.liveInstanceCount == 0)
    }
    #expect(fixture.log.events(startingWith: "dependency dispose").count == 1)
    #expect(fixture.log.events(startingWith: "owner dispose").count == 2)
    #expect(fixture.log.events.first == "owner onDispose, dependency alive: true")
  }

  /// A chain of owners, each built in the `onCreate` of the one above it, is disposed from the
  /// top: every level's hooks see the level below alive.
  @Test(arguments: BulkDisposal.allCases)
  func aChainIsDisposedFromItsTop(disposal: BulkDisposal) {
    let log = EventLog()
    var root: ViewModelBinding?
    withRegistry(leakCheck: false) { registry in
      var spec = ViewModelSpec<ViewModel>(key: "level 0", tag: "account") {
        DependencyViewModel(log: log)
      }
      for level in 1...4 {
        let below = spec
        spec = ViewModelSpec<ViewModel>(key: "level \(level)", tag: "account") {
          OwnerViewModel(
            log: log, resolve: { $0.watch(below) },
            dependencyIsDisposed: { ($0 as! ViewModel).isDisposed })
        }
      }
      root = ViewModelBinding(label: "Root")
      _ = root!.read(spec)
      log.removeAll()
      run(disposal, in: registry, tagged: 5)
    }
    #expect(
      !log.events.contains {
        $0.hasSuffix("dependency alive: false") && !$0.hasPrefix("owner dispose")
      })
    #expect(log.events(startingWith: "owner onDispose").count == 4)
    #expect(log.events(startingWith: "dependency dispose").count == 1)
    #expect(log.events.last == "owner dispose, dependency alive: false")
  }

  /// "Holders first, then newest first": a dependency held by two owners, both older than it,
  /// waits for both, and of the two the newer goes first, whichever took it first.
  @Test(arguments: BulkDisposal.allCases, [true, false])
  func ofTwoOwnersOfADependencyTheNewerIsDisposedFirst(
    disposal: BulkDisposal, olderHoldsFirst: Bool
  ) {
    let log = EventLog()
    var root: ViewModelBinding?
    withRegistry(leakCheck: false) { registry in
      let dependencySpec = ViewModelSpec(key: "dependency", tag: "account") {
        NamedOwner(name: "dependency", log: log)
      }
      let olderSpec = ViewModelSpec(key: "older", tag: "account") {
        NamedOwner(name: "older", log: log)
      }
      let newerSpec = ViewModelSpec(key: "newer", tag: "account") {
        NamedOwner(name: "newer", log: log)
      }
      root = ViewModelBinding(label: "Root")
      let older = root!.read(olderSpec)
      let newer = root!.read(newerSpec)
      // Both hold the dependency, built after them, whichever took it first.
      let owners = olderHoldsFirst ? [older, newer] : [newer, older]
      for owner in owners { _ = owner.viewModelBinding.read(dependencySpec) }
      run(disposal, in: registry, tagged: 3)
    }
    #expect(log.events == ["newer", "older", "dependency"])
  }
}

/// A view model that writes its name when it is disposed.
@MainActor
private final class NamedOwner: ViewModel {
  let name: String
  let log: EventLog

  init(name: String, log: EventLog) {
    self.name = name
    self.log = log
  }

  override func onDispose(_ arg: InstanceArg) {
    log.append(name)
  }
}
