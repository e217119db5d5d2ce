/// A namespace for types that serve as subscribers.
public enum Subscribers {}

extension Subscribers {
  /// A requested number of items, sent to a publisher from a subscriber through the subscription.
  @frozen
  public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible,
    Sendable
  {
    // `unlimitedRaw` marks unlimited; finite demands never exceed `Int.max`.
    @usableFromInline let rawValue: UInt
    @usableFromInline static let unlimitedRaw = UInt(Int.max) + 1

    @inlinable init(rawValue: UInt) {
      self.rawValue = Swift.min(rawValue, Demand.unlimitedRaw)
    }

    /// A request for as many values as the publisher can produce.
    public static let unlimited = Demand(rawValue: unlimitedRaw)

    /// A request for no elements from the publisher.
    public static let none = Demand(rawValue: 0)

    /// Creates a demand for the given maximum number of elements.
    @inlinable public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The number of requested values, or `nil` if unlimited.
    @inlinable public var max: Int? {
      rawValue == Demand.unlimitedRaw ? nil : Int(rawValue)
    }

    /// A textual representation of the demand.
    public var description: String {
      self == .unlimited ? "unlimited" : "max(\(rawValue))"
    }

    /// Adds two demands; anything added to `unlimited` stays unlimited.
    @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited || rhs == .unlimited { return .unlimited }
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow ? .unlimited : Demand(rawValue: sum)
    }

    /// Adds a number of elements to a demand.
    @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? lhs + .max(rhs) : lhs - .max(-rhs)
    }

    /// Subtracts one demand from another; `unlimited` minus a finite demand stays unlimited, and
    /// the result never goes below zero.
    @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited { return rhs == .unlimited ? .none : .unlimited }
      if rhs == .unlimited { return .none }
      return lhs.rawValue >= rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
    }

    /// Subtracts a number of elements from a demand.
    @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? lhs - .max(rhs) : lhs + .max(-rhs)
    }

    /// Multiplies a demand by a number of elements.
    @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
      precondition(rhs >= 0, "demand cannot be negative")
      if lhs == .unlimited { return rhs == 0 ? .none : .unlimited }
      let (product, overflow) = lhs.rawValue.multipliedReportingOverflow(by: UInt(rhs))
      return overflow ? .unlimited : Demand(rawValue: product)
    }

    /// Adds a demand in place.
    @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    /// Adds a number of elements in place.
    @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
    /// Subtracts a demand in place.
    @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
    /// Subtracts a number of elements in place.
    @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
    /// Multiplies in place.
    @inlinable public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// Orders demands; `unlimited` is greater than every finite demand.
    @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// Compares a demand with a number of elements.
    @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool {
      lhs.max == rhs
    }
    /// Compares a demand with a number of elements.
    @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
    /// Compares a demand with a number of elements.
    @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool {
      guard let max = lhs.max else { return false }
      return max < rhs
    }
    /// Compares a demand with a number of elements.
    @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool {
      guard let max = lhs.max else { return true }
      return max > rhs
    }
    /// Compares a demand with a number of elements.
    @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { !(lhs > rhs) }
    /// Compares a demand with a number of elements.
    @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { !(lhs < rhs) }
    /// Compares a number of elements with a demand.
    @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
    /// Compares a number of elements with a demand.
    @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
    /// Compares a number of elements with a demand.
    @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
    /// Compares a number of elements with a demand.
    @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
    /// Compares a number of elements with a demand.
    @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
    /// Compares a number of elements with a demand.
    @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
  }

  /// A signal that a publisher doesn't produce additional elements, either due to normal
  /// completion or an error.
  @frozen
  public enum Completion<Failure: Error> {
    /// The publisher finished normally.
    case finished
    /// The publisher stopped publishing due to the indicated error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable {}
