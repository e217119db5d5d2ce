import Registry

/// The lifecycle hooks every `ViewModel` has: AppleViewModel's per-instance contract.
///
/// `ViewModel` adopts it; override the hooks in a subclass. Code written against this protocol
/// can receive any view model.
///
/// ```swift
/// func describe(_ instance: any InstanceLifeCycle) {
///   print(type(of: instance))
/// }
/// describe(binding.watch(counterSpec))
/// ```
@MainActor
public protocol InstanceLifeCycle: AnyObject {
  /// Called once, right after the builder. See `ViewModel.onCreate(_:)`.
  ///
  /// - Parameter arg: What the instance was built with.
  func onCreate(_ arg: InstanceArg)
  /// Called each time a binding starts holding the instance.
  ///
  /// - Parameters:
  ///   - arg: What the instance was built with.
  ///   - bindingId: The new holder.
  func onBind(_ arg: InstanceArg, bindingId: String)
  /// Called each time a binding stops holding the instance.
  ///
  /// - Parameters:
  ///   - arg: What the instance was built with.
  ///   - bindingId: The holder that let go.
  func onUnbind(_ arg: InstanceArg, bindingId: String)
  /// Called once when the instance is disposed.
  ///
  /// - Parameter arg: What the instance was built with.
  func onDispose(_ arg: InstanceArg)
}
