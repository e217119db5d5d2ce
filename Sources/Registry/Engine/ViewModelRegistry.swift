/// The store behind every binding: which instances are alive, who holds them, proxies and
/// configuration.
///
/// An app normally uses the process-wide ``default`` registry without naming it. Bindings
/// capture the ``current`` registry when they are created, and the view models a registry builds
/// resolve their own dependencies in the same registry, so two registries never see each other.
/// `RegistryTesting` runs each test in a fresh one.
///
/// > Important: A registry and the instances it holds keep each other alive. When you discard a
/// > registry that still holds instances (an `aliveForever` service, say), call ``disposeAll()``
/// > first; `RegistryTesting` does so after each test.
///
/// ```swift
/// let registry = ViewModelRegistry(name: "preview")
/// let binding = ViewModelBinding(registry: registry)
/// let counter = binding.watch(counterSpec)
/// ```
@MainActor
public final class ViewModelRegistry {
  /// The process-wide registry, used wherever no other is current.
  ///
  /// ```swift
  /// ViewModelRegistry.default.issueReporter = MyReporter()
  /// ```
  public nonisolated static let `default` = ViewModelRegistry(
    name: "default", context: Context.ofThisProcess,
    lifetimeTap: LifetimeTaps.makeForDefaultRegistry?())

  /// The registry that new bindings, proxies and view models use in this task: the one set by
  /// ``withCurrent(_:)``, else ``default``.
  ///
  /// ```swift
  /// let registry = ViewModelRegistry.current
  /// ```
  public nonisolated static var current: ViewModelRegistry { CurrentRegistry.value }

  /// A name for messages and diagnostics.
  public nonisolated let name: String

  /// What the registry serves: an app, a test or a preview. It decides what an interface that
  /// nobody provided builds: nothing in an app (the resolution fails), the interface's
  /// `testValue` in a test, its `previewValue` (else `testValue`) in a preview.
  public nonisolated let context: Context

  /// The registry this one asks for the providers of interfaces it does not provide itself;
  /// `nil` for none. Only providers are inherited: instances, proxies and configuration are
  /// each registry's own.
  ///
  /// ```swift
  /// let account = ViewModelRegistry(
  ///   name: "account", inheritingProvidersFrom: .default)
  /// ```
  public nonisolated let inheritsProvidersFrom: ViewModelRegistry?

  /// Where non-throwing APIs send the mistakes they cannot throw. Replace it to collect or
  /// route them; the default prints.
  public var issueReporter: any RegistryIssueReporter = PrintingIssueReporter()

  /// Logging, state comparison and error routing; see ``configure(config:)``.
  public internal(set) var config = ViewModelConfig() {
    didSet { configuredEquals = config.equals }
  }
  /// `config.equals`, which every `setState` reads: a copy of its own, so that the public
  /// `config` keeps Swift's exclusivity checks.
  private(set) var configuredEquals: (@Sendable (Any?, Any?) -> Bool)? = nil
  /// The lifecycle observers added with ``addLifecycle(_:)``, in order.
  package internal(set) var lifecycles: [any ViewModelLifecycle] = []
  /// The observers that feed ``lifecycleEvents`` streams, one per stream: apart from
  /// `lifecycles`, so that replacing the observers (the compatibility module's `initialize` and
  /// `reset`) leaves every stream following the registry until its consumer stops.
  package internal(set) var eventStreamers: [any ViewModelLifecycle] = []
  /// `lifecycles` plus the logger when logging is on: what events go to. Unchecked: read four
  /// times per build and release (about 100 instructions each with the dynamic check); only
  /// ever read or assigned whole, and a round of events iterates a copy, never across a call.
  @exclusivity(unchecked) var activeLifecycles: [any ViewModelLifecycle] = []
  /// `config`, readable off the main actor.
  package nonisolated let configSnapshot = ConfigSnapshot()

  /// Schedules grace periods; replace it with a manual clock in tests.
  ///
  /// ```swift
  /// registry.clock = ManualClock()
  /// ```
  public var clock: any RegistryClock = SystemRegistryClock()

