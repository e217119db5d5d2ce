import Observation

/// A part of a state view model's state that a host shows, refreshed only when that part
/// changes.
///
/// It follows the view model without holding it (its lifetime belongs to whoever resolved it).
/// The SwiftUI `StateViewModelSelector` and `StateViewModelValueWatcher` are shells over it.
///
/// ```swift
/// let title = StateSelection(profile, selector: \.name) {
///   screen.setTitle($0)
/// }
/// profile.setState(Profile(name: "Ada", age: 30))  // a new name: refreshes
/// profile.setState(Profile(name: "Ada", age: 31))  // does not
/// ```
@MainActor
public final class StateSelection<State, Value: Equatable>: Observable {
  private let observation = ObservationRegistrar()
  // Only touched on the main actor; `nonisolated(unsafe)` so `deinit` can stop listening.
  nonisolated(unsafe) private var stopListening: () -> Void = {}
  private weak var source: StateViewModel<State>?
  private var selector: (State) -> Value
  private var equals: ((Value, Value) -> Bool)?
  private var current: Value
  private let onChange: ((Value) -> Void)?

  /// How many times the selected value changed.
  public private(set) var changeCount = 0

  /// Starts following `viewModel`'s selected value.
  ///
  /// - Parameters:
  ///   - viewModel: The state view model to follow.
  ///   - selector: Picks the part of the state to show.
  ///   - equals: Compares two selected values; `==` when `nil`.
  ///   - onChange: Called with each new selected value, once ``value`` and ``changeCount``
  ///     show it.
  public init(
    _ viewModel: StateViewModel<State>, selector: @escaping (State) -> Value,
    equals: ((Value, Value) -> Bool)? = nil, onChange: ((Value) -> Void)? = nil
  ) {
    source = viewModel
    self.selector = selector
    self.equals = equals
    // Untracked: this runs inside a parent's body, which must not start following the whole state.
    current = selector(viewModel.untrackedState)
    self.onChange = onChange
    stopListening = viewModel.listenState { [weak self] _, state in
      self?.stateChanged(to: state)
    }
  }

  /// The selected value. Reading it inside `withObservationTracking` (or a SwiftUI body)
  /// registers a dependency that fires only when the selected value changes.
  ///
  /// ```swift
  /// Text(selection.value)
  /// ```
  public var value: Value {
    if !ObservationGate.isSuspended { observation.access(self, keyPath: \.value) }
    return current
  }

  /// Replaces the selector and the comparison, for a view whose closures change from render to
  /// render: later changes are compared with these.
  ///
  /// The value is selected again from the current state without telling observers — the render
  /// that passes the new closures reads ``value`` next — and without counting as a change.
  ///
  /// ```swift
  /// selection.update(selector: { $0.items[index] })
  /// ```
  ///
  /// - Parameters:
  ///   - selector: Picks the part of the state to show.
  ///   - equals: Compares two selected values; `==` when `nil`.
  public func update(selector: @escaping (State) -> Value, equals: ((Value, Value) -> Bool)? = nil)
  {
    self.selector = selector
    self.equals = equals
    if let source, !source.isDisposed { current = selector(source.untrackedState) }
  }

  /// Stops following the view model.
  ///
  /// ```swift
  /// selection.stop()
  /// ```
  public func stop() {
    stopListening()
    stopListening = {}
  }

  deinit {
    // A selection dropped without stop() stops following; off the main actor its listener only
    // outlives it harmlessly (it holds the selection weakly) until the view model is disposed.
    let stop = stopListening
    if isRunningOnMainActor() { MainActor.assumeIsolated { stop() } }
  }

  private func stateChanged(to state: State) {
    let selected = selector(state)
    if let equals { if equals(current, selected) { return } } else if current == selected { return }
    observation.withMutation(of: self, keyPath: \.value) {
      current = selected
      changeCount += 1
    }
    onChange?(selected)
  }
}
