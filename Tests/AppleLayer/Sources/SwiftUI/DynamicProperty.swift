/// An interface for a stored variable that updates an external property of a view.
public protocol DynamicProperty {
  /// Updates the underlying value of the stored value.
  mutating func update()
}

extension DynamicProperty {
  /// Does nothing by default.
  public mutating func update() {}
}

/// A property wrapper type that can read and write a value managed by SwiftUI.
///
/// The value lives in a location shared by copies of the wrapper. Until a `ViewRuntime` mounts
/// the view, the location holds the initial value; mounting binds it to the storage kept for
/// the view's identity, created from the first view value's initial value and reused for every
/// later view value at that identity (whose initial values are discarded).
@propertyWrapper
public struct State<Value>: DynamicProperty {
  let location: StateLocation<Value>

  /// Creates a state property that stores an initial value.
  ///
  /// The argument is evaluated every time the view value is created, as in SwiftUI; only the
  /// first one made for an identity is kept.
  public init(wrappedValue value: Value) {
    location = StateLocation(value)
  }

  /// Creates a state property that stores an initial value.
  public init(initialValue value: Value) {
    self.init(wrappedValue: value)
  }

  /// The underlying value referenced by the state variable.
  public var wrappedValue: Value {
    get { location.value }
    nonmutating set { location.value = newValue }
  }

  /// A binding to the state value.
  public var projectedValue: Binding<Value> {
    let location = self.location
    return Binding(get: { location.value }, set: { location.value = $0 })
  }
}

// The iOS 17 SDK makes `State`, `Binding` and `Environment` unavailable for `Sendable`, the
// iOS 18 SDK `Sendable` when their value is; the stricter of the two here.
@available(*, unavailable)
extension State: Sendable {}

extension State where Value: ExpressibleByNilLiteral {
  /// Creates a state property without an initial value.
  public init() {
    self.init(wrappedValue: nil)
  }
}

/// A property wrapper type that can read and write a value owned by a source of truth.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let getter: () -> Value
  private let setter: (Value) -> Void

  /// Creates a binding with closures that read and write the binding value.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    getter = get
    setter = set
  }

  /// Creates a binding with an immutable value.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  /// The underlying value referenced by the binding variable.
  public var wrappedValue: Value {
    get { getter() }
    nonmutating set { setter(newValue) }
  }

  /// A projection of the binding value that returns a binding.
  public var projectedValue: Binding<Value> { self }

  /// Returns a binding to the resulting value of a given key path.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    let getter = self.getter
    let setter = self.setter
    return Binding<Subject>(
      get: { getter()[keyPath: keyPath] },
      set: { newValue in
        var value = getter()
        value[keyPath: keyPath] = newValue
        setter(value)
      })
  }
}

extension Binding: DynamicProperty {}

@available(*, unavailable)
extension Binding: Sendable {}

/// A property wrapper type that instantiates an observable object.
///
/// The autoclosure is kept, not run: a `ViewRuntime` runs it once per view identity, when it
/// mounts the view, and subscribes the view to the object's `objectWillChange`.
@MainActor @propertyWrapper @preconcurrency
public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
  nonisolated(unsafe) let location: StateObjectLocation<ObjectType>

  /// Creates a new state object with an initial wrapped value.
  nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
    location = StateObjectLocation(thunk)
  }

  /// The underlying value referenced by the state object.
  @MainActor @preconcurrency public var wrappedValue: ObjectType { location.object }

  /// A projection of the state object that creates bindings to its properties.
  @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(root: wrappedValue)
  }
}

// A main-actor value type would be implicitly `Sendable`. The iOS 17 SDK makes `StateObject`,
// `ObservedObject` and its `Wrapper` unavailable for `Sendable`, the iOS 18 SDK `Sendable`; the
// stricter of the two here.
@available(*, unavailable)
extension StateObject: Sendable {}

/// A property wrapper type that subscribes to an observable object and invalidates a view
/// whenever the observable object changes.
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
  /// A wrapper of the underlying observable object that can create bindings to its properties.
  @MainActor @preconcurrency @dynamicMemberLookup @frozen
  public struct Wrapper {
    nonisolated(unsafe) let root: ObjectType

    nonisolated init(root: ObjectType) {
      self.root = root
    }

    /// Gets a binding to the value of a specified key path.
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
    ) -> Binding<Subject> {
      let root = self.root
      return Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
    }
  }

  nonisolated(unsafe) private var object: ObjectType

  /// The underlying value that the observed object references.
  @MainActor @preconcurrency public var wrappedValue: ObjectType {
    get { object }
    set { object = newValue }
  }

  /// Creates an observed object with an initial wrapped value.
  nonisolated public init(wrappedValue: ObjectType) {
    object = wrappedValue
  }

  /// Creates an observed object with an initial value.
  nonisolated public init(initialValue: ObjectType) {
    self.init(wrappedValue: initialValue)
  }

  /// A projection of the observed object that creates bindings to its properties.
  @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    Wrapper(root: wrappedValue)
  }
}

@available(*, unavailable)
extension ObservedObject: Sendable {}

@available(*, unavailable)
extension ObservedObject.Wrapper: Sendable {}

/// A key for accessing values in the environment.
public protocol EnvironmentKey {
  /// The associated type representing the type of the environment key's value.
  associatedtype Value

  /// The default value for the environment key.
  static var defaultValue: Self.Value { get }
}

/// A collection of environment values propagated through a view hierarchy.
public struct EnvironmentValues: CustomStringConvertible {
  private var values: [ObjectIdentifier: Any] = [:]
  private var names: [ObjectIdentifier: String] = [:]

  /// Creates an environment values instance.
  public init() {}

  /// Accesses the environment value associated with a custom key.
  public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
    get {
      guard let value = values[ObjectIdentifier(key)] else { return K.defaultValue }
      return value as! K.Value
    }
    set {
      values[ObjectIdentifier(key)] = newValue
      names[ObjectIdentifier(key)] = String(describing: key)
    }
  }

  /// A string that represents the contents of the environment values instance.
  public var description: String {
    "[" + names.values.sorted().joined(separator: ", ") + "]"
  }
}

@available(*, unavailable)
extension EnvironmentValues: Sendable {}

/// A property wrapper that reads a value from a view's environment.
///
/// A `ViewRuntime` gives it the environment of the view's position before each body evaluation;
/// read outside a mounted view it returns the key's default.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  let location: EnvironmentLocation<Value>

  /// Creates an environment property to read the specified key path.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    location = EnvironmentLocation(keyPath)
  }

  /// The current value of the environment property.
  public var wrappedValue: Value { location.value }
}

@available(*, unavailable)
extension Environment: Sendable {}
