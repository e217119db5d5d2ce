import Registry

extension ViewModelBinding {
  /// Resolves `factory` with
  /// [`read(_:)`](doc:read(_:fileID:filePath:line:column:)-(ViewModelFactory<VM>,_,_,_,_)) and
  /// calls `onChanged` after each of its changes, for as long as this binding holds it.
  ///
  /// The subscription belongs to the binding: it ends when the binding is disposed or lets go of
  /// the instance (`ViewModelBinding.unbind(_:)`, the instance's disposal).
  ///
  /// ```swift
  /// binding.listen(cartSpec) { badge.count = cart.items.count }
  /// ```
  ///
  /// - Parameters:
  ///   - factory: The view model to follow; a ``ViewModelSpec`` or your own factory.
  ///   - onChanged: Runs after each change; what it throws goes to the error handlers.
  public func listen<VM: ViewModel>(
    _ factory: any ViewModelFactory<VM>, onChanged: @escaping () throws -> Void
  ) {
    let viewModel = read(factory)
    own(viewModel) { guarded in viewModel.listen { try guarded { try onChanged() } } }
  }

  /// Resolves `factory` with `read` and calls `onChanged` with `(previous, new)` after each of
  /// its state changes, for as long as this binding holds it.
  ///
  /// ```swift
  /// binding.listenState(profileSpec) { previous, profile in
  ///   if previous?.name != profile.name { title = profile.name }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - factory: The state view model to follow.
  ///   - onChanged: Receives the previous and the new state.
  public func listenState<VM, S>(
    _ factory: any ViewModelFactory<VM>, onChanged: @escaping (S?, S) throws -> Void
  ) where VM: StateViewModel<S> {
    let viewModel = read(factory)
    own(viewModel) { guarded in
      viewModel.listenState { previous, new in try guarded { try onChanged(previous, new) } }
    }
  }

  /// Resolves `factory` with `read` and calls `onChanged` when the part of its state chosen by
  /// `selector` changes, for as long as this binding holds it.
  ///
  /// Two selected values compare with `equals`, else the registry's
  /// `ViewModelConfig.equals`, else `==`; see
  /// `StateViewModel.listenStateSelect(selector:equals:onChanged:)`.
  ///
  /// ```swift
  /// binding.listenStateSelect(profileSpec, selector: \.name) { _, name in
  ///   title = name
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - factory: The state view model to follow.
  ///   - selector: Picks the part to follow.
  ///   - equals: Compares two selected values.
  ///   - onChanged: Receives the previously selected value and the new one.
  public func listenStateSelect<VM, S, R: Equatable>(
    _ factory: any ViewModelFactory<VM>, selector: @escaping (S) -> R,
    equals: ((R, R) -> Bool)? = nil, onChanged: @escaping (R?, R) throws -> Void
  ) where VM: StateViewModel<S> {
    let viewModel = read(factory)
    own(viewModel) { guarded in
      viewModel.listenStateSelect(selector: selector, equals: equals) { previous, new in
        try guarded { try onChanged(previous, new) }
      }
    }
  }

  /// Makes the subscription `subscribe` creates the binding's: removed when the binding is
  /// disposed, and from the first change after the binding let go of `viewModel`.
  ///
  /// `subscribe` receives a guard to run each callback through: it calls the callback only while
  /// the binding holds the instance, and otherwise removes the subscription.
  private func own(
    _ viewModel: ViewModel,
    subscribe: (_ guarded: @escaping (() throws -> Void) throws -> Void) -> () -> Void
  ) {
    guard !isDisposed, !viewModel.isDisposed else { return }
    let stop = Box<() -> Void>({})
    let guarded: (() throws -> Void) throws -> Void = { [weak self, weak viewModel] callback in
      guard let self, let viewModel, !self.isDisposed, self.holds(viewModel) else {
        stop.value()
        return
      }
      try callback()
    }
    let remove = subscribe(guarded)
    let hook = addDisposeHook(remove)
    // A subscription that ends on its own (its instance let go) takes its cleanup with it, so
    // calling `listen` on every render does not pile up cleanups.
    stop.value = { [weak self] in
      remove()
      self?.removeDisposeHook(hook)
    }
  }
}

/// A reference to a value that closures share.
private final class Box<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
