import Observation

extension ViewModel: Observable {
  /// Records a read of this view model for Observation, so the surrounding
  /// `withObservationTracking` (or SwiftUI body) is told about the next change.
  ///
  /// ``StateViewModel/state`` calls it for you. Call it from the getters of a plain view model's
  /// properties to make them observable without the `@Observable` macro.
  ///
  /// ```swift
  /// final class CounterViewModel: ViewModel {
  ///   private var storage = 0
  ///   var count: Int {
  ///     accessForObservation()
  ///     return storage
  ///   }
  ///   func increment() { update { storage += 1 } }
  /// }
  /// ```
  public final func accessForObservation() {
    isObserved = true
    observation.access(self, keyPath: \.changeToken)
  }
}
