import Registry

#if canImport(SwiftUI)
  import SwiftUI

  extension StateViewModelValueWatcher {
    /// Creates a watcher with AppleViewModel's label: the same as
    /// `init(viewModel:values:content:)`.
    ///
    /// Key paths to `Hashable` properties work as selectors:
    ///
    /// ```swift
    /// StateViewModelValueWatcher(
    ///   viewModel: cart, selectors: [\.count, \.total]
    /// ) { cart in
    ///   Text("\(cart.count) items, \(cart.total)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - viewModel: The state view model to follow.
    ///   - selectors: The parts of the state whose changes redraw the content.
    ///   - content: The content for the current state.
    public init(
      viewModel: StateViewModel<State>, selectors: [(State) -> AnyHashable],
      @ViewBuilder content: @escaping (State) -> Content
    ) {
      self.init(viewModel: viewModel, values: selectors, content: content)
    }
  }
#endif
