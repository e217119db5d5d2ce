import Observation

#if canImport(Combine)
  @preconcurrency import Combine
#endif

/// The base class of everything a registry builds, shares and disposes.
///
/// Subclass it, declare a ``ViewModelSpec`` for it, and resolve it through a
/// ``ViewModelBinding``. Call ``notifyListeners()`` (or ``update(_:)-1eon4``) when it changes: its
/// listeners run and every binding that watches it refreshes its host.
///
/// ```swift
/// final class CounterViewModel: ViewModel {
///   private(set) var count = 0
///   func increment() { update { count += 1 } }
/// }
/// let counterSpec = ViewModelSpec { CounterViewModel() }
/// ```
///
/// The registry calls the lifecycle hooks in this order: ``onCreate(_:)`` once after the builder;
/// ``onBind(_:bindingId:)`` each time a binding starts holding the instance and
/// ``onUnbind(_:bindingId:)`` each time one stops; and when the last holder lets go (unless the
/// spec is `aliveForever`), ``onDispose(_:)``, the ``addDispose(_:)`` blocks, the disposal of
/// ``viewModelBinding``, and ``dispose()`` — exactly once. An instance that an async build
/// returns after the build was given up (every caller cancelled, or a reset) was never
/// registered: it gets no `onCreate` and no `onBind`, and lifecycle observers are told nothing,
/// but its disposal runs all the same, for what its initializer set up.
///
/// A view model is `Observable`: reading a ``StateViewModel/state`` inside
/// `withObservationTracking` (or a SwiftUI body) registers a dependency, and every change fires
/// it. Subclasses may also be marked `@Observable`.
@MainActor
open class ViewModel {
  /// The registry this instance belongs to: the one that built it, or the current one when it
  /// was created by hand.
  final var registry: ViewModelRegistry
  /// Its identity, holders, watchers and phase. Unchecked: only the registry's store writes it,
  /// and the store's mutations never call out, so no access can overlap another.
  ///
  /// These stored properties are `final`, so that reading a part of one reads it in place,
  /// without a getter copying the whole value.
  @exclusivity(unchecked) final var lifetime = InstanceLifetime()
  // The two flags next, in the padding at the end of `lifetime` (InstanceStore.swift).
  /// Set once something has read the view model for observation, so changes nobody ever observed
  /// skip the registrar. It stays set: a change can come while a tracked read is still in
  /// progress (a body that builds a view model), and the tracking installed after that read must
  /// still hear the next change.
  final var isObserved = false
  /// A change came while every binding that holds or watches the instance was paused: Observation
  /// and Combine hear of it once, when one of them resumes.
  final var owesObservers = false
  @exclusivity(unchecked) final var listeners = ChangeListeners()
  /// What few view models use — change streams, tasks, dispose blocks, an observation
  /// registrar, a grace period's cancellation — out of line, made on first use: a view model
  /// that uses none of it is 56 bytes smaller and has four references fewer to release.
  private final var extrasStorage: ViewModelExtras?
  /// The out-of-line state, made now if it was not yet.
  final var extras: ViewModelExtras {
    if let extrasStorage { return extrasStorage }
    let extras = ViewModelExtras()
    extrasStorage = extras
    return extras
  }
  /// The out-of-line state if it was made.
  final var extrasIfMade: ViewModelExtras? { extrasStorage }
  /// Whether any ``changes`` stream is open, without making the out-of-line state.
  final var hasChangeStreams: Bool {
    guard let extrasStorage else { return false }
    return !extrasStorage.changeStreams.isEmpty
  }
  /// Made on first observed read: most view models are never observed this way. Kept out of
  /// line, in ``extras``: Observation is a resilient module, so a registrar (or an optional one)
  /// stored inline would be set up and destroyed through value witnesses in every view model.
  final var observation: ObservationRegistrar {
    let extras = self.extras
    if let registrar = extras.registrar { return registrar }
    let registrar = ObservationRegistrar()
    extras.registrar = registrar
    return registrar
  }
  /// The key path observation tracks; its value never matters.
  var changeToken: UInt8 { 0 }

  #if canImport(Combine)
    /// Never changes. It is here so that the `objectWillChange` Combine synthesizes for an
    /// `ObservableObject` with `@Published` properties exists for every view model: subclasses'
    /// own `@Published` properties then send through the same publisher as the registry's
    /// changes. (A stored `objectWillChange` of our own would leave them unconnected.)
    @Published private var combineAnchor = false
    /// The synthesized publisher, found by reflection on first use and kept.
    private var willChangePublisher: ObservableObjectPublisher?
  #endif
  private final var ownedBinding: ViewModelBinding?

