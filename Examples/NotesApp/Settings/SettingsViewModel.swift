import Registry

/// The settings screen's model. SettingsFeature depends on nothing but Registry: it neither
/// knows nor needs the session or the notes.
///
/// ```swift
/// let settings = host.require(settingsSpec)
/// settings.toggleTheme()
/// ```
public final class SettingsViewModel: StateViewModel<AppSettings> {
  init() {
    super.init(state: AppSettings())
  }

  /// Switches between the light and the dark theme.
  ///
  /// ```swift
  /// settings.toggleTheme()  // light -> dark
  /// ```
  public func toggleTheme() {
    var next = state
    next.theme = next.theme == .light ? .dark : .light
    setState(next)
  }

  /// Sets the body text size; the same size again notifies nobody.
  ///
  /// ```swift
  /// settings.setTextSize(16)
  /// ```
  ///
  /// - Parameter size: The new size, in points.
  public func setTextSize(_ size: Int) {
    var next = state
    next.textSize = size
    setState(next)
  }
}
