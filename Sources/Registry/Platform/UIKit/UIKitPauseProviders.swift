#if canImport(UIKit)
  import UIKit

  /// Pauses its bindings while the app is in the background; resumes them (one refresh if
  /// something changed) when it returns to the foreground.
  ///
  /// ```swift
  /// viewModelBinding.addPauseProvider(AppPauseProvider.shared)
  /// ```
  @MainActor
  public final class AppPauseProvider: BasePauseProvider {
    /// One provider for the whole app.
    public static let shared = AppPauseProvider()

    // Written only in init; read in deinit, which is not isolated.
    nonisolated(unsafe) private var tokens: [any NSObjectProtocol] = []

    /// Creates a provider that follows the application's state.
    public override init() {
      super.init()
      if UIApplication.shared.applicationState == .background { pause() }
      let center = NotificationCenter.default
      tokens.append(
        center.addObserver(
          forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { [weak self] _ in
          MainActor.assumeIsolated { self?.pause() }
        })
      tokens.append(
        center.addObserver(
          forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { [weak self] _ in
          MainActor.assumeIsolated { self?.resume() }
        })
    }

    deinit {
      for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
  }

  /// Pauses its bindings while a view controller is off screen.
  ///
  /// Forward the controller's appearance calls to it; no method swizzling is involved.
  ///
  /// ```swift
  /// let visibility = ViewControllerVisibilityPauseProvider()
  /// override func viewDidLoad() { viewModelBinding.addPauseProvider(visibility) }
  /// override func viewWillAppear(_ animated: Bool) { visibility.viewWillAppear() }
  /// override func viewDidDisappear(_ animated: Bool) { visibility.viewDidDisappear() }
  /// ```
  @MainActor
  public final class ViewControllerVisibilityPauseProvider: BasePauseProvider {
    /// Resumes refreshes; call from `viewWillAppear(_:)`.
    public func viewWillAppear() { resume() }

    /// Pauses refreshes; call from `viewDidDisappear(_:)`.
    public func viewDidDisappear() { pause() }
  }
#endif
