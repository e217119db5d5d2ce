import Registry

#if canImport(SwiftUI)
  import SwiftUI

  extension WatchViewModel {
    /// Creates the wrapper for a ``ViewModelFactory`` you wrote; a `ViewModelSpec` uses
    /// Registry's `init(_:)`. Nothing is resolved until the view reads the value.
    ///
    /// A keyed factory keeps its instance while the key stays the same; an unkeyed one keeps
    /// one instance per view and factory type.
    ///
    /// ```swift
    /// final class CounterFactory: ViewModelFactory {
    ///   func build() -> CounterViewModel { CounterViewModel() }
    /// }
    ///
    /// struct CounterScreen: View {
    ///   @WatchViewModel(CounterFactory()) var counter
    ///   var body: some View { Text("\(counter.count)") }
    /// }
    /// ```
    ///
    /// - Parameter factory: The view model to show.
    public init(_ factory: any ViewModelFactory<VM>) {
      self.init(factory.spec)
    }
  }

  extension ReadViewModel {
    /// Creates the wrapper for a ``ViewModelFactory`` you wrote; a `ViewModelSpec` uses
    /// Registry's `init(_:)`.
    ///
    /// ```swift
    /// final class AnalyticsFactory: ViewModelFactory {
    ///   func build() -> AnalyticsViewModel { AnalyticsViewModel() }
    ///   func key() -> AnyHashable? { "analytics" }
    /// }
    ///
    /// struct ShareButton: View {
    ///   @ReadViewModel(AnalyticsFactory()) var analytics
    ///   var body: some View { Button("Share") { analytics.track("share") } }
    /// }
    /// ```
    ///
    /// - Parameter factory: The view model to hold.
    public init(_ factory: any ViewModelFactory<VM>) {
      self.init(factory.spec)
    }
  }
#endif
