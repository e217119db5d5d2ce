import Foundation

/// What `ObservableObject`'s synthesized `objectWillChange` finds by reflection.
protocol PublishedStorage {
  var installedPublisher: ObservableObjectPublisher? { get }
  func install(_ publisher: ObservableObjectPublisher)
}

/// The reference every copy of a `Published` value shares: the value, the `$` subject, and the
/// enclosing object's `objectWillChange` once installed.
final class PublishedBox<Value> {
  var value: Value
  let subject: CurrentValueSubject<Value, Never>
  var objectWillChange: ObservableObjectPublisher?

  init(_ value: Value) {
    self.value = value
    subject = CurrentValueSubject(value)
  }
}

/// A type that publishes a property marked with an attribute.
@propertyWrapper
public struct Published<Value> {
  var box: PublishedBox<Value>

  /// Creates the published instance with an initial wrapped value.
  public init(wrappedValue: Value) {
    box = PublishedBox(wrappedValue)
  }

  /// Creates the published instance with an initial value.
  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }

  /// Unavailable: `@Published` works only on properties of classes.
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }

  /// A publisher for properties marked with the `@Published` attribute.
  public struct Publisher: Combine.Publisher {
    /// The kind of values published by this publisher.
    public typealias Output = Value
    /// The kind of errors this publisher might publish.
    public typealias Failure = Never

    let box: PublishedBox<Value>

    /// Attaches a subscriber: it gets the current value, then every new value as it is about to
    /// be set.
    public func receive<S>(subscriber: S)
    where Value == S.Input, S: Subscriber, S.Failure == Never {
      box.subject.receive(subscriber: subscriber)
    }
  }

  /// The property for which this instance exposes a publisher.
  public var projectedValue: Published<Value>.Publisher {
    mutating get { Publisher(box: box) }
    set { box = newValue.box }
  }

  /// Reads and writes the value through the enclosing object: a write first sends the
  /// installed `objectWillChange`, then the `$` publisher's new value, then stores it.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].box.value }
    set {
      let box = object[keyPath: storageKeyPath].box
      publishedInstallLock.lock()
      let publisher = box.objectWillChange
      publishedInstallLock.unlock()
      publisher?.send()
      box.subject.send(newValue)
      box.value = newValue
    }
  }
}

extension Published: PublishedStorage {
  var installedPublisher: ObservableObjectPublisher? { box.objectWillChange }

  func install(_ publisher: ObservableObjectPublisher) {
    box.objectWillChange = publisher
  }
}
