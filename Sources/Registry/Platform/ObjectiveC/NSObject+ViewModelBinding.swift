// Needs only the Objective-C runtime's associated objects, so it exists wherever that runtime
// does: UIKit and AppKit alike.
#if canImport(ObjectiveC)
  import ObjectiveC

  /// An object that refreshes itself when a view model its
  /// ``ObjectiveC/NSObject/viewModelBinding`` watches changes.
  ///
  /// ```swift
  /// final class ProfileScreen: UIViewController, ViewModelBindingRefreshable {
  ///   let titleLabel = UILabel()
  ///   lazy var profile = viewModelBinding.watch(profileSpec)
  ///   func viewModelBindingDidUpdate() { titleLabel.text = profile.state.name }
  /// }
  /// ```
  @MainActor
  public protocol ViewModelBindingRefreshable: AnyObject {
    /// Called once after each change to a view model the object's binding watches.
    func viewModelBindingDidUpdate()
  }

  private enum AssociatedKeys {
    nonisolated(unsafe) static var binding: UInt8 = 0
  }

  extension NSObject {
    /// A binding stored with this object and released with it: what a view controller or a view
    /// resolves its view models through.
    ///
    /// Created on first use; its refresh calls
    /// ``ViewModelBindingRefreshable/viewModelBindingDidUpdate()`` when the object adopts that
    /// protocol. When the object is deallocated, the binding lets go of everything it held.
    ///
    /// ```swift
    /// let profile = viewModelBinding.watch(profileSpec)
    /// ```
    @MainActor
    public var viewModelBinding: ViewModelBinding {
      if let existing = objc_getAssociatedObject(self, &AssociatedKeys.binding)
        as? ViewModelBinding
      {
        return existing
      }
      let binding = ViewModelBinding(label: String(describing: type(of: self))) {
        [weak self] in
        (self as? ViewModelBindingRefreshable)?.viewModelBindingDidUpdate()
      }
      // It goes when the object goes, by design: not a dropped binding.
      binding.core.dropsWithOwner = true
      objc_setAssociatedObject(
        self, &AssociatedKeys.binding, binding, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      return binding
    }
  }
#endif
