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
  ///
  /// Reads made while the registry builds a view model (in a builder or `onCreate`) are not
  /// recorded: what a builder reads must not become a dependency of the view that asked for it.
  public final func accessForObservation() {
    guard !ObservationGate.isSuspended else { return }
    isObserved = true
    observation.access(self, keyPath: \.changeToken)
  }
}

/// Turns off the recording of Observation reads of the registry's own observable types while a
/// view model is being built: a builder or `onCreate` that runs inside a SwiftUI body (a view
/// model built on first read) must not make what it reads a dependency of that view.
///
/// Observation has no public way to read untracked, so this covers view models, hosts and
/// selections; properties of `@Observable` classes read in a builder are still recorded.
@MainActor
enum ObservationGate {
  /// How many suspensions are in force: observation is suspended while it is above zero.
  private static var suspensions = 0

  static var isSuspended: Bool { suspensions > 0 }

  /// Turns recording off until the matching ``resume()``.
  static func suspend() { suspensions += 1 }

  static func resume() { suspensions -= 1 }

  static func suspended<R>(_ body: () throws -> R) rethrows -> R {
    suspend()
    defer { resume() }
    return try body()
  }
}
