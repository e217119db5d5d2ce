/// A value computed from other view models, recomputed only when one of them changes.
///
/// It is itself a view model: bindings can watch it, and its listeners hear only changes of the
/// result — an input change that leaves the result equal notifies nobody (by `equals`, else `==`
/// when `Value` is `Equatable`).
///
/// ```swift
/// let total = DerivedValue(cart, discounts) {
///   cart.state.subtotal - discounts.state.amount
/// }
/// total.listen { print(total.value) }  // only when the total changes
/// ```
///
/// It recomputes as each input changes, and its listeners run then. When one change reaches it
/// along two paths — a diamond, where two derived values of one view model are combined by a
/// third — its listeners may first hear a result computed from one updated path, then the final
/// one. A binding that watches it, through a spec, refreshes once per change, after every value
/// is updated.
///
/// Made by hand, it needs no `dispose()`: once nothing refers to it, its inputs stop hearing it.
/// Built through a spec, it stops when it is disposed. A listener on it that captures it (as the
/// one above does) refers to it: keep the closure `listen` returns and call it when done, or
/// dispose the value.
public final class DerivedValue<Value>: ViewModel {
  private var current: Value
  private let compute: @MainActor () -> Value
  private let equals: ((Value, Value) -> Bool)?
  // Only touched on the main actor; `nonisolated(unsafe)` so `deinit` can stop listening.
  nonisolated(unsafe) private var stopListening: [() -> Void] = []

  /// How many times the value has been computed, the first time included.
  public private(set) var computeCount = 1

  /// Creates a derived value and computes it once.
  ///
  /// ```swift
  /// let isReady = DerivedValue(auth, settings) {
  ///   auth.state.isSignedIn && settings.state.loaded
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - inputs: The view models it depends on; a change of any of them recomputes it.
  ///   - equals: When it returns `true` for `(old, new)`, the change is not passed on.
  ///   - compute: Computes the value from the inputs.
  public init(
    _ inputs: ViewModel..., equals: ((Value, Value) -> Bool)? = nil,
    compute: @escaping @MainActor () -> Value
  ) {
    self.compute = compute
    self.equals = equals ?? equalityIfEquatable(Value.self)
    current = compute()
    super.init()
    stopListening = inputs.map { input in
      input.listen { [weak self] in self?.recompute() }
    }
  }

  /// The current value. Reading it inside `withObservationTracking` registers a dependency.
  ///
  /// ```swift
  /// label.text = "\(total.value)"
  /// ```
  public var value: Value {
    accessForObservation()
    return current
  }

  private func recompute() {
    guard !isDisposed else { return }
    let next = compute()
    computeCount += 1
    if let equals, equals(current, next) { return }
    update { current = next }
  }

  deinit {
    // A value made by hand is never disposed: it stops listening to its inputs when it goes, or
    // each input would keep a dead listener (and `hasListeners`) for as long as it lives. On the
    // main actor, where the listeners live: at once when the value goes there (the usual case),
    // else as soon as it can get there. A disposed value stopped already, and kept nothing.
    guard !stopListening.isEmpty else { return }
    // Handed over whole: the value is going, so nothing else reads the array, and its closures
    // are called on the main actor only.
    nonisolated(unsafe) let stops = stopListening
    if isRunningOnMainActor() {
      MainActor.assumeIsolated { for stop in stops { stop() } }
    } else {
      Task { @MainActor in for stop in stops { stop() } }
    }
  }

  override func finishStreamsAtDispose() {
    super.finishStreamsAtDispose()
    for stop in stopListening { stop() }
    stopListening.removeAll()
  }
}
