/// A view model whose data is one immutable `State` value, replaced with ``setState(_:)``.
///
/// Listeners hear `(previous, new)`; bindings that watch it refresh once per change. An equal
/// state notifies nobody: the view model's own `equals` decides, else the registry's
/// ``ViewModelConfig/equals``, else `==` when `State` is `Equatable`; otherwise every
/// ``setState(_:)`` notifies.
///
/// ```swift
/// struct Profile: Equatable { var name = ""; var isLoading = false }
///
/// final class ProfileViewModel: StateViewModel<Profile> {
///   init() { super.init(state: Profile()) }
///   func rename(_ name: String) { setState(Profile(name: name)) }
/// }
/// ```
open class StateViewModel<State>: ViewModel {
  private var storage: State
  private let equals: ((State, State) -> Bool)?
  private let equatableEquals: ((State, State) -> Bool)?
  private var stateListeners = ListenerList<(State?, State) throws -> Void>()
  /// Changes waiting to be delivered, oldest first: a `setState` from inside a listener is
  /// delivered after the round in progress, so every listener sees the states in order.
  private var pendingTransitions: [(previous: State, new: State)] = []
  private var isDeliveringStates = false
  var stateStreams = StreamContinuations<State>()

  /// The state the view model was created with.
  ///
  /// ```swift
  /// viewModel.setState(initial)  // reset
  /// ```
  public let initialState: State

  /// The state before the last change, or `nil` before the first.
  ///
  /// ```swift
  /// if viewModel.previousState?.isLoading == true { announce("Loaded") }
  /// ```
  public private(set) var previousState: State?

  /// Creates a state view model.
  ///
  /// ```swift
  /// super.init(state: Profile(), equals: { $0.name == $1.name })
  /// ```
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - equals: When it returns `true` for `(current, new)`, ``setState(_:)`` changes nothing
  ///     and notifies nobody.
  public init(state: State, equals: ((State, State) -> Bool)? = nil) {
    storage = state
    initialState = state
    self.equals = equals
    equatableEquals = equalityIfEquatable(State.self)
    super.init()
  }

  /// The current state. Reading it inside `withObservationTracking` registers a dependency.
  ///
  /// ```swift
  /// Text(viewModel.state.name)
  /// ```
  public var state: State {
    accessForObservation()
    return storage
  }

  /// The state without recording an Observation access, for streams and selections that track
  /// their own changes.
  var untrackedState: State { storage }

  /// Replaces the state and notifies, unless the new state is equal to the current one.
  ///
  /// State listeners run first with `(previous, new)`, then the plain listeners; watching hosts
  /// refresh once when the change (and any change it causes) is complete. Ignored once disposed
  /// (in debug builds the mistake is reported).
  ///
  /// ```swift
  /// setState(Profile(name: "Ada", isLoading: false))
  /// ```
  ///
  /// - Parameter newState: The new state.
  public func setState(_ newState: State) {
    guard !isDisposed else {
      reportUseAfterDispose("setState(_:)")
      return
    }
    if isEqual(storage, newState) { return }
    applyChange(newState)
  }

  /// Kept out of `setState` so that an equal state pays for nothing but the comparison.
  @inline(never)
  private func applyChange(_ newState: State) {
    let previous = storage
    willChangeForObservers()
    storage = newState
    previousState = previous
    if isDeliveringStates {
      // From inside a listener: delivered after the round in progress, in order.
      pendingTransitions.append((previous, newState))
      return
    }
    isDeliveringStates = true
    let registry = self.registry
    registry.beginChange()
    deliverTransition(previous: previous, new: newState)
    if !pendingTransitions.isEmpty { deliverPendingTransitions() }
    isDeliveringStates = false
    registry.endChange()
  }

  private func deliverTransition(previous: State, new: State) {
    guard !isDisposed else { return }
    for listener in stateListeners.items {
      guard let callback = listener.callback else { continue }
      do {
        try callback(previous, new)
      } catch {
        registry.handleListenerError(error, from: Swift.type(of: self))
      }
    }
    if !stateStreams.isEmpty { stateStreams.yield(new) }
    deliverChange()
  }

