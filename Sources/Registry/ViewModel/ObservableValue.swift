import Observation

/// Light shared state without a view-model class: one value, its listeners, and Observation.
///
/// Two values created with the same `shareKey` and type read and write the same storage in their
/// registry; the second one's `initialValue` is ignored. A `nil` key makes the value private.
/// Shared storage lives while any value using it does.
///
/// ```swift
/// let theme = ObservableValue(initialValue: Theme.light, shareKey: "theme")
/// let sameTheme = ObservableValue(initialValue: Theme.dark, shareKey: "theme")
/// sameTheme.value = .dark
/// print(theme.value)  // .dark
/// ```
@MainActor
public final class ObservableValue<T>: Observable {
  private let binding: ViewModelBinding?
  /// The view model holding the value: watch it from a binding to refresh a host.
  public let viewModel: StateViewModel<T>

  /// Creates a value, or joins the storage shared under `shareKey`.
  ///
  /// ```swift
  /// let count = ObservableValue(initialValue: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: The value, unless storage with this key and type exists already.
  ///   - shareKey: The key to share storage under; `nil` for private storage.
  public init(initialValue: T, shareKey: AnyHashable? = nil) {
    guard let shareKey else {
      binding = nil
      viewModel = StateViewModel(state: initialValue)
      return
    }
    let binding = ViewModelBinding(label: "ObservableValue")
    // The value has no `dispose()`: going, it drops its binding by design, so a test does not
    // report that as a dropped binding.
    binding.core.dropsWithOwner = true
    self.binding = binding
    viewModel = binding.read(
      ViewModelSpec(key: shareKey) { ObservableValueStorage<T>(state: initialValue) })
  }

  /// The value. Setting an equal value (for `Equatable` types) notifies nobody.
  ///
  /// ```swift
  /// count.value += 1
  /// ```
  public var value: T {
    get { viewModel.state }
    set { viewModel.setState(newValue) }
  }

  /// Calls `onChanged` with each new value until the returned closure is called.
  ///
  /// ```swift
  /// let stop = theme.listen { apply($0) }
  /// ```
  ///
  /// - Parameter onChanged: Receives the new value.
  /// - Returns: A closure that removes the listener.
  @discardableResult
  public func listen(onChanged: @escaping (T) throws -> Void) -> () -> Void {
    viewModel.listenState { _, new in try onChanged(new) }
  }
}

/// The shared storage behind keyed ``ObservableValue``s; its own type keeps keys of different
/// value types apart.
final class ObservableValueStorage<T>: StateViewModel<T> {}
