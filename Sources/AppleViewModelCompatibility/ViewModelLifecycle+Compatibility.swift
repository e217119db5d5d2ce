import Registry

/// AppleViewModel's lifecycle observer: it hears each create, bind, unbind and dispose with the
/// instance itself and what it was built with.
///
/// In this module the name stands for this protocol, which refines Registry's
/// `ViewModelLifecycle`, so that an observer written for AppleViewModel conforms as it is and
/// goes wherever Registry's observers go. Registry tells it through its own shape, one
/// `LifecycleEvent` per event, which this protocol's defaults forward to the methods below. An
/// observer that implements Registry's shape as well (`onCreate(_ event:)`, …) hears that one
/// instead. Services are not view models: their events reach only Registry's shape.
///
/// ```swift
/// final class Audit: ViewModelLifecycle {
///   func onCreate(_ viewModel: ViewModel, arg: InstanceArg) {
///     print("built", viewModel)
///   }
/// }
/// ViewModel.addLifecycle(Audit())
/// ```
@MainActor
public protocol ViewModelLifecycle: Registry.ViewModelLifecycle {
  /// An instance was built; `arg.bindingId` is the binding that asked for it.
  func onCreate(_ viewModel: ViewModel, arg: InstanceArg) throws
  /// A binding started holding an instance; `arg` is what it was built with.
  func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) throws
  /// A binding stopped holding an instance; `arg` is what it was built with.
  func onUnbind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) throws
  /// An instance was disposed; `arg` is what it was built with.
  func onDispose(_ viewModel: ViewModel, arg: InstanceArg) throws
}

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
  /// func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) {
  ///   holders += 1
  /// }
  /// ```
  public func onBind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) throws {}
  /// Does nothing.
  ///
  /// ```swift
  /// func onUnbind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) {
  ///   holders -= 1
  /// }
  /// ```
  public func onUnbind(_ viewModel: ViewModel, arg: InstanceArg, bindingId: String) throws {}
  /// Does nothing.
  ///
  /// ```swift
  /// func onDispose(_ viewModel: ViewModel, arg: InstanceArg) { disposed += 1 }
  /// ```
  public func onDispose(_ viewModel: ViewModel, arg: InstanceArg) throws {}

  /// Forwards Registry's event to ``onCreate(_:arg:)-(ViewModel,_)``.
  public func onCreate(_ event: LifecycleEvent) throws {
    guard let (viewModel, _) = Self.delivery(of: event) else { return }
    try onCreate(viewModel, arg: viewModel.instanceArg)
  }

  /// Forwards Registry's event to ``onBind(_:arg:bindingId:)-(ViewModel,_,_)``.
  public func onBind(_ event: LifecycleEvent) throws {
    guard let (viewModel, bindingId) = Self.delivery(of: event) else { return }
    try onBind(viewModel, arg: viewModel.instanceArg, bindingId: bindingId)
  }

  /// Forwards Registry's event to ``onUnbind(_:arg:bindingId:)-(ViewModel,_,_)``.
  public func onUnbind(_ event: LifecycleEvent) throws {
    guard let (viewModel, bindingId) = Self.delivery(of: event) else { return }
    try onUnbind(viewModel, arg: viewModel.instanceArg, bindingId: bindingId)
  }

  /// Forwards Registry's event to ``onDispose(_:arg:)-(ViewModel,_)``.
  public func onDispose(_ event: LifecycleEvent) throws {
    guard let (viewModel, _) = Self.delivery(of: event) else { return }
    try onDispose(viewModel, arg: viewModel.instanceArg)
  }

  /// The instance the event is about, and the binding, while the registry delivers it; `nil`
  /// for a service.
  private static func delivery(of event: LifecycleEvent) -> (ViewModel, String)? {
    guard !event.isService, let delivery = LifecycleDelivery.current else { return nil }
    return (delivery.viewModel, delivery.arg.bindingId ?? "")
  }
}
