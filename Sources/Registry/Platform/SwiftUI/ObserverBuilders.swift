#if canImport(SwiftUI)
  import SwiftUI

  /// Builds content from two ``ObservableValue``s, redrawing when either changes.
  ///
  /// ```swift
  /// ObserverBuilder2(observable1: theme, observable2: theme) { theme, again in
  ///   Text(theme.name + again.name)
  /// }
  /// ```
  @MainActor
  public struct ObserverBuilder2<T1, T2, Content: View>: View {
    private let observable1: ObservableValue<T1>
    private let observable2: ObservableValue<T2>
    private let content: (T1, T2) -> Content

    /// Creates an observer of two values.
    ///
    /// - Parameters:
    ///   - observable1: The first value to follow.
    ///   - observable2: The second value to follow.
    ///   - content: The content for the current values.
    public init(
      observable1: ObservableValue<T1>, observable2: ObservableValue<T2>,
      @ViewBuilder content: @escaping (T1, T2) -> Content
    ) {
      self.observable1 = observable1
      self.observable2 = observable2
      self.content = content
    }

    /// The content for the current values; reading them registers the dependencies.
    public var body: some View { content(observable1.value, observable2.value) }
  }

  /// Builds content from three ``ObservableValue``s, redrawing when any of them changes.
  ///
  /// ```swift
  /// ObserverBuilder3(
  ///   observable1: theme, observable2: theme, observable3: theme
  /// ) { a, b, c in
  ///   Text(a.name + b.name + c.name)
  /// }
  /// ```
  @MainActor
  public struct ObserverBuilder3<T1, T2, T3, Content: View>: View {
    private let observable1: ObservableValue<T1>
    private let observable2: ObservableValue<T2>
    private let observable3: ObservableValue<T3>
    private let content: (T1, T2, T3) -> Content

    /// Creates an observer of three values.
    ///
    /// - Parameters:
    ///   - observable1: The first value to follow.
    ///   - observable2: The second value to follow.
    ///   - observable3: The third value to follow.
    ///   - content: The content for the current values.
    public init(
      observable1: ObservableValue<T1>, observable2: ObservableValue<T2>,
      observable3: ObservableValue<T3>, @ViewBuilder content: @escaping (T1, T2, T3) -> Content
    ) {
      self.observable1 = observable1
      self.observable2 = observable2
      self.observable3 = observable3
      self.content = content
    }

    /// The content for the current values; reading them registers the dependencies.
    public var body: some View {
      content(observable1.value, observable2.value, observable3.value)
    }
  }
#endif
