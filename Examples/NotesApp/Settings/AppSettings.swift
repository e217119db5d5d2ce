/// The app's look: a theme and a text size.
///
/// ```swift
/// var settings = AppSettings()
/// settings.theme = .dark
/// ```
public struct AppSettings: Equatable, Sendable {
  /// A colour scheme.
  public enum Theme: String, Sendable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark
  }

  /// The current theme.
  public var theme: Theme
  /// The body text size, in points.
  public var textSize: Int

  /// Creates settings.
  ///
  /// ```swift
  /// let large = AppSettings(textSize: 20)
  /// ```
  ///
  /// - Parameters:
  ///   - theme: The theme; light by default.
  ///   - textSize: The body text size; 14 by default.
  public init(theme: Theme = .light, textSize: Int = 14) {
    self.theme = theme
    self.textSize = textSize
  }
}
