#if canImport(SwiftUI)
  import SwiftUI

  /// Holds a view model for a SwiftUI view and redraws the view when it changes.
  ///
  /// The view model is resolved the first time the view reads it — never in the wrapper's
  /// `init`, which SwiftUI calls for every re-created view value — and kept in a
  /// ``ViewModelHost`` stored in `@State`, so it survives re-renders, disappearing and
  /// reappearing. When the spec's identity changes (`userSpec(id)` with a new `id`), the new
  /// instance is resolved and the old released. When SwiftUI discards the view's state, the host
  /// is released and an instance nobody else holds is disposed, once.
  ///
  /// ```swift
  /// struct CounterView: View {
  ///   @WatchViewModel(counterSpec) var counter
  ///   var body: some View {
  ///     Button("\(counter.count)") { counter.increment() }
  ///   }
  /// }
  /// ```
  ///
  /// The projected value (`$counter`) is the host's ``ViewModelBinding``, for resolving more
  /// view models with the same lifetime.
  @MainActor
  @propertyWrapper
  public struct WatchViewModel<VM: ViewModel>: DynamicProperty {
    @State private var box: LazyViewModelHost<VM>
    @Environment(\.viewModelRegistry) private var registry
    private let spec: ViewModelSpec<VM>

    /// Creates the wrapper; nothing is resolved until the view reads the value.
    ///
    /// - Parameter spec: The view model to show; may change between renders (see
    ///   ``ViewModelHost`` for when a new spec keeps the instance).
    public init(_ spec: ViewModelSpec<VM>) {
      self.spec = spec
      // SwiftUI makes this value on every re-render of the parent and keeps only the first:
      // the box is cheap and makes its host on first use.
      _box = State(wrappedValue: LazyViewModelHost(watch: true, label: "WatchViewModel"))
    }

    /// The view model. Reading it in `body` makes the view redraw when it changes.
    public var wrappedValue: VM {
      let host = box.host(in: registry)
      let viewModel = host.require(spec)
      // Read after resolving, so the first resolution does not invalidate this render.
      _ = host.version
      return viewModel
    }

    /// The binding the view model is held through.
    public var projectedValue: ViewModelBinding { box.host(in: registry).binding }
  }
#endif