  /// Creates a view model. Usually called by a spec's builder.
  ///
  /// ```swift
  /// let spec = ViewModelSpec { CounterViewModel() }
  /// ```
  public init() {
    registry = ViewModelRegistry.synchronouslyCurrent ?? ViewModelRegistry.current
  }

  /// Whether the instance has been disposed (or is being disposed right now).
  ///
  /// ```swift
  /// binding.dispose()
  /// #expect(counter.isDisposed)
  /// ```
  public final var isDisposed: Bool {
    // Inlined: a build and its release ask it four times, each a call otherwise.
    @inline(__always) get { lifetime.phase >= .disposing }
  }

  /// The tag the instance was built with, if any.
  ///
  /// ```swift
  /// let spec = ViewModelSpec(key: "a", tag: "feed") { FeedViewModel() }
  /// #expect(binding.watch(spec).tag == AnyHashable("feed"))
  /// ```
  public var tag: AnyHashable? { lifetime.record?.values.tag }

  /// Whether anything hears ``notifyListeners()``: a listener, a watching binding or a
  /// ``changes`` stream consumer. A ``StateViewModel``'s state listeners (`listenState`,
  /// `listenStateSelect`) hear `setState` only, and are not counted.
  ///
  /// ```swift
  /// if viewModel.hasListeners { startPolling() }
  /// ```
  public var hasListeners: Bool {
    !listeners.isEmpty || !lifetime.watchers.isEmpty || hasChangeStreams
  }

  /// Calls `onChanged` after every change until the returned closure is called.
  ///
  /// A listener that throws never stops the others; its error goes to the registry's issue
  /// reporter. Listeners added during a round of notifications run from the next round; one
  /// removed during a round is not called later in it.
  ///
  /// ```swift
  /// let stop = counter.listen { print("changed") }
  /// counter.increment()  // prints "changed"
  /// stop()
  /// ```
  ///
  /// - Parameter onChanged: Runs on the main actor after each change.
  /// - Returns: A closure that removes the listener; calling it again does nothing.
  @discardableResult
  public func listen(onChanged: @escaping () throws -> Void) -> () -> Void {
    guard !isDisposed else { return {} }
    let listener = listeners.add(onChanged)
    return { [weak self] in
      listener.callback = nil
      self?.listeners.remove(listener)
    }
  }

  /// Tells listeners and watching bindings that the view model changed.
  ///
  /// Every watching binding refreshes its host once, after the change (and any change it
  /// causes in other view models) is complete. Does nothing once disposed (in debug builds the
  /// mistake is reported as ``RegistryError/viewModelDisposed(operation:type:key:)``).
  ///
  /// ```swift
  /// func rename(_ name: String) {
  ///   self.name = name
  ///   notifyListeners()
  /// }
  /// ```
  public func notifyListeners() {
    guard !isDisposed else {
      reportUseAfterDispose("notifyListeners()")
      return
    }
    willChangeForObservers()
    deliverChange()
  }

  /// Tells Observation (and, on Apple platforms, Combine) that a change is coming — unless
  /// everything that shows the instance is paused, in which case they hear of it on resume.
  func willChangeForObservers() {
    #if !canImport(Combine)
      // Without Combine, only Observation can hear it, and only once something observed it.
      guard isObserved else { return }
    #endif
    if isHiddenFromEveryHolder {
      owesObservers = true
      return
    }
    tellObservers()
  }

  private func tellObservers() {
    #if canImport(Combine)
      if let willChangePublisher {
        willChangePublisher.send()
      } else {
        let publisher = objectWillChange
        willChangePublisher = publisher
        publisher.send()
      }
    #endif
    if isObserved {
      observation.willSet(self, keyPath: \.changeToken)
      observation.didSet(self, keyPath: \.changeToken)
    }
  }

  /// Whether at least one binding holds or watches the instance and every one of them is paused:
  /// a view that reads it directly (through Observation) must then not redraw either.
  private var isHiddenFromEveryHolder: Bool {
    guard !lifetime.holders.isEmpty || !lifetime.watchers.isEmpty else { return false }
    for holder in lifetime.holders where !holder.isPaused { return false }
    for watcher in lifetime.watchers where !watcher.isPaused { return false }
    return true
  }

  /// Delivers a change held back while every holder was paused, once one of them is not.
  func deliverOwedObservers() {
    guard owesObservers, !isHiddenFromEveryHolder else { return }
    owesObservers = false
    tellObservers()
  }

