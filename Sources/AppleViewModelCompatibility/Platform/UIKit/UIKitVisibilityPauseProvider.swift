import Registry

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// AppleViewModel's name for the pause provider a view controller drives by hand: call
  /// `pause()` when it disappears and `resume()` when it appears again. The same as
  /// `ViewControllerVisibilityPauseProvider`, whose `viewWillAppear()` and
  /// `viewDidDisappear()` do the same.
  ///
  /// ```swift
  /// final class FeedController: UIViewController {
  ///   private let visibility = UIKitVisibilityPauseProvider()
  ///   override func viewDidLoad() {
  ///     super.viewDidLoad()
  ///     viewModelBinding.addPauseProvider(visibility)
  ///   }
  ///   override func viewWillAppear(_ animated: Bool) {
  ///     super.viewWillAppear(animated)
  ///     visibility.resume()
  ///   }
  ///   override func viewWillDisappear(_ animated: Bool) {
  ///     super.viewWillDisappear(animated)
  ///     visibility.pause()
  ///   }
  /// }
  /// ```
  public typealias UIKitVisibilityPauseProvider = ViewControllerVisibilityPauseProvider
#endif