  /// Which instances are alive, who holds them, what waits to be disposed. Unchecked: the
  /// store's mutations never call out, so no access to it can overlap another.
  @exclusivity(unchecked) var store = InstanceStore()
  var churn = KeyChurnDetector()
  /// The async builds in flight, which callers asking for the same instance join.
  var pendingBuilds = PendingAsyncBuilds()
  /// Unchecked: read on every resolution; no access to it calls out (a proxy is stored or read
  /// whole), so none can overlap another.
  @exclusivity(unchecked) var proxies = ProxyTable()
  /// What the composition root provided for interfaces, and which interfaces were resolved.
  let providers = ProviderTable()
  /// The identities being built right now; a repeat is a cycle.
  /// Unchecked, like `changes`: pushed, popped and scanned by code that never calls out while
  /// it accesses them, so no access can overlap another.
  @exclusivity(unchecked) var buildStack = BuildStack()
  @exclusivity(unchecked) var changes = ChangeBatch()
  var nextBindingSerial: UInt64 = 0
  /// Counts view models' bindings starting to hold an instance built before them; moved only
  /// by ``acquire(_:at:by:watching:anchor:)`` (see ``AcquireCount``).
  var acquisitions = AcquireCount()
  /// The storage of ownership-cycle searches, kept from one to the next.
  var cycleSearch = OwnershipCycleSearch()
  /// How deep disposals are nested now, and those deferred below the deepest level.
  /// Unchecked: read and moved on every disposal; its mutations never call out (the finished
  /// disposals it kept are let go of after the access, see ``DisposalNesting/takeFinished()``),
  /// so no access can overlap another.
  @exclusivity(unchecked) var disposalNesting = DisposalNesting()
  /// Told of every hold, release and disposal (see ``LifetimeTap``); `nil` unless a module
  /// built on the core sets it. Unchecked: read on every hold, release and disposal (the
  /// dynamic check is about 95 instructions each), and only ever read or assigned whole,
  /// never across a call.
  @exclusivity(unchecked) package var lifetimeTap: (any LifetimeTap)?

  /// Creates an empty registry.
  ///
  /// ```swift
  /// let registry = ViewModelRegistry(
  ///   name: "account", inheritingProvidersFrom: .default)
  /// let preview = ViewModelRegistry(name: "preview", context: .preview)
  /// ```
  ///
  /// - Parameters:
  ///   - name: A name for messages and diagnostics.
  ///   - context: What the registry serves; it decides what unprovided interfaces build.
  ///   - parent: A registry to ask for the providers of interfaces this one does not provide;
  ///     its providers are looked up at each build, so those it gains later count too.
  public nonisolated init(
    name: String = "registry", context: Context = .live,
    inheritingProvidersFrom parent: ViewModelRegistry? = nil
  ) {
    self.name = name
    self.context = context
    self.inheritsProvidersFrom = parent
  }

  nonisolated init(name: String, context: Context, lifetimeTap: (any LifetimeTap)?) {
    self.name = name
    self.context = context
    self.inheritsProvidersFrom = nil
    self.lifetimeTap = lifetimeTap
  }

  /// Runs `operation` with this registry as ``current``: bindings, proxies and view models
  /// created inside it belong here.
  ///
  /// ```swift
  /// registry.withCurrent {
  ///   let binding = ViewModelBinding()  // in `registry`
  /// }
  /// ```
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  public func withCurrent<R>(_ operation: () throws -> R) rethrows -> R {
    let outer = ViewModelRegistry.synchronouslyCurrent
    ViewModelRegistry.synchronouslyCurrent = self
    defer { ViewModelRegistry.synchronouslyCurrent = outer }
    return try CurrentRegistry.$value.withValue(self, operation: operation)
  }

  /// ``current`` while a synchronous ``withCurrent(_:)`` or build runs on the main actor, known
  /// without reading the task-local (which costs a lookup on every build and every view model's
  /// `init`); `nil` outside such a frame. Each frame restores what it found, so it is `nil`
  /// whenever a main-actor job starts; an async ``withCurrent(isolation:_:)`` clears it, as its
  /// body may run inside a frame (a task started synchronously) with another registry current.
  static var synchronouslyCurrent: ViewModelRegistry?

  /// Clears ``synchronouslyCurrent`` when called on the main actor (from anywhere).
  nonisolated static func forgetSynchronouslyCurrent() {
    guard isRunningOnMainActor() else { return }
    MainActor.assumeIsolated { synchronouslyCurrent = nil }
  }

