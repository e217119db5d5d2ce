extension ViewModelLifecycle {
  /// Does nothing.
  ///
  /// ```swift
  /// func onCreate(_ viewModel: ViewModel, arg: InstanceArg) { created += 1 }
  /// ```
  public func onCreate(_ viewModel: ViewModel, arg: InstanceArg) throws {}
  /// Does nothing.
  ///
  /// ```swift
  /// func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) { holders += 1 }
  /// ```
  public func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) throws {}
  /// Does nothing.
  ///
  /// ```swift
  /// func onUnbind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) { holders -= 1 }
  /// ```
  public func onUnbind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) throws {}
  /// Does nothing.
  ///
  /// ```swift
  /// func onDispose(_ viewModel: ViewModel, arg: InstanceArg) { disposed += 1 }
  /// ```
  public func onDispose(_ viewModel: ViewModel, arg: InstanceArg) throws {}
}

extension ViewModelRegistry {
  /// Tells `lifecycle` about an event in AppleViewModel's shape: the instance itself, the
  /// ``InstanceArg`` it was built with (whose `bindingId` is the binding that built it), and the
  /// holder as `bindingId:`, as AppleViewModel passes them.
  func deliverInAppleViewModelShape(
    _ kind: LifecycleEvent.Kind, _ viewModel: ViewModel, arg: InstanceArg,
    to lifecycle: any ViewModelLifecycle
  ) {
    let built = viewModel.instanceArg
    do {
      switch kind {
      case .create: try lifecycle.onCreate(viewModel, arg: built)
      case .bind: try lifecycle.onBind(viewModel, arg: built, bindingId: arg.bindingId ?? "")
      case .unbind: try lifecycle.onUnbind(viewModel, arg: built, bindingId: arg.bindingId ?? "")
      case .dispose: try lifecycle.onDispose(viewModel, arg: built)
      }
    } catch {
      handleListenerError(error, from: type(of: lifecycle), kind: .lifecycle)
    }
  }
}