  /// Runs the listeners, feeds the change streams and marks watching bindings dirty, inside one
  /// change so that every host refreshes once, after everything is updated.
  func deliverChange() {
    let registry = self.registry
    registry.beginChange()
    // The streams first: a listener may dispose the instance, which finishes them, and they
    // still "yield once per change".
    if let extrasStorage, !extrasStorage.changeStreams.isEmpty {
      extrasStorage.changeStreams.yield(())
    }
    if !listeners.isEmpty { callListeners() }
    for watcher in lifetime.watchers {
      registry.markDirty(watcher, dependency: self)
    }
    registry.endChange()
  }

  /// Runs every listener once, in order, from a snapshot: one added meanwhile runs from the next
  /// round, one removed meanwhile is skipped (its callback is cleared).
  private func callListeners() {
    let snapshot = listeners.items
    var index = 0
    while index < snapshot.count {
      let callback = ChangeListeners.callback(in: snapshot, at: index)
      index += 1
      guard let callback else { continue }
      do {
        try callback()
      } catch {
        registry.handleListenerError(error, from: Swift.type(of: self))
      }
    }
  }

  /// Runs `block`, then notifies once; when `block` throws, listeners and bindings are not
  /// notified. Observation and Combine hear of a change before it is made, so they have been
  /// told already when `block` throws: an observing view redraws once and finds nothing changed.
  ///
  /// ```swift
  /// func reset() { update { count = 0; history = [] } }
  /// ```
  ///
  /// - Parameter block: The mutation to make.
  /// - Throws: What `block` throws.
  public func update(_ block: () throws -> Void) rethrows {
    guard !isDisposed else {
      try block()
      reportUseAfterDispose("update(_:)")
      return
    }
    // Observers (Observation, Combine) hear of the change before it is made, as they expect.
    willChangeForObservers()
    try block()
    deliverChange()
  }

  /// Registers cleanup to run when the instance is disposed, or at once if it already is.
  ///
  /// ```swift
  /// let timer = startTimer()
  /// addDispose { timer.invalidate() }
  /// ```
  ///
  /// - Parameter block: The cleanup; runs once, on the main actor.
  public func addDispose(_ block: @escaping () -> Void) {
    if isDisposed {
      block()
    } else {
      extras.disposeBlocks.append(block)
    }
  }

  /// A binding owned by this view model, through which it resolves its own dependencies.
  ///
  /// A dependency resolved with `watch` notifies this view model's watchers when it changes.
  /// The binding is disposed with the view model, releasing everything it holds.
  ///
  /// ```swift
  /// override func onCreate(_ arg: InstanceArg) {
  ///   session = viewModelBinding.watch(sessionSpec)
  /// }
  /// ```
  ///
  /// > Important: On a disposed view model this reports the mistake and returns a disposed
  /// > binding, which holds nothing.
  public var viewModelBinding: ViewModelBinding {
    if let ownedBinding { return ownedBinding }
    let binding = ViewModelBinding(owner: self)
    if isDisposed {
      registry.report(
        .viewModelDisposed(
          operation: "viewModelBinding", type: Describe.type(describedType),
          key: Describe.key(lifetime.record?.values.key)),
        at: nil)
      registry.store.markDisposed(binding.core)
      binding.core.forgetOwner()
    }
    ownedBinding = binding
    return binding
  }

  /// Called once, right after the builder, before any binding holds the instance; not called
  /// for an instance an async build returns after the build was given up, which is disposed at
  /// once.
  ///
  /// Resolve dependencies here through ``viewModelBinding``. The default does nothing.
  ///
  /// ```swift
  /// override func onCreate(_ arg: InstanceArg) {
  ///   auth = viewModelBinding.watch(authSpec)
  /// }
  /// ```
  ///
  /// - Parameter arg: The key, tag and lifetime it was built with, and the binding that asked.
  open func onCreate(_ arg: InstanceArg) {}

  /// Called each time a binding starts holding the instance. The default does nothing.
  ///
  /// ```swift
  /// override func onBind(_ arg: InstanceArg, bindingId: String) { viewers += 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - arg: What the instance was built with; `bindingId` is the new holder.
  ///   - bindingId: The ``ViewModelBinding/id`` of the new holder.
  open func onBind(_ arg: InstanceArg, bindingId: String) {}

  /// Called each time a binding stops holding the instance. The default does nothing.
  ///
  /// ```swift
  /// override func onUnbind(_ arg: InstanceArg, bindingId: String) {
  ///   viewers -= 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - arg: What the instance was built with; `bindingId` is the holder that let go.
  ///   - bindingId: The ``ViewModelBinding/id`` of the holder that let go.
  open func onUnbind(_ arg: InstanceArg, bindingId: String) {}

