#if canImport(SwiftUI)
  import SwiftUI

  /// Builds content from one selected part of a state view model's state, redrawing only when
  /// that part changes.
  ///
  /// The view model is followed, not held: whoever resolved it owns its lifetime.
  ///
  /// ```swift
  /// StateViewModelSelector(viewModel: profile, selector: \.name) { name in
  ///   Text(name)
  /// }
  /// ```
  @MainActor
  public struct StateViewModelSelector<State, Value: Equatable, Content: View>: View {
    @SwiftUI.State private var box = SelectionBox<State, Value>()
    private let viewModel: StateViewModel<State>
    private let selector: (State) -> Value
    private let equals: ((Value, Value) -> Bool)?
    private let content: (Value) -> Content

    /// Creates a selector.
    ///
    /// ```swift
    /// StateViewModelSelector(
    ///   viewModel: profile, selector: \.name,
    ///   equals: { $0.lowercased() == $1.lowercased() }
    /// ) { name in
    ///   Text(name)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - viewModel: The state view model to follow.
    ///   - selector: Picks the part of the state the content shows.
    ///   - equals: Compares two selected values; `true` means the content stays as it is. When
    ///     `nil`, the registry's ``ViewModelConfig/equals`` compares them, else `==`.
    ///   - content: The content for the selected value.
    public init(
      viewModel: StateViewModel<State>, selector: @escaping (State) -> Value,
      equals: ((Value, Value) -> Bool)? = nil, @ViewBuilder content: @escaping (Value) -> Content
    ) {
      self.viewModel = viewModel
      self.selector = selector
      self.equals = equals
      self.content = content
    }

    /// The content for the current selected value.
    public var body: some View {
      let configured = viewModel.registry.configuredEquals.map { equals in
        { (a: Value, b: Value) in equals(a, b) }
      }
      let selection = box.selection(
        for: viewModel, selector: selector, equals: equals ?? configured)
      return content(selection.value)
    }
  }

  /// Builds content from a state view model, redrawing only when one of the watched values
  /// changes.
  ///
  /// ```swift
  /// StateViewModelValueWatcher(
  ///   viewModel: cart, values: [{ $0.count }, { $0.total }]
  /// ) { cart in
  ///   Text("\(cart.count) items, \(cart.total)")
  /// }
  /// ```
  @MainActor
  public struct StateViewModelValueWatcher<State, Content: View>: View {
    @SwiftUI.State private var box = SelectionBox<State, [AnyHashable]>()
    private let viewModel: StateViewModel<State>
    private let values: [(State) -> AnyHashable]
    private let content: (State) -> Content

    /// Creates a watcher.
    ///
    /// - Parameters:
    ///   - viewModel: The state view model to follow.
    ///   - values: The parts of the state whose changes redraw the content.
    ///   - content: The content for the current state.
    public init(
      viewModel: StateViewModel<State>, values: [(State) -> AnyHashable],
      @ViewBuilder content: @escaping (State) -> Content
    ) {
      self.viewModel = viewModel
      self.values = values
      self.content = content
    }

    /// The content for the current state.
    public var body: some View {
      let values = self.values
      _ = box.selection(for: viewModel, selector: { state in values.map { $0(state) } }).value
      return content(viewModel.untrackedState)
    }
  }

  /// Builds content from one or more ``ObservableValue``s, redrawing when any of them changes.
  ///
  /// ```swift
  /// ObserverBuilder(observable: theme) { theme in
  ///   Text(theme.name)
  /// }
  /// ObserverBuilder(observable: theme, theme) { theme, again in
  ///   Text(theme.name + again.name)
  /// }
  /// ```
  @MainActor
  public struct ObserverBuilder<each T, Content: View>: View {
    private let observables: (repeat ObservableValue<each T>)
    private let content: (repeat each T) -> Content

    /// Creates an observer of the values.
    ///
    /// - Parameters:
    ///   - observables: The values to follow.
    ///   - content: The content for their current values.
    public init(
      observable observables: repeat ObservableValue<each T>,
      @ViewBuilder content: @escaping (repeat each T) -> Content
    ) {
      self.observables = (repeat each observables)
      self.content = content
    }

    /// The content for the current values; reading them registers the dependencies.
    public var body: Content {
      // Read into a tuple first: a pack expansion as a call's argument here is more than
      // Swift 6.3's type checker takes.
      let values = (repeat (each observables).value)
      return content(repeat each values)
    }
  }
#endif
