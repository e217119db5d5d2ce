#if canImport(SwiftUI)
  import SwiftUI

  /// What a SwiftUI wrapper keeps in `@State`: allocating it is cheap, and the host (with its
  /// binding) is only made on first use, so the throwaway values SwiftUI creates on every
  /// re-render of the parent make no binding.
  @MainActor
  final class LazyViewModelHost<VM: ViewModel> {
    private let watch: Bool
    private let label: String
    private var made: ViewModelHost<VM>?

    init(watch: Bool, label: String) {
      self.watch = watch
      self.label = label
    }

    /// The host, made the first time it is asked for, in `registry` (the current one when
    /// `nil`); later calls return it whatever registry they name.
    func host(in registry: ViewModelRegistry?) -> ViewModelHost<VM> {
      if let made { return made }
      let host = ViewModelHost<VM>(watch: watch, registry: registry, label: label)
      made = host
      return host
    }
  }

  /// Keeps one `StateSelection` per followed view model, made on first use and stopped when the
  /// view model changes or the view's state is discarded.
  @MainActor
  final class SelectionBox<State, Value: Equatable> {
    private var selection: StateSelection<State, Value>?
    private weak var source: StateViewModel<State>?

    init() {}

    /// The selection for `viewModel`, following the closures of the render that asks: a view
    /// rebuilt with other closures (a selector capturing a new index) compares with those.
    func selection(
      for viewModel: StateViewModel<State>, selector: @escaping (State) -> Value,
      equals: ((Value, Value) -> Bool)? = nil
    ) -> StateSelection<State, Value> {
      if let selection, source === viewModel {
        selection.update(selector: selector, equals: equals)
        return selection
      }
      selection?.stop()
      let made = StateSelection(viewModel, selector: selector, equals: equals)
      selection = made
      source = viewModel
      return made
    }

    deinit {
      // `deinit` is not isolated; a StateSelection is main-actor bound (so Sendable): hop there.
      let selection = self.selection
      runOnMainActor { selection?.stop() }
    }
  }
#endif
