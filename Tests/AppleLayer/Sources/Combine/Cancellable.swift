import Foundation

/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
  /// Cancel the activity.
  func cancel()
}

extension Cancellable {
  /// Stores this cancellable instance in the specified collection.
  public func store<C>(in collection: inout C)
  where C: RangeReplaceableCollection, C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }

  /// Stores this cancellable instance in the specified set.
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }
}

/// A type-erasing cancellable object that executes a provided closure when canceled; it cancels
/// automatically when deinitialized.
final public class AnyCancellable: Cancellable, Hashable {
  private let lock = NSLock()
  private var cancelBlock: (() -> Void)?

  /// Initializes the cancellable object with the given cancel-time closure.
  public init(_ cancel: @escaping () -> Void) {
    cancelBlock = cancel
  }

  /// Initializes the cancellable object with the given cancellable.
  public init<C>(_ canceller: C) where C: Cancellable {
    if let erased = canceller as? AnyCancellable {
      cancelBlock = { erased.cancel() }
    } else {
      cancelBlock = canceller.cancel
    }
  }

  deinit { cancel() }

  /// Cancels the activity, once; later calls do nothing.
  final public func cancel() {
    lock.lock()
    let block = cancelBlock
    cancelBlock = nil
    lock.unlock()
    block?()
  }

  /// Stores this type-erasing cancellable instance in the specified collection.
  final public func store<C>(in collection: inout C)
  where C: RangeReplaceableCollection, C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Stores this type-erasing cancellable instance in the specified set.
  final public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Compares by identity.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

  /// Hashes the identity.
  final public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
