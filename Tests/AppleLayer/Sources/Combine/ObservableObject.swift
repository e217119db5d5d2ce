import Foundation

/// A type of object with a publisher that emits before the object has changed.
public protocol ObservableObject: AnyObject {
  /// The type of publisher that emits before the object has changed.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where Self.ObjectWillChangePublisher.Failure == Never

  /// A publisher that emits before the object has changed.
  var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The publisher the object's `@Published` properties send to before they change.
  ///
  /// Like Combine's synthesized one: the `@Published` properties are found by reflection, along
  /// the whole superclass chain, and one publisher is installed into all of them on first
  /// access. An object with no `@Published` property gets a new publisher on every access, so
  /// nothing sent through it reaches anyone.
  public var objectWillChange: ObservableObjectPublisher {
    var installable: [any PublishedStorage] = []
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror {
      for child in current.children {
        if let storage = child.value as? any PublishedStorage { installable.append(storage) }
      }
      mirror = current.superclassMirror
    }
    guard !installable.isEmpty else { return ObservableObjectPublisher() }
    publishedInstallLock.lock()
    defer { publishedInstallLock.unlock() }
    let publisher =
      installable.lazy.compactMap { $0.installedPublisher }.first ?? ObservableObjectPublisher()
    for storage in installable { storage.install(publisher) }
    return publisher
  }
}

/// Guards installation of the shared `objectWillChange` publisher into `@Published` storage.
let publishedInstallLock = NSRecursiveLock()

/// A publisher that publishes changes from observable objects.
final public class ObservableObjectPublisher: Publisher {
  /// The kind of values published by this publisher.
  public typealias Output = Void
  /// The kind of errors this publisher might publish.
  public typealias Failure = Never

  private let subject = PassthroughSubject<Void, Never>()

  /// Creates an observable object publisher instance.
  public init() {}

  /// Attaches a subscriber.
  final public func receive<S>(subscriber: S)
  where S: Subscriber, S.Failure == Never, S.Input == () {
    subject.receive(subscriber: subscriber)
  }

  /// Sends the changed value to the downstream subscriber.
  final public func send() {
    subject.send(())
  }
}
