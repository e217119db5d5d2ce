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
/// Appearing again is a no-op, and disappearing never ends a lifetime: ``disappear()`` only
/// pauses refreshes until the next ``appear()``, which refreshes once if something changed.
/// A builder that throws leaves its error in ``error`` for the UI to show — re-renders with the
/// same spec show it without building again — and ``retry()`` tries again.
///
/// ```swift
/// let host = ViewModelHost<UserViewModel> { screen.render() }
/// let user = host.resolve(userSpec(id))  // each render
/// host.disappear()                       // tab hidden: no refreshes, nothing disposed
/// host.appear()                          // back: one refresh if the user changed
/// host.release()                         // screen gone: the user view model is disposed
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

  /// The binding this host resolves through. Its `onUpdate` refreshes the host.
  public let binding: ViewModelBinding
  private let watches: Bool
  private let visibility = BasePauseProvider()
  private let observation = ObservationRegistrar()
  private var currentPhase = Phase.idle
  private var currentIdentity: InstanceIdentity?
  /// The identity whose build failed: re-renders with it show the error instead of building
  /// again on every frame; ``retry()`` clears it.
  private var failedIdentity: InstanceIdentity?
  private var pendingSpec: ViewModelSpec<VM>?
  private var borrowed: VM?
  private var updateHandler: (() -> Void)?
  /// Bumped by every load, resolution and borrow: a load that finds it changed after its await
  /// was superseded and must not take over the host.
  private var loadGeneration = 0
  private var refreshCount = 0

  /// Whether the host holds or only follows its view model: set by the last ``resolve(_:)`` or
  /// ``borrow(_:)``.
  public private(set) var ownership = Ownership.owned
  /// Whether ``release()`` has run.
  public private(set) var isReleased = false

  /// Creates a host that resolves nothing until asked.
  ///
  /// ```swift
  /// let host = ViewModelHost<CounterViewModel>(label: "CounterScreen") { render() }
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
    pendingSpec = spec
    watches = watch
    updateHandler = onUpdate
    binding = ViewModelBinding(registry: registry, label: label, fileID: fileID, line: line)
    binding.core.hostRefresh = { [weak self] in self?.refresh() }
    binding.addPauseProvider(visibility)
  }

  /// The current phase. Reading it inside `withObservationTracking` (or a SwiftUI body)
  /// registers a dependency on the host's refreshes.
  ///
  /// ```swift
  /// switch host.phase {
  /// case .idle: ProgressView()
  /// case .ready(let user): UserView(user: user)
  /// case .failed(let error): ErrorView(error: error, retry: { host.retry() })
  /// }
  /// ```
  public var phase: Phase {
    observation.access(self, keyPath: \.phase)
    return currentPhase
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
    observation.access(self, keyPath: \.phase)
    return refreshCount
  }

  /// Resolves `spec`, keeping the instance while its identity stays the same and swapping it
  /// (the old one released) when it changes. Call it on every render.
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
    let registry = binding.registry
    let active = registry.proxies.isEmpty ? spec : registry.activeSpec(for: spec)
    let identity = spec.identity(buildingWith: active)
    if ownership == .owned, identity == currentIdentity, case .ready(let current) = currentPhase,
      !current.isDisposed, binding.core.entries[identity]?.viewModel === current
    {
      return current
    }
    if identity == failedIdentity, case .failed(let error) = currentPhase { throw error }
    pendingSpec = spec
    loadGeneration += 1
    let previous = currentPhase
    let viewModel: VM
    do {
      viewModel = try watches ? binding.watchThrowing(spec) : binding.readThrowing(spec)
    } catch {
      // The input changed to something that cannot be built: the old instance is not shown
      // any more, so it is let go too.
      stopFollowing(previous, keeping: nil)
      currentIdentity = nil
      failedIdentity = identity
      setPhase(.failed(error))
      throw error
    }
    failedIdentity = nil
    stopFollowing(previous, keeping: viewModel)
    ownership = .owned
    currentIdentity = identity
    setPhase(.ready(viewModel))
    return viewModel
  }

  /// Resolves `spec` like ``resolve(_:)`` where there is no way to show a failure: a builder
  /// that throws is reported and stops the program, like ``ViewModelBinding/watch(_:fileID:filePath:line:column:)``.
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
    let registry = binding.registry
    do {
      return try resolveThrowing(spec)
    } catch let error as RegistryError {
      guard case .bindingDisposed = error else {
        registry.stop(error, operation: "require(_:)", type: VM.self, key: spec.key, at: site)
      }
      // A released host: reported, and the caller gets an instance no binding holds.
      registry.report(error, at: site)
      do {
        return try binding.core.detachedInstance(spec)
      } catch {
        registry.stop(error, operation: "require(_:)", type: VM.self, key: spec.key, at: site)
      }
    } catch {
      registry.stop(error, operation: "require(_:)", type: VM.self, key: spec.key, at: site)
    }
  }

  /// Resolves an async spec, showing ``Phase/loading`` while it builds, then the view model or
  /// the failure. Calling it again with the same identity while it is shown does nothing.
  ///
  /// ```swift
  /// .task { await host.load(databaseSpec) }
  /// ```
  ///
  /// - Parameter spec: What the host shows.
  /// - Returns: The instance, or `nil` when the build failed or was cancelled.
  @discardableResult
  public func load(_ spec: AsyncViewModelSpec<VM>) async -> VM? {
    let registry = binding.registry
    let active = registry.proxies.isEmpty ? spec : registry.activeSpec(for: spec)
    let identity = spec.identity(buildingWith: active)
    if ownership == .owned, identity == currentIdentity, case .ready(let current) = currentPhase,
      !current.isDisposed
    {
      return current
    }
    let previous = currentPhase
    loadGeneration += 1
    let generation = loadGeneration
    setPhase(.loading)
    let result: Result<VM, any Error>
    do {
      result = .success(try await watches ? binding.watchAsync(spec) : binding.readAsync(spec))
    } catch {
      result = .failure(error)
    }
    guard generation == loadGeneration else {
      // Superseded by a later load, resolve or borrow while this one waited: let go of what
      // this load held that the host does not show now.
      if case .success(let loaded) = result { releaseIfNotShown(loaded) }
      if case .ready(let shown) = previous { releaseIfNotShown(shown) }
      return nil
    }
    switch result {
    case .success(let viewModel):
      stopFollowing(previous, keeping: viewModel)
      ownership = .owned
      currentIdentity = identity
      setPhase(.ready(viewModel))
      return viewModel
    case .failure(let error):
      stopFollowing(previous, keeping: nil)
      currentIdentity = nil
      setPhase(.failed(error))
      return nil
    }
  }

  /// Lets go of `viewModel` unless the host shows it (quietly: it may be held no more).
  private func releaseIfNotShown(_ viewModel: VM) {
    if case .ready(let shown) = currentPhase, shown === viewModel { return }
    try? binding.unbindThrowing(viewModel)
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
    if ownership == .borrowed, borrowed === viewModel { return viewModel }
    loadGeneration += 1
    stopFollowing(currentPhase, keeping: nil)
    ownership = .borrowed
    currentIdentity = nil
    borrowed = viewModel
    if watches { binding.core.observe(viewModel) }
    setPhase(.ready(viewModel))
    return viewModel
  }

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
    if case .idle = currentPhase, let pendingSpec { return resolve(pendingSpec) }
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

  /// Tries the last spec again after a failed build.
  ///
  /// ```swift
  /// Button("Retry") { host.retry() }
  /// ```
  ///
  /// - Returns: The view model, or `nil` if it failed again.
  @discardableResult
  public func retry() -> VM? {
    guard let pendingSpec else { return viewModel }
    failedIdentity = nil
    return resolve(pendingSpec)
  }

  /// Ends the host: an owned view model is let go (disposed if this was its last holder), a
  /// borrowed one is left alone. Calling it again does nothing; dropping the host does the same.
  ///
  /// ```swift
  /// deinit { host.release() }
  /// ```
  public func release() {
    guard !isReleased else { return }
    isReleased = true
    binding.dispose()
    borrowed = nil
    currentIdentity = nil
    currentPhase = .idle
  }

  private func stopFollowing(_ phase: Phase, keeping kept: VM?) {
    guard case .ready(let previous) = phase else { return }
    if ownership == .borrowed {
      // Stop observing even when the same instance is kept: from now on it is held instead.
      binding.core.stopObserving(previous)
      borrowed = nil
    } else if previous !== kept, !previous.isDisposed {
      binding.unbind(previous)
    }
  }

  private func setPhase(_ phase: Phase) {
    observation.withMutation(of: self, keyPath: \.phase) { currentPhase = phase }
  }

  private func refresh() {
    if case .ready(let viewModel) = currentPhase, viewModel.isDisposed {
      // Disposed by its owner (borrowed) or by a direct dispose(): show nothing rather than it.
      binding.core.stopObserving(viewModel)
      currentIdentity = nil
      borrowed = nil
      setPhase(.idle)
    }
    observation.withMutation(of: self, keyPath: \.phase) { refreshCount += 1 }
    updateHandler?()
  }
}
