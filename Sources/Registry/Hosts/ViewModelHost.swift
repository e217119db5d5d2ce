import Observation

/// What a UI keeps for one view model: the box a SwiftUI `@State` holds, the property a UIKit
/// controller keeps, a screen of a terminal app.
///
/// A host owns one binding and follows one slot:
/// - **Owned** — ``resolve(_:)`` builds (or shares) the instance for a spec. Call it on every
///   render: while the spec's identity stays the same, the same instance comes back without its
///   builder running; when it changes (a new user id), the new instance is resolved and the old
///   one released. ``release()`` — or simply dropping the host — lets go, disposing the instance
///   if this was its last holder, exactly once.
/// - **Borrowed** — ``borrow(_:)`` follows an instance a parent or app state owns: the host
///   refreshes on its changes but never holds it, so its lifetime is not the host's business.
///
/// Like SwiftUI's `@StateObject`, a host keeps one instance per slot across renders, even when the
/// view makes its spec anew each time: a keyed spec keeps it while the key stays the same; a
/// private spec while it comes from the same family with the same `Hashable` argument (with an
/// argument that is not `Hashable`, the same family: nothing else can be compared), or from the
/// same place in the code with the same `inputs` (see ``ViewModelSpec/inputs``).
///
/// Appearing again is a no-op, and disappearing never ends a lifetime: ``disappear()`` only
/// pauses refreshes until the next ``appear()``, which refreshes once if something changed.
/// A builder that throws leaves its error in ``error`` for the UI to show — re-renders with the
/// same spec show it without building again — and ``retry()`` tries again.
///
/// ``resolve(_:)`` and ``borrow(_:)`` are what a render calls, so they do not announce what they
/// change to observers of ``phase``: the render that calls them uses what they return, and a
/// SwiftUI body must not change what it observes. Everything else (``load(_:)``, ``retry()``,
/// ``appear()``, ``release()`` and the refreshes its view model causes) is announced.
///
/// ```swift
/// let host = ViewModelHost<UserViewModel> { screen.render() }
/// let user = host.resolve(userSpec(id))  // each render
/// host.disappear()  // tab hidden: no refreshes, nothing disposed
/// host.appear()     // back: one refresh if the user changed
/// host.release()    // screen gone: the user view model is disposed
/// ```
@MainActor
public final class ViewModelHost<VM: ViewModel>: Observable {
  /// Whether the host holds its view model or only follows one owned elsewhere.
  public enum Ownership: Sendable, Equatable {
    /// The host holds the instance; releasing the host lets go of it.
    case owned
    /// The host only follows the instance; its lifetime belongs to someone else.
    case borrowed
  }

  /// Where the host is: nothing yet, a view model, or a failed build.
  public enum Phase {
    /// Nothing resolved yet.
    case idle
    /// An async spec is being built (see ``ViewModelHost/load(_:)``).
    case loading
    /// The view model to show.
    case ready(VM)
    /// The last build threw this error.
    case failed(any Error)
  }

  /// Everything the host is, in one value, changed only through `move(to:announcing:)`.
  enum State {
    case idle
    case loading(Load)
    case ready(VM, Holding)
    case failed(any Error, Attempt)
    case released
  }

  /// How the shown instance is kept: held for a slot, or followed for someone else.
  enum Holding {
    case owned(HostSlot)
    case borrowed
  }

  /// What was tried and failed: re-renders with the same slot show the failure, and
  /// ``retry()`` tries it again.
  enum Attempt {
    case resolve(ViewModelSpec<VM>, HostSlot)
    case load(AsyncViewModelSpec<VM>, HostSlot)

    var slot: HostSlot {
      switch self {
      case .resolve(_, let slot), .load(_, let slot): return slot
      }
    }
  }

  /// An async build the host waits for; a later load, resolution or borrow replaces it.
  struct Load {
    let generation: Int
    let slot: HostSlot
  }