  /// Runs the async `operation` with this registry as ``current``; tasks it starts inherit it,
  /// but for a `Task.detached`, which inherits no task-local value.
  ///
  /// ```swift
  /// await registry.withCurrent {
  ///   await screen.load()  // resolves in `registry`
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor; the operation runs there.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  public func withCurrent<R>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
  ) async rethrows -> R {
    ViewModelRegistry.forgetSynchronouslyCurrent()
    return try await CurrentRegistry.$value.withValue(
      self, operation: operation, isolation: isolation)
  }

  /// How many instances are alive, keyed and private, view models and services.
  ///
  /// ```swift
  /// #expect(registry.liveInstanceCount == 0)
  /// ```
  public var liveInstanceCount: Int { store.liveCount }

  /// The live view models, oldest first. Services are not view models: ``snapshot()`` shows
  /// them.
  ///
  /// ```swift
  /// for viewModel in registry.liveViewModels() { print(type(of: viewModel)) }
  /// ```
  ///
  /// - Returns: Every view model this registry built that is not disposed yet.
  public func liveViewModels() -> [ViewModel] {
    store.live.filter { !($0 is any ServiceBoxType) }
  }

  /// Disposes every live instance, `aliveForever` ones included: holders first, then newest
  /// first (a view model before what its own binding holds, even a dependency newer than it, as
  /// <doc:Lifetimes> says); bindings that held them let go of them. Async builds still in
  /// flight are abandoned: their callers get `CancellationError`. While it disposes, a binding
  /// (in a dispose hook, say) gets only what it holds already, until the reset disposes that too: a resolution that would build an instance
  /// or start holding one, async forms included, is refused with
  /// ``RegistryError/resetInProgress(operation:type:key:registry:)``, and a lookup finds nothing
  /// else. The refreshes the disposals cause (a binding's `onUpdate`, a host's render) run once
  /// it has disposed everything, when the outermost change it runs in ends: before it returns,
  /// or, called from a listener or a refresh, when that change ends; called while a build runs
  /// (from a builder or `onCreate`), once the outermost build is over. A view that renders
  /// again in one builds what it needs, and those instances stay alive.
  ///
  /// Use it at the end of a scope that owns the registry (a test, a preview, a logout that
  /// throws the whole graph away).
  ///
  /// ```swift
  /// registry.disposeAll()
  /// #expect(registry.liveInstanceCount == 0)  // no binding rendered again
  /// ```
  public func disposeAll() {
    // Resolutions made while it disposes (from a dispose hook) are refused: what they would
    // build would outlive the reset. The refreshes it causes run after that, when the reset is
    // over, so a view that renders again builds what it needs.
    beginChange()
    changes.carriesReset = true
    let wasResetting = isResetting
    isResetting = true
    abandonPendingBuilds(tag: nil)
    abandonRunningBuilds(tag: nil)
    disposeHoldersFirst(store.live.reversed())
    isResetting = wasResetting
    endChange()
  }

  /// Set while ``disposeAll()`` disposes: a binding gets only what it holds already, and
  /// resolutions that would build or start holding are refused.
  private(set) var isResetting = false

  /// Type names by type: `String(describing:)` on a type costs microseconds, and every view
  /// model's own binding is labeled with one.
  private var typeNames: [ObjectIdentifier: String] = [:]
  /// The last type asked for and its name: a chain of one type's view models asks for it again
  /// and again.
  private var lastTypeName: (type: ObjectIdentifier, name: String)?

  func typeName(_ type: Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let lastTypeName, lastTypeName.type == id { return lastTypeName.name }
    let name: String
    if let known = typeNames[id] {
      name = known
    } else {
      name = Describe.type(type)
      typeNames[id] = name
    }
    lastTypeName = (id, name)
    return name
  }

  /// The one documented stop: a resolution that cannot throw met a builder that threw (or a
  /// cycle) and has no instance to return. Reports what happened, then stops the program.
  package func stop(
    _ error: any Error, operation: StaticString, type: Any.Type, key: AnyHashable?,
    at site: CallSite
  ) -> Never {
    let failure =
      error as? RegistryError
      ?? .buildFailed(
        operation: "\(operation)", type: Describe.type(type), key: Describe.key(key),
        error: "\(error)")
    report(failure, at: site)
    fatalError(failure.description, file: site.filePath, line: site.line)
  }

  package func report(_ error: RegistryError, at site: CallSite?) {
    let issue =
      site?.issue(error)
      ?? RegistryIssue(error: error, fileID: "", filePath: "", line: 0, column: 0)
    // A copy: the reporter may replace itself while it reports.
    let reporter = issueReporter
    reporter.report(issue)
  }
}

/// The task-local storage behind ``ViewModelRegistry/current``.
enum CurrentRegistry {
  @TaskLocal static var value = ViewModelRegistry.default
}