  private func isEqual(_ current: State, _ new: State) -> Bool {
    if let equals { return equals(current, new) }
    if let configured = registry.config.equals { return configured(current, new) }
    if let equatableEquals { return equatableEquals(current, new) }
    return false
  }

  private func deliverPendingTransitions() {
    var next = 0
    while next < pendingTransitions.count, !isDisposed {
      let transition = pendingTransitions[next]
      next += 1
      deliverTransition(previous: transition.previous, new: transition.new)
    }
    pendingTransitions.removeAll(keepingCapacity: true)
  }

  /// Calls `onChanged` with `(previous, new)` after every state change, until the returned
  /// closure is called.
  ///
  /// ```swift
  /// let stop = viewModel.listenState { previous, new in
  ///   if previous?.name != new.name { print("renamed to \(new.name)") }
  /// }
  /// ```
  ///
  /// - Parameter onChanged: Receives the previous and the new state.
  /// - Returns: A closure that removes the listener.
  @discardableResult
  public func listenState(onChanged: @escaping (State?, State) throws -> Void) -> () -> Void {
    guard !isDisposed else { return {} }
    let listener = stateListeners.add(onChanged)
    return { [weak self] in
      listener.callback = nil
      self?.stateListeners.remove(listener)
    }
  }

  /// Calls `onChanged` only when the part of the state chosen by `selector` changes.
  ///
  /// ```swift
  /// viewModel.listenStateSelect(selector: \.name) { previous, name in
  ///   title = name
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - selector: Picks the part to follow.
  ///   - equals: Compares two selected values. When `nil`, the registry's
  ///     ``ViewModelConfig/equals`` (as configured when this is called) compares them, else `==`.
  ///   - onChanged: Receives the previously selected value and the new one.
  /// - Returns: A closure that removes the listener.
  @discardableResult
  public func listenStateSelect<R: Equatable>(
    selector: @escaping (State) -> R, equals: ((R, R) -> Bool)? = nil,
    onChanged: @escaping (R?, R) throws -> Void
  ) -> () -> Void {
    var last = selector(storage)
    let configured = registry.config.equals.map { equals in { (a: R, b: R) in equals(a, b) } }
    let same = equals ?? configured ?? { $0 == $1 }
    return listenState { _, new in
      let selected = selector(new)
      guard !same(last, selected) else { return }
      let previous = last
      last = selected
      try onChanged(previous, selected)
    }
  }

  override func finishStreamsAtDispose() {
    super.finishStreamsAtDispose()
    stateListeners.removeAll()
    for finish in stateStreams.takeFinishers() { finish() }
  }
}

extension StateViewModel where State: Sendable {
  /// An async stream of states: the current one first, then each new one. It finishes when the
  /// view model is disposed; a consumer that is cancelled is removed.
  ///
  /// The stream keeps the newest 16 states for a slow consumer.
  ///
  /// ```swift
  /// for await profile in viewModel.states {
  ///   render(profile)
  /// }
  /// ```
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream<State>.makeStream(
      bufferingPolicy: .bufferingNewest(16))
    continuation.yield(untrackedState)
    guard !isDisposed else {
      continuation.finish()
      return stream
    }
    let id = stateStreams.add(yield: { continuation.yield($0) }, finish: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      runOnMainActor { self?.stateStreams.remove(id) }
    }
    return stream
  }
}

/// `==` for `State` when it is `Equatable`, found once per type.
func equalityIfEquatable<State>(_ type: State.Type) -> ((State, State) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  func compare<E: Equatable>(_: E.Type) -> (State, State) -> Bool {
    // State is E here: the cast above only succeeds for the type itself.
    { unsafeBitCast($0, to: E.self) == unsafeBitCast($1, to: E.self) }
  }
  return compare(equatable)
}