  /// Called when a dependency this view model watches through ``viewModelBinding`` changed, or
  /// when one it watches or only reads was disposed, just before this view model notifies its
  /// own listeners and watchers. Within one change it is called once, with the first dependency
  /// that changed. While ``viewModelBinding`` is paused it is not called; on resume it is called
  /// once, with the first dependency that changed or was disposed meanwhile, before the one
  /// refresh the pause owes. One this view model let go of (`unbind`) is left out, and freed; one
  /// disposed while it held it is not, so that it learns the dependency is gone, and is kept
  /// until then. The default does nothing.
  ///
  /// ```swift
  /// override func onDependencyNotify(_ viewModel: ViewModel) {
  ///   if viewModel === session { recomputeGreeting() }
  /// }
  /// ```
  ///
  /// - Parameter viewModel: The dependency that changed or was disposed.
  open func onDependencyNotify(_ viewModel: ViewModel) {}

  /// Called once when the instance is disposed, before the ``addDispose(_:)`` blocks.
  /// The default does nothing.
  ///
  /// ```swift
  /// override func onDispose(_ arg: InstanceArg) { connection.close() }
  /// ```
  ///
  /// - Parameter arg: What the instance was built with.
  open func onDispose(_ arg: InstanceArg) {}

  /// The last step of disposal; override it to release resources, and call `super`.
  ///
  /// The registry calls it exactly once, after ``onDispose(_:)``, the ``addDispose(_:)`` blocks
  /// and the disposal of ``viewModelBinding``. Calling it yourself disposes the instance at once:
  /// bindings holding it let go of it and their hosts refresh.
  ///
  /// > Important: Called directly, your override's body runs first — before `onDispose` and the
  /// > `addDispose` blocks, which run when it calls `super`. To dispose an instance from outside
  /// > in the documented order, call ``ViewModelRegistry/dispose(_:)``.
  ///
  /// ```swift
  /// override func dispose() {
  ///   socket.close()
  ///   super.dispose()
  /// }
  /// ```
  open func dispose() {
    // Reached from the disposal itself (the instance is disposing): nothing to do, and nothing to
    // ask the registry. Reached from a direct call: run the disposal, which must not call this
    // hook again.
    guard !isDisposed else { return }
    registry.dispose(self, callingHook: false)
  }

  /// Runs the ``addDispose(_:)`` blocks, once; part of disposal.
  func runDisposeBlocks() {
    guard let extrasStorage, !extrasStorage.disposeBlocks.isEmpty else { return }
    let blocks = extrasStorage.disposeBlocks
    extrasStorage.disposeBlocks.removeAll()
    for block in blocks { block() }
  }

  /// The type messages, snapshots and observers name this instance by: its own class, or for a
  /// service's box, the service's.
  var describedType: Any.Type { Swift.type(of: self) }

  /// The binding this view model resolves through, if it has made one.
  var ownBindingCore: BindingCore? { ownedBinding?.core }

  /// Makes `binding`, made before this instance (a service's builder resolved through it), this
  /// instance's own binding; it becomes the binding's owner when the registry registers it.
  final func adopt(_ binding: ViewModelBinding) {
    ownedBinding = binding
  }

  /// Disposes the binding this view model resolves through, releasing its dependencies; part of
  /// disposal. The binding then forgets its owner, which it names without counting it.
  func disposeOwnBinding() {
    guard let ownedBinding else { return }
    ownedBinding.dispose()
    ownedBinding.core.forgetOwner()
  }

  /// Ends what subclasses hand out per change (streams, state listeners) at disposal.
  func finishStreamsAtDispose() {
    StoredProperties.finishChannels(in: self)
    guard let extrasStorage, !extrasStorage.changeStreams.isEmpty else { return }
    for finish in extrasStorage.changeStreams.takeFinishers() { finish() }
  }
}

/// The parts of a view model that few use, made on first use (``ViewModel/extras``).
@MainActor
final class ViewModelExtras {
  /// Continuations of the ``ViewModel/changes`` streams handed out.
  var changeStreams = StreamContinuations<Void>()
  /// Appended to, or taken whole and emptied before the blocks run.
  var disposeBlocks: [() -> Void] = []
  /// Tasks started with ``ViewModel/task(priority:_:)``, cancelled at dispose.
  var runningTasks = [UInt64: Task<Void, Never>]()
  var nextTaskID: UInt64 = 0
  /// The registrar observation tracks the view model with, made on first observed read.
  var registrar: ObservationRegistrar?
  /// Ends the grace period a released instance is waiting out; set and cleared only by the
  /// registry's ``InstanceStore``.
  var cancelGrace: (() -> Void)?
  /// Set on the stand-in of an interface that nothing provided (a test registry built it, and
  /// reported the resolution that did): a binding that comes to hold it later is told too.
  var unprovidedInterface: RegistryError?
}
