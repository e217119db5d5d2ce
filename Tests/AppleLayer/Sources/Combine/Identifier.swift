import Foundation

/// A unique identifier for identifying publisher streams.
///
/// Not `Sendable`, as in Combine (whose interface declares it `Hashable` and
/// `CustomStringConvertible` only).
public struct CombineIdentifier: Hashable, CustomStringConvertible {
  private let rawValue: UInt64

  private static let lock = NSLock()
  nonisolated(unsafe) private static var next: UInt64 = 0

  /// Creates a unique identifier.
  public init() {
    CombineIdentifier.lock.lock()
    CombineIdentifier.next += 1
    rawValue = CombineIdentifier.next
    CombineIdentifier.lock.unlock()
  }

  /// Creates an identifier from an object's identity.
  public init(_ obj: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj).hashValue)) | (1 << 63)
  }

  /// A textual representation of the identifier.
  public var description: String { "0x\(String(rawValue, radix: 16))" }
}

/// A protocol for uniquely identifying publisher streams.
public protocol CustomCombineIdentifierConvertible {
  /// A unique identifier for publisher streams.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// A unique identifier derived from the object's identity.
  public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
