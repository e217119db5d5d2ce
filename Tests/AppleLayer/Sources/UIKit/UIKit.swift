// Stand-in for Apple's UIKit: the few classes this project's UIKit bridges and their
// documentation use, main-actor isolated as the iOS 17.0 and 18.0 SDKs' headers declare them
// (../../README.md). Foundation is re-exported, as UIKit does.
@_exported import Foundation
import ObjectiveC

/// An abstract interface for responding to and handling events.
@MainActor
open class UIResponder: NSObject {
  deinit {
    // The Objective-C runtime releases associated objects when an object is deallocated,
    // after its subclasses' deinitializers; the ObjectiveC stand-in needs to be told.
    _objcOwnerWillDeallocate(self)
  }
}

/// The centralized point of control and coordination for apps running in iOS.
@MainActor
open class UIApplication: UIResponder {
  /// The app's current state, or that of its most active scene.
  public enum State: Int, @unchecked Sendable {
    /// The app is running in the foreground and currently receiving events.
    case active = 0
    /// The app is running in the foreground but isn't receiving events.
    case inactive = 1
    /// The app is running in the background.
    case background = 2
  }

  /// The singleton app instance.
  @available(iOSApplicationExtension, unavailable)
  public class var shared: UIApplication { sharedApplication }

  private static let sharedApplication = UIApplication()

  /// The app's current state.
  public internal(set) var applicationState: UIApplication.State = .active

  // The notification names are main-actor isolated, like the class: the iOS 17 SDK's
  // UIApplication.h gives them no `NS_SWIFT_NONISOLATED`, so Swift imports them as members of
  // the main-actor class; the iOS 18 SDK marks each one `NS_SWIFT_NONISOLATED`.

  /// A notification that posts when the app enters the background.
  public static let didEnterBackgroundNotification = NSNotification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  /// A notification that posts shortly before an app leaves the background state on its way to
  /// becoming the active app.
  public static let willEnterForegroundNotification = NSNotification.Name(
    "UIApplicationWillEnterForegroundNotification")
  /// A notification that posts when the app becomes active.
  public static let didBecomeActiveNotification = NSNotification.Name(
    "UIApplicationDidBecomeActiveNotification")
  /// A notification that posts when the app is no longer active and loses focus.
  public static let willResignActiveNotification = NSNotification.Name(
    "UIApplicationWillResignActiveNotification")
}

/// An object that manages the content for a rectangular area on the screen.
@MainActor
open class UIView: UIResponder {
  /// The frame rectangle.
  open var frame: CGRect

  /// Initializes and returns a newly allocated view object with the specified frame rectangle.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// Creates a view with an empty frame.
  public override convenience init() {
    self.init(frame: .zero)
  }

  /// Unavailable here: there are no archives to decode views from.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// The receiver's immediate subviews.
  open private(set) var subviews: [UIView] = []

  /// Adds a view to the end of the receiver's list of subviews.
  open func addSubview(_ view: UIView) {
    subviews.append(view)
  }
}

/// A view that displays one or more lines of informational text.
@MainActor
open class UILabel: UIView {
  /// The current text that the label displays.
  open var text: String?
}

/// An object that manages a view hierarchy for your UIKit app.
@MainActor
open class UIViewController: UIResponder {
  /// A localized string that represents the view this controller manages.
  open var title: String?

  private var loadedView: UIView?

  /// Creates a view controller with the nib file in the specified bundle.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// Creates a view controller with no nib.
  public override convenience init() {
    self.init(nibName: nil, bundle: nil)
  }

  /// Unavailable here: there are no archives to decode view controllers from.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// The view that the controller manages; loaded (and `viewDidLoad()` called) on first access.
  open var view: UIView! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set { loadedView = newValue }
  }

  /// A Boolean value indicating whether the view is currently loaded into memory.
  open var isViewLoaded: Bool { loadedView != nil }

  /// Creates the view that the controller manages.
  open func loadView() {
    loadedView = UIView()
  }

  /// Loads the view controller's view if it has not yet been loaded.
  open func loadViewIfNeeded() {
    guard loadedView == nil else { return }
    loadView()
    viewDidLoad()
  }

  /// Called after the controller's view is loaded into memory.
  open func viewDidLoad() {}

  /// Notifies the view controller that its view is about to be added to a view hierarchy.
  open func viewWillAppear(_ animated: Bool) {}

  /// Notifies the view controller that its view was added to a view hierarchy.
  open func viewDidAppear(_ animated: Bool) {}

  /// Notifies the view controller that its view is about to be removed from a view hierarchy.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Notifies the view controller that its view was removed from a view hierarchy.
  open func viewDidDisappear(_ animated: Bool) {}

  private var appearing: Bool?

  /// Tells a child controller its appearance is about to change; calls `viewWillAppear(_:)` or
  /// `viewWillDisappear(_:)`.
  open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    loadViewIfNeeded()
    appearing = isAppearing
    if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
  }

  /// Tells a child controller its appearance has changed; calls `viewDidAppear(_:)` or
  /// `viewDidDisappear(_:)`.
  open func endAppearanceTransition() {
    guard let appearing else { return }
    self.appearing = nil
    if appearing { viewDidAppear(false) } else { viewDidDisappear(false) }
  }
}
