/// A holder of view models: what a view, a controller, a test or another view model resolves
/// through.
///
/// Each binding holds one reference to every instance it resolves, however often it resolves
/// it. [`watch(_:)`](doc:watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)) also
/// refreshes the host (``onUpdate()``) when the instance changes;
/// [`read(_:)`](doc:read(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)) does not.
/// When the binding is disposed — or simply dropped — it lets go of everything, and each instance
/// whose last holder that was is disposed.
///
/// ```swift
/// let binding = ViewModelBinding { render() }
/// let counter = binding.watch(counterSpec)
/// counter.increment()  // render() runs once
/// binding.dispose()    // counter is disposed
/// ```
///
/// A binding belongs to the registry that was ``ViewModelRegistry/current`` when it was created,
/// unless one is passed in.
@MainActor
open class ViewModelBinding {
  let core: BindingCore
  private let updateHandler: (() -> Void)?
  /// Set by ``dispose()``, readable from `deinit`: a disposed binding has nothing left to release.
  nonisolated(unsafe) private var wasDisposed = false

  /// Creates a binding, optionally with the closure that refreshes its host.
  ///
  /// ```swift
  /// let binding = ViewModelBinding(label: "ProfileScreen") { screen.render() }
  /// ```
  ///
  /// - Parameters:
  ///   - registry: The registry to resolve in; the current one when `nil`.
  ///   - label: A readable name, used in ``id``, messages and diagnostics.
  ///   - fileID: Where the binding is created; diagnostics show it for unlabeled bindings.
  ///   - line: The line where the binding is created.
  ///   - onUpdate: Called once after each change to an instance this binding watches.
  public init(
    registry: ViewModelRegistry? = nil, label: String? = nil, fileID: StaticString = #fileID,
    line: UInt = #line, onUpdate: (() -> Void)? = nil
  ) {
    core = BindingCore(
      registry: registry ?? ViewModelRegistry.current, label: label, isModelOwned: false,
      createdAt: (fileID, line))
    updateHandler = onUpdate
    // The base class's `onUpdate` without a closure does nothing: no need to reach it.
    if onUpdate != nil || type(of: self) != ViewModelBinding.self { core.binding = self }
  }

  init(owner: ViewModel) {
    core = BindingCore(
      registry: owner.registry, label: owner.registry.typeName(type(of: owner)), isModelOwned: true,
      createdAt: nil)
    updateHandler = nil
    // No back reference to this object: a view model's binding refreshes its owner, never its
    // `onUpdate`.
    core.setOwner(owner)
  }

  /// The binding a service's builder resolves its dependencies through, made before the
  /// service's box exists; the box adopts it, and becomes its owner when it is registered.
  init(dependenciesOf boxType: ViewModel.Type) {
    let registry = ViewModelRegistry.synchronouslyCurrent ?? ViewModelRegistry.current
    core = BindingCore(
      registry: registry, label: registry.typeName(boxType), isModelOwned: true, createdAt: nil)
    updateHandler = nil
  }

  deinit {
    // A binding dropped without dispose() still lets go of everything it held: at once on the
    // main actor (the usual case, without allocating a closure), or as soon as it can get there.
    if wasDisposed { return }
    let core = core
    if isRunningOnMainActor() {
      MainActor.assumeIsolated { core.registry.disposeDropped(core) }
    } else {
      // Off the main actor no test can be told (its task is not this one): released only.
      Task { @MainActor in core.registry.dispose(core) }
    }
  }

  /// A unique, readable identifier, passed to ``ViewModel/onBind(_:bindingId:)`` and
  /// ``ViewModel/onUnbind(_:bindingId:)``.
  ///
  /// ```swift
  /// print(binding.id)  // "ProfileScreen#3"
  /// ```
  public var id: String { core.id }

  /// Whether ``dispose()`` has run.
  ///
  /// ```swift
  /// binding.dispose()
  /// #expect(binding.isDisposed)
  /// ```
  public var isDisposed: Bool { core.isDisposed }

  /// The registry this binding resolves in.
  ///
  /// ```swift
  /// #expect(binding.registry === ViewModelRegistry.current)
  /// ```
  public var registry: ViewModelRegistry { core.registry }

  /// Refreshes the host; called once after each change to a watched instance.
  ///
  /// The default calls the `onUpdate` closure given to the initializer. Override it in a
  /// subclass instead of passing a closure.
  ///
  /// ```swift
  /// final class ScreenBinding: ViewModelBinding {
  ///   override func onUpdate() { screen.setNeedsDisplay() }
  /// }
  /// ```
  open func onUpdate() {
    updateHandler?()
  }

