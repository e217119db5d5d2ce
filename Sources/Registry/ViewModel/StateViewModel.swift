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
  // The mutable stored properties are private to this file, and no access to them is held
  // across a call out: values are copied out before a comparison, a listener or a stream runs.
  // So none can overlap another. The state and the previous state are unchecked: checked, they
  // cost a quarter and a tenth more on a changing `setState` (measured at each site); the
  // compiler proves the others need no dynamic check.
  @exclusivity(unchecked) private var storage: State
  private let equals: ((State, State) -> Bool)?
  private let equatableEquals: ((State, State) -> Bool)?
  private var stateListeners = ListenerList<
    (State?, State) throws -> Void
  >()
  /// Changes waiting to be delivered, oldest first: a `setState` from inside a listener is
  /// delivered after the round in progress, so every listener sees the states in order.
  private var pendingTransitions: [(previous: State, new: State)] = []
  private var isDeliveringStates = false
  /// The first of `pendingTransitions` not yet delivered, while they are. 32 bits, beside the
  /// flag above, in the padding of its word: no state view model grows for it.
  private var nextPendingTransition: UInt32 = 0
  private var stateStreams = StreamContinuations<State>()
  /// Plain values beside the generic collections, checked first: a change with no state
  /// listener, stream or pending transition never touches those collections, whose generic
  /// metadata lookups cost more than all the rest of a change.
  private var stateListenerCount = 0
  private var hasStateStreams = false
  private var hasPendingTransitions = false
  /// `previousState` as a plain `State` and a flag: storing it needs no `Optional<State>`.
  @exclusivity(unchecked) private var previousStorage: State
  private var hasPrevious = false

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
  public var previousState: State? { hasPrevious ? previousStorage : nil }

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
    previousStorage = state
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
  /// refresh once when the change (and any change it causes) is complete. Observation and
  /// Combine hear of the change before it is stored; a change one of them makes then is
  /// delivered first, and this one follows from it (its `previous` is that change's state). An
  /// Observation `onChange` that sets the state every time it runs is called again for its own
  /// change, without end: set it once from there. Ignored once disposed (in debug builds the
  /// mistake is reported).
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
    // Observers are told first: one that changes the state from there (once, or Observation
    // would tell it again, forever) has its change delivered first, and this one then follows
    // from it.
    willChangeForObservers()
    let previous = storage
    storage = newState
    previousStorage = previous
    hasPrevious = true
    if isDeliveringStates {
      // From inside a listener: delivered after the round in progress, in order.
      enqueueTransition(previous: previous, new: newState)
      return
    }
    isDeliveringStates = true
    let registry = self.registry
    registry.beginChange()
    deliverTransition(previous: previous, new: newState)
    if hasPendingTransitions { deliverPendingTransitions() }
    isDeliveringStates = false
    registry.endChange()
  }

  /// Out of line: the tuple type of the queue needs a metadata lookup, which the common path
  /// (no change made from inside a listener) should not pay.
  @inline(never)
  private func enqueueTransition(previous: State, new: State) {
    pendingTransitions.append((previous, new))
    hasPendingTransitions = true
  }

  private func deliverTransition(previous: State, new: State) {
    guard !isDisposed else { return }
    // The streams first: one that a listener makes below starts with this state as its current
    // one, and must not get it twice.
    if hasStateStreams {
      // A copy: a stream that ends while fed removes itself.
      let streams = stateStreams
      streams.yield(new)
    }
    if stateListenerCount > 0 { deliverToStateListeners(previous: previous, new: new) }
    deliverChange()
  }

  private func deliverToStateListeners(previous: State, new: State) {
    for listener in stateListeners.items {
      guard let callback = listener.callback else { continue }
      do {
        try callback(previous, new)
      } catch {
        registry.handleListenerError(error, from: Swift.type(of: self))
      }
    }
  }

  private func isEqual(_ current: State, _ new: State) -> Bool {
    if let equals { return equals(current, new) }
    if let configured = registry.configuredEquals { return configured(current, new) }
    if let equatableEquals { return equatableEquals(current, new) }
    return false
  }

  private func deliverPendingTransitions() {
    // `nextPendingTransition` is 0 here: only this loop moves it, and it ends by resetting it
    // (a change made from inside a listener is queued, never delivered by a loop of its own).
    while Int(nextPendingTransition) < pendingTransitions.count, !isDisposed {
      let transition = pendingTransitions[Int(nextPendingTransition)]
      nextPendingTransition += 1
      deliverTransition(previous: transition.previous, new: transition.new)
    }
    pendingTransitions.removeAll(keepingCapacity: true)
    nextPendingTransition = 0
    hasPendingTransitions = false
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
    stateListenerCount = stateListeners.items.count
    return { [weak self] in
      listener.callback = nil
      self?.removeStateListener(listener)
    }
  }

  private func removeStateListener(_ listener: Listener<(State?, State) throws -> Void>) {
    stateListeners.remove(listener)
    stateListenerCount = stateListeners.items.count
  }

  /// Feeds a stream of states (``states``, or a Combine publisher) from now on; returns the id
  /// that removes it.
  func addStateStream(
    yield: @escaping (State) -> Void, finish: @escaping () -> Void
  ) -> UInt64 {
    // A stream starts with the stored state. Changes made from inside a listener and still
    // waiting to be delivered are older than it (the stored state is the last of them): the
    // stream skips them, so that it never gets a state twice.
    var waiting =
      hasPendingTransitions ? pendingTransitions.count - Int(nextPendingTransition) : 0
    let feed: (State) -> Void =
      waiting == 0
      ? yield
      : { state in
        guard waiting == 0 else {
          waiting -= 1
          return
        }
        yield(state)
      }
    let id = stateStreams.add(yield: feed, finish: finish)
    hasStateStreams = true
    return id
  }

  func removeStateStream(_ id: UInt64) {
    stateStreams.remove(id)
    hasStateStreams = !stateStreams.isEmpty
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
    let configured = registry.configuredEquals.map { equals in { (a: R, b: R) in equals(a, b) } }
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
    guard stateListenerCount > 0 || hasStateStreams else { return }
    stateListeners.removeAll()
    stateListenerCount = 0
    let finishers = stateStreams.takeFinishers()
    hasStateStreams = false
    for finish in finishers { finish() }
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
    let id = addStateStream(yield: { continuation.yield($0) }, finish: { continuation.finish() })
    continuation.onTermination = { [weak self] _ in
      runOnMainActor { self?.removeStateStream(id) }
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
