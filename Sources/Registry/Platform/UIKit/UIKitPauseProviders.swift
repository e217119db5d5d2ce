#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// Pauses its bindings while the app is in the background; resumes them (one refresh if
  /// something changed) when it returns to the foreground.
  ///
  /// ```swift
  /// viewModelBinding.addPauseProvider(AppPauseProvider.shared)
  /// ```
  @available(iOSApplicationExtension, unavailable)
  @available(macCatalystApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @MainActor
  public final class AppPauseProvider: BasePauseProvider {
    /// One provider for the whole app.
    public static let shared = AppPauseProvider()

    // Written only in init; read in deinit, which is not isolated.
    nonisolated(unsafe) private var tokens: [any NSObjectProtocol] = []

    /// Creates a provider that follows the application's state.
    ///
    /// A new initializer rather than an override: the inherited `init()` is not isolated, and
    /// reading the application's state needs the main actor.
    ///
    /// - Parameter application: The application to follow.
    public init(application: UIApplication = .shared) {
      super.init()
      if application.applicationState == .background { pause() }
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
  /// override func viewDidLoad() {
  ///   viewModelBinding.addPauseProvider(visibility)
  /// }
  /// override func viewWillAppear(_ animated: Bool) {
  ///   visibility.viewWillAppear()
  /// }
  /// override func viewDidDisappear(_ animated: Bool) {
  ///   visibility.viewDidDisappear()
  /// }
  /// ```
  @MainActor
  public final class ViewControllerVisibilityPauseProvider: BasePauseProvider {
    /// Resumes refreshes; call from `viewWillAppear(_:)`.
    public func viewWillAppear() { resume() }

    /// Pauses refreshes; call from `viewDidDisappear(_:)`.
    public func viewDidDisappear() { pause() }
  }
#endif