  /// Resolves `spec`, holds the instance and refreshes the host whenever it changes.
  ///
  /// A binding that already holds the instance gets it back at the cost of at most one hash
  /// lookup.
  ///
  /// ```swift
  /// let profile = binding.watch(profileSpec)
  /// ```
  ///
  /// > Important: On a disposed binding this reports the mistake and returns the live shared
  /// > instance, or a new one that no registry tracks, without holding it; a builder that returns
  /// > an instance the registry already owns is reported and its instance returned unheld. If the
  /// > spec's builder throws, or the build runs into a dependency cycle, there is nothing to
  /// > return: the error is reported and the program stops. Resolve such specs with
  /// > ``watchThrowing(_:)-(ViewModelSpec<VM>)``.
  ///
  /// - Parameters:
  ///   - spec: What to resolve.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  @discardableResult
  public func watch<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> VM {
    resolveOrStop(
      spec, watching: true, operation: "watch(_:)",
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resolves `spec` and holds the instance, without refreshing the host when it changes.
  ///
  /// ```swift
  /// let analytics = binding.read(analyticsSpec)
  /// ```
  ///
  /// > Important: The same exceptions as
  /// > [`watch(_:)`](doc:watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)) apply.
  ///
  /// - Parameters:
  ///   - spec: What to resolve.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  @discardableResult
  public func read<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> VM {
    resolveOrStop(
      spec, watching: false, operation: "read(_:)",
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resolves `spec` like
  /// [`watch(_:)`](doc:watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)), throwing
  /// what can go wrong.
  ///
  /// ```swift
  /// do {
  ///   let store = try binding.watchThrowing(storeSpec)
  /// } catch {
  ///   showError(error)
  /// }
  /// ```
  ///
  /// - Parameter spec: What to resolve.
  /// - Returns: The instance, held by this binding.
  /// - Throws: The builder's own error; ``RegistryError/cycle(chain:)`` for a dependency cycle;
  ///   ``RegistryError/bindingDisposed(operation:binding:type:key:)`` on a disposed binding;
  ///   ``RegistryError/aliveForeverWithoutKey(type:)`` for an unkeyed spec that asks to live
  ///   forever; ``RegistryError/ownershipCycle(chain:)`` when holding it would make view models
  ///   keep each other alive; ``RegistryError/buildAbandoned(type:key:)`` when the registry was
  ///   reset while it built;
  ///   ``RegistryError/bindingDisposedWhileBuilding(operation:binding:type:key:)`` when the
  ///   builder, `onCreate` or `onBind` disposed this binding, which then cannot hold what it
  ///   asked for (what it built for it is disposed unless others hold it). In each case this
  ///   call leaves nothing held, and nothing registered but what a dependency's own spec keeps
  ///   past its last holder: one built on the way that is `aliveForever`, waits out a grace
  ///   period, or is kept in its family's pool, does so.
  @discardableResult
  public func watchThrowing<VM: ViewModel>(_ spec: ViewModelSpec<VM>) throws -> VM {
    try resolveThrowing(spec, watching: true, operation: "watchThrowing(_:)")
  }

  /// Resolves `spec` like
  /// [`read(_:)`](doc:read(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)), throwing
  /// what can go wrong.
  ///
  /// ```swift
  /// let store = try binding.readThrowing(storeSpec)
  /// ```
  ///
  /// - Parameter spec: What to resolve.
  /// - Returns: The instance, held by this binding.
  /// - Throws: The same errors as ``watchThrowing(_:)-(ViewModelSpec<VM>)``.
  @discardableResult
  public func readThrowing<VM: ViewModel>(_ spec: ViewModelSpec<VM>) throws -> VM {
    try resolveThrowing(spec, watching: false, operation: "readThrowing(_:)")
  }

  /// Lets go of one instance; it is disposed if this binding was its last holder.
  ///
  /// ```swift
  /// binding.unbind(draft)
  /// ```
  ///
  /// > Important: An instance this binding does not hold, or a disposed binding, is reported and
  /// > nothing changes.
  ///
  /// - Parameters:
  ///   - viewModel: An instance this binding resolved.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  public func unbind(
    _ viewModel: ViewModel, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    do {
      try core.unbind(viewModel)
    } catch {
      core.registry.report(
        error, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// Lets go of one instance like
  /// [`unbind(_:)`](doc:unbind(_:fileID:filePath:line:column:)-(ViewModel,_,_,_,_)), throwing
  /// mistakes.
  ///
  /// ```swift
  /// try binding.unbindThrowing(draft)
  /// ```
  ///
  /// - Parameter viewModel: An instance this binding resolved.
  /// - Throws: ``RegistryError/notHeld(binding:type:key:)`` or
  ///   ``RegistryError/bindingDisposed(operation:binding:type:key:)``; nothing changes.
  public func unbindThrowing(_ viewModel: ViewModel) throws(RegistryError) {
    try core.unbind(viewModel)
  }

  /// Lets go of everything this binding holds, newest first; each instance whose last holder
  /// this was is disposed. Calling it again does nothing. From then on ``onUpdate()`` is not
  /// called, not even for a change that came before the disposal within one change (from a
  /// listener, say) and had marked this binding for a refresh.
  ///
  /// Subclasses may override it to release their own resources; call `super`, which does the
  /// release. A binding dropped without `dispose()` releases the same way, but without calling
  /// an override.
  ///
  /// ```swift
  /// binding.dispose()
  /// ```
  open func dispose() {
    wasDisposed = true
    core.registry.dispose(core)
  }

  /// Called when the binding pauses: one of its providers started pausing it. The default does
  /// nothing.
  ///
  /// ```swift
  /// override func onPause() { spinner.stopAnimating() }
  /// ```
  open func onPause() {}

  /// Called when the binding resumes: no provider pauses it any more. The default does nothing.
  ///
  /// Right after this returns, the binding refreshes its host once if a watched instance changed
  /// while it was paused, whether or not an override calls `super`.
  ///
  /// ```swift
  /// override func onResume() { spinner.startAnimating() }
  /// ```
  open func onResume() {}

  func resolveThrowing<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, watching: Bool, operation: StaticString
  ) throws -> VM {
    do {
      return try core.resolve(spec, mode: watching ? .watch : .read, operation: operation)
    } catch let unheld as UnheldInstance {
      throw unheld.error
    }
  }

  @inline(__always)
  func resolveOrStop<VM: ViewModel>(
    _ spec: ViewModelSpec<VM>, watching: Bool, operation: StaticString, site: CallSite?
  ) -> VM {
    core.resolveOrStop(spec, mode: watching ? .watch : .read, operation: operation, site: site)
  }
}
