#if canImport(SwiftUI)
  import SwiftUI

  /// Holds a view model for a SwiftUI view without redrawing the view when it changes.
  ///
  /// Like ``WatchViewModel`` in every other way: resolved on first read, kept across re-renders,
  /// released with the view's state.
  ///
  /// ```swift
  /// struct ShareButton: View {
  ///   @ReadViewModel(analyticsSpec) var analytics
  ///   var body: some View { Button("Share") { analytics.track("share") } }
  /// }
  /// ```
  @MainActor
  @propertyWrapper
  public struct ReadViewModel<VM: ViewModel>: DynamicProperty {
    @State private var box: LazyViewModelHost<VM>
    @Environment(\.viewModelRegistry) private var registry
    private let spec: ViewModelSpec<VM>

    /// Creates the wrapper; nothing is resolved until the view reads the value.
    ///
    /// - Parameter spec: The view model to hold; may change between renders.
    public init(_ spec: ViewModelSpec<VM>) {
      self.spec = spec
      _box = State(wrappedValue: LazyViewModelHost(watch: false, label: "ReadViewModel"))
    }

    /// The view model; its changes do not redraw the view (unless `body` reads an observed
    /// property such as ``StateViewModel/state``). When it is disposed under the view (a
    /// ``ViewModelRegistry/reset(tag:)``, say), the view redraws once with a fresh instance.
    public var wrappedValue: VM {
      let host = box.host(in: registry)
      let viewModel = host.require(spec)
      // A read-only host refreshes only when its instance is disposed under it (a reset, a
      // direct dispose): the view then redraws and resolves a fresh one.
      _ = host.version
      return viewModel
    }

    /// The binding the view model is held through.
    public var projectedValue: ViewModelBinding { box.host(in: registry).binding }
  }
#endif
