#if canImport(SwiftUI)
  import SwiftUI

  /// Builds content from two `ObservableValue`s, in AppleViewModel's shape: Registry's
  /// `ObserverBuilder(observable: first, second)` with the labels AppleViewModel gave them.
  ///
  /// ```swift
  /// ObserverBuilder2(observable1: theme, observable2: theme) { theme, again in
  ///   Text(theme.name + again.name)
  /// }
  /// ```
  @MainActor
  public struct ObserverBuilder2<T1, T2, Content: View>: View {
    private let builder: ObserverBuilder<T1, T2, Content>

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
      builder = ObserverBuilder(observable: observable1, observable2, content: content)
    }

    /// The content for the current values.
    public var body: some View { builder }
  }

  /// Builds content from three `ObservableValue`s, in AppleViewModel's shape.
  ///
  /// ```swift
  /// ObserverBuilder3(
  ///   observable1: a, observable2: b, observable3: c
  /// ) { a, b, c in
  ///   Text("\(a) \(b) \(c)")
  /// }
  /// ```
  @MainActor
  public struct ObserverBuilder3<T1, T2, T3, Content: View>: View {
    private let builder: ObserverBuilder<T1, T2, T3, Content>

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
      builder = ObserverBuilder(
        observable: observable1, observable2, observable3, content: content)
    }

    /// The content for the current values.
    public var body: some View { builder }
  }
#endif