  /// The binding this host resolves through. Its `onUpdate` refreshes the host.
  public let binding: ViewModelBinding
  private let watches: Bool
  private let visibility = BasePauseProvider()
  private let observation = ObservationRegistrar()
  private var state = State.idle
  /// The spec given at creation, resolved on the first ``appear()``.
  private let initialSpec: ViewModelSpec<VM>?
  private let updateHandler: (() -> Void)?
  private var lastGeneration = 0
  private var refreshCount = 0
  /// The private services ``read(_:fileID:filePath:line:column:)`` keeps, one per place they
  /// come from (see `ViewModelHost+Services.swift`).
  var services: [KeptService] = []

  /// Whether the host holds or only follows its view model: set by the last ``resolve(_:)`` or
  /// ``borrow(_:)``.
  public var ownership: Ownership {
    if case .ready(_, .borrowed) = state { return .borrowed }
    return .owned
  }

  /// Whether ``release()`` has run.
  public var isReleased: Bool {
    if case .released = state { return true }
    return false
  }

  /// Creates a host that resolves nothing until asked.
  ///
  /// ```swift
  /// let host = ViewModelHost<CounterViewModel>(label: "CounterScreen") {
  ///   render()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - spec: A spec to resolve on first ``appear()``; optional when ``resolve(_:)`` is used.
  ///   - watch: Whether changes of the view model refresh the host (`false`: read only).
  ///   - registry: The registry to resolve in; the current one when `nil`.
  ///   - label: A readable name for the binding, in diagnostics.
  ///   - onUpdate: Called once after each change the host should show.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  public init(
    _ spec: ViewModelSpec<VM>? = nil, watch: Bool = true, registry: ViewModelRegistry? = nil,
    label: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    onUpdate: (() -> Void)? = nil
  ) {
    initialSpec = spec
    watches = watch
    updateHandler = onUpdate
    binding = ViewModelBinding(registry: registry, label: label, fileID: fileID, line: line)
    binding.core.dropsWithOwner = true
    binding.core.hostRefresh = { [weak self] in self?.refresh() }
    binding.addPauseProvider(visibility)
  }

  /// The current phase. Reading it inside `withObservationTracking` (or a SwiftUI body)
  /// registers a dependency on the host's refreshes.
  ///
  /// ```swift
  /// switch host.phase {
  /// case .idle, .loading: ProgressView()
  /// case .ready(let user): UserView(user: user)
  /// case .failed(let error): ErrorView(error: error, retry: { host.retry() })
  /// }
  /// ```
  public var phase: Phase {
    accessPhase()
    switch state {
    case .idle, .released: return .idle
    case .loading: return .loading
    case .ready(let viewModel, _): return .ready(viewModel)
    case .failed(let error, _): return .failed((error as? UnheldInstance)?.error ?? error)
    }
  }

  /// The view model, when the host has one.
  ///
  /// ```swift
  /// host.viewModel?.refresh()
  /// ```
  public var viewModel: VM? {
    if case .ready(let viewModel) = phase { return viewModel }
    return nil
  }

  /// The error of the last failed build, kept until a resolution succeeds.
  ///
  /// ```swift
  /// if let error = host.error { showAlert(error) }
  /// ```
  public var error: (any Error)? {
    if case .failed(let error) = phase { return error }
    return nil
  }

  /// How many times the host has refreshed; changes whenever the UI should redraw.
  ///
  /// ```swift
  /// #expect(host.version == 1)
  /// ```
  public var version: Int {
    accessPhase()
    return refreshCount
  }

  // MARK: Resolving

  /// Resolves `spec`, keeping the instance while the spec names the same slot and swapping it
  /// (the old one released) when it names another. Call it on every render.
  ///
  /// ```swift
  /// let profile = host.resolve(profileSpec(userID))
  /// ```
  ///
  /// - Parameter spec: What the host shows now.
  /// - Returns: The instance, or `nil` when its builder threw (see ``error``).
  @discardableResult
  public func resolve(_ spec: ViewModelSpec<VM>) -> VM? {
    try? resolveThrowing(spec)
  }

  /// Resolves `spec` like ``resolve(_:)``, throwing what its builder throws.
  ///
  /// ```swift
  /// let store = try host.resolveThrowing(storeSpec)
  /// ```
  ///
  /// - Parameter spec: What the host shows now.
  /// - Returns: The instance.
  /// - Throws: The builder's error (also kept in ``error``), or a ``RegistryError``.
  @discardableResult
  public func resolveThrowing(_ spec: ViewModelSpec<VM>) throws -> VM {
    do {
      return try resolveShowing(spec, announcing: false)
    } catch let reused as UnheldInstance {
      throw reused.error
    }
  }

  /// Resolves `spec` like ``resolve(_:)`` where there is no way to show a failure, with the
  /// rules of
  /// [`watch(_:)`](doc:ViewModelBinding/watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_)):
  /// a released host, or a builder that returned an instance the registry already owns, is reported
  /// and an unheld instance returned; a builder that throws (or a cycle) is reported and stops the
  /// program.
  ///
  /// Property wrappers use it; prefer ``resolve(_:)`` and ``phase`` where the UI can show an
  /// error.
  ///
  /// ```swift
  /// let counter = host.require(counterSpec)
  /// ```
  ///
  /// - Parameters:
  ///   - spec: What the host shows now.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The instance.
  public func require(
    _ spec: ViewModelSpec<VM>, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> VM {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
      return try resolveShowing(spec, announcing: false, site: site)
    } catch {
      let viewModel = binding.registry.recover(
        from: error, resolving: spec, operation: "require(_:)", at: site)
      if error is UnheldInstance, !viewModel.isDisposed, !isReleased {
        // Shown without being held, so that re-renders do not build (and report) again.
        move(to: .ready(viewModel, .owned(slot(for: spec))), announcing: false)
      }
      return viewModel
    }
  }

  /// The one way a synchronous spec reaches the screen. Lets `UnheldInstance` through
  /// so each caller can treat it its way.
  private func resolveShowing(
    _ spec: ViewModelSpec<VM>, announcing: Bool, site: CallSite? = nil
  ) throws -> VM {
    let slot = slot(for: spec)
    switch state {
    case .ready(let current, .owned(let shown)) where shown == slot && !current.isDisposed:
      // The re-render path: the same slot, the instance it has.
      return current
    case .failed(let error, let attempt) where attempt.slot == slot:
      throw error
    default:
      break
    }
    let previous = state
    let viewModel: VM
    do {
      viewModel = try binding.core.resolve(
        spec, mode: watches ? .watch : .read, operation: watches ? "watch(_:)" : "read(_:)",
        site: site)
    } catch {
      // Released before, or during the resolution (by a builder or hook): it stays released.
      if case .released = previous { throw error }
      if isReleased { throw error }
      // The input changed to something that cannot be built: the old instance is not shown
      // any more, so it is let go too.
      stopShowing(previous, keeping: nil)
      // A reset refused it for as long as the reset runs: the next render resolves again.
      if case .resetInProgress = error as? RegistryError {
        move(to: .idle, announcing: announcing)
        throw error
      }
      // Kept as thrown: a re-render rethrows it, and `require` must still see the instance an
      // unheld failure carries (it reports that; a builder's own error stops the program).
      move(to: .failed(error, .resolve(spec, slot)), announcing: announcing)
      throw error
    }
    // Released during the resolution (a builder or hook released the host, disposing its
    // binding): it stays released, and shows nothing.
    if isReleased { return viewModel }
    stopShowing(previous, keeping: viewModel)
    move(to: .ready(viewModel, .owned(slot)), announcing: announcing)
    return viewModel
  }

  /// Resolves an async spec, showing ``Phase/loading`` while it builds, then the view model or
  /// the failure. Calling it again with the same identity while it is shown does nothing; a
  /// second call while the first still waits (SwiftUI running a `.task` again) shares the build,
  /// and the host shows its instance once.
  ///
  /// ```swift
  /// .task { await host.load(databaseSpec) }
  /// ```
  ///
  /// - Parameter spec: What the host shows.
  /// - Returns: The instance, or `nil` when the build failed, was cancelled, or was replaced by
  ///   a later resolution.
  @discardableResult
  public func load(_ spec: AsyncViewModelSpec<VM>) async -> VM? {
    guard let load = beginLoad(spec) else { return viewModel }
    let result: Result<VM, any Error>
    do {
      result = .success(try await watches ? binding.watchAsync(spec) : binding.readAsync(spec))
    } catch {
      result = .failure(error)
    }
    return finishLoad(load, of: spec, with: result)
  }

  /// The part of a load that happens at once: the host shows `loading`. `nil` when the spec's
  /// instance is already shown.
  private func beginLoad(_ spec: AsyncViewModelSpec<VM>) -> Load? {
    let (active, identity) = binding.registry.route(spec)
    let slot = HostSlot.identity(identity)
    switch state {
    case .ready(let current, .owned(let shown)) where shown == slot && !current.isDisposed:
      return nil
    case .released:
      binding.registry.report(
        .bindingDisposed(
          operation: "load(_:)", binding: binding.id, type: Describe.type(VM.self),
          key: Describe.key(active.key)), at: nil)
      return nil
    default:
      break
    }
    lastGeneration += 1
    let load = Load(generation: lastGeneration, slot: slot)
    stopShowing(state, keeping: nil)
    move(to: .loading(load), announcing: true)
    return load
  }

  /// Applies what a load's build produced, unless the host has moved on meanwhile.
  private func finishLoad(
    _ load: Load, of spec: AsyncViewModelSpec<VM>, with result: Result<VM, any Error>
  ) -> VM? {
    switch state {
    case .loading(let current) where current.generation == load.generation:
      switch result {
      case .success(let viewModel):
        move(to: .ready(viewModel, .owned(load.slot)), announcing: true)
        return viewModel
      case .failure(let error) where error is CancellationError && Task.isCancelled:
        // The caller went away (a view's task cancelled): nothing failed.
        move(to: .idle, announcing: true)
        return nil
      case .failure(let error):
        move(to: .failed(error, .load(spec, load.slot)), announcing: true)
        return nil
      }
    case .loading(let current) where current.slot == load.slot:
      // A later load waits for the same instance: what this one got is what it will show. A
      // failure is the later load's to report.
      guard case .success(let viewModel) = result else { return nil }
      move(to: .ready(viewModel, .owned(load.slot)), announcing: true)
      return viewModel
    default:
      // Replaced by a load of something else, a resolution or a borrow: let go of what this
      // load holds unless the host shows it.
      guard case .success(let viewModel) = result else { return nil }
      if case .ready(let shown, .owned) = state, shown === viewModel { return viewModel }
      try? binding.core.unbind(viewModel)
      return nil
    }
  }

  /// Follows `viewModel`, owned by someone else, without holding it. Call it on every render;
  /// a different instance replaces the one followed before.
  ///
  /// ```swift
  /// let row = host.borrow(list.rows[index])
  /// ```
  ///
  /// - Parameter viewModel: The instance to show.
  /// - Returns: The same instance.
  @discardableResult
  public func borrow(_ viewModel: VM) -> VM {
    switch state {
    case .ready(let shown, .borrowed) where shown === viewModel: return viewModel
    case .released: return viewModel
    default: break
    }
    stopShowing(state, keeping: nil)
    if watches { binding.registry.observe(viewModel, by: binding.core) }
    move(to: .ready(viewModel, .borrowed), announcing: false)
    return viewModel
  }

  // MARK: Visibility, retry, release

  /// Marks the host visible. The first time, resolves the spec given at creation; afterwards it
  /// only resumes refreshes (one refresh if something changed while hidden).
  ///
  /// ```swift
  /// override func viewWillAppear(_ animated: Bool) { host.appear() }
  /// ```
  ///
  /// - Returns: The view model, if the host has one.
  @discardableResult
  public func appear() -> VM? {
    visibility.resume()
    if case .idle = state, let initialSpec {
      return try? resolveShowing(initialSpec, announcing: true)
    }
    return viewModel
  }

  /// Marks the host hidden: refreshes pause, nothing is released or disposed.
  ///
  /// ```swift
  /// override func viewDidDisappear(_ animated: Bool) { host.disappear() }
  /// ```
  public func disappear() {
    visibility.pause()
  }

  /// Tries again what failed: the spec of a failed ``resolve(_:)``, or the async spec of a
  /// failed ``load(_:)`` — which starts loading at once and finishes in a task.
  ///
  /// ```swift
  /// Button("Retry") { host.retry() }
  /// ```
  ///
  /// - Returns: The view model, or `nil` if it failed again or is still loading.
  @discardableResult
  public func retry() -> VM? {
    switch state {
    case .failed(_, .resolve(let spec, _)):
      move(to: .idle, announcing: false)
      return try? resolveShowing(spec, announcing: true)
    case .failed(_, .load(let spec, _)):
      guard let load = beginLoad(spec) else { return viewModel }
      let watches = self.watches
      let binding = self.binding
      Task { [weak self] in
        let result: Result<VM, any Error>
        do {
          result = .success(try await watches ? binding.watchAsync(spec) : binding.readAsync(spec))
        } catch {
          result = .failure(error)
        }
        if let self {
          _ = self.finishLoad(load, of: spec, with: result)
        } else if case .success(let viewModel) = result {
          try? binding.core.unbind(viewModel)
        }
      }
      return nil
    case .idle:
      guard let initialSpec else { return nil }
      return try? resolveShowing(initialSpec, announcing: true)
    default:
      return viewModel
    }
  }

  /// Ends the host: an owned view model is let go (disposed if this was its last holder), a
  /// borrowed one is left alone. Calling it again does nothing; dropping the host does the same.
  ///
  /// ```swift
  /// deinit { host.release() }
  /// ```
  public func release() {
    guard !isReleased else { return }
    binding.dispose()
    services.removeAll()
    move(to: .released, announcing: true)
  }

  // MARK: State

  /// The slot `spec` names in this host's registry, after any proxy.
  func slot<Instance>(for spec: ViewModelSpec<Instance>) -> HostSlot {
    spec.hostSlot(buildingWith: binding.core.registry.route(spec).active)
  }

  /// Lets go of what `state` shows, unless it is `kept`: an owned instance is released, a
  /// borrowed one no longer followed (even when kept: from now on it is held instead).
  private func stopShowing(_ state: State, keeping kept: VM?) {
    guard case .ready(let shown, let holding) = state else { return }
    switch holding {
    case .borrowed:
      binding.registry.stopObserving(shown, by: binding.core)
    case .owned:
      // Quietly: an instance shown unheld (a builder that reused one) is not the binding's.
      if shown !== kept, !shown.isDisposed { try? binding.core.unbind(shown) }
    }
  }

  private func move(to next: State, announcing: Bool) {
    if announcing {
      observation.withMutation(of: self, keyPath: \.phase) { state = next }
    } else {
      state = next
    }
  }

  private func accessPhase() {
    if !ObservationGate.isSuspended { observation.access(self, keyPath: \.phase) }
  }

  private func refresh() {
    observation.withMutation(of: self, keyPath: \.phase) {
      if case .ready(let viewModel, let holding) = state, viewModel.isDisposed {
        // Disposed by its owner (borrowed), by a reset or a direct dispose: show nothing rather
        // than it; the next render resolves again.
        if case .borrowed = holding { binding.registry.stopObserving(viewModel, by: binding.core) }
        state = .idle
      }
      refreshCount += 1
    }
    updateHandler?()
  }
}
