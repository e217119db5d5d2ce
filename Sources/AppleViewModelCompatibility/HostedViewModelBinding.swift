import Registry

/// A binding that calls a replaceable `refresh` closure after each change to a view model it
/// watches: AppleViewModel's binding for hosts that set their refresh after creating it.
///
/// ```swift
/// let binding = HostedViewModelBinding()
/// binding.refresh = { [weak view] in view?.setNeedsLayout() }
/// let counter = binding.watch(counterSpec)
/// ```
///
/// `ViewModelBinding.init(registry:label:onUpdate:)` with `onUpdate` does the
/// same when the closure is known up front.
@MainActor
open class HostedViewModelBinding: ViewModelBinding {
  /// Called once after each change to a watched view model, after ``onUpdate()``'s own work.
  ///
  /// ```swift
  /// binding.refresh = { render() }
  /// ```
  public var refresh: () -> Void

  /// Creates a binding in the current registry.
  ///
  /// ```swift
  /// let binding = HostedViewModelBinding { render() }
  /// ```
  ///
  /// - Parameter refresh: What to call after each change; nothing by default.
  public init(refresh: @escaping () -> Void = {}) {
    self.refresh = refresh
    super.init(label: "HostedViewModelBinding")
  }

  /// Calls `super`, then ``refresh``.
  ///
  /// ```swift
  /// override func onUpdate() {
  ///   super.onUpdate()  // calls refresh
  ///   log("refreshed")
  /// }
  /// ```
  open override func onUpdate() {
    super.onUpdate()
    refresh()
  }
}
