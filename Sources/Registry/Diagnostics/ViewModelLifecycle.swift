/// Hears every instance's create, bind, unbind and dispose in a registry.
///
/// Every method has an empty default, so implement only what you need. An observer that throws
/// never stops the others or the registry; its error goes to ``ViewModelConfig/onError``.
///
/// > Important: A method whose name, labels or parameter types differ from a requirement's is
/// > not a requirement: it compiles and is never called. Every requirement may `throw`, so
/// > adding `throws` is safe; an `async` method or a misspelled label is not.
///
/// Order: `create` is told before the instance's `onCreate`, so an instance comes before the
/// dependencies it resolves there; `bind` and `unbind` are told after the instance's own
/// `onBind` and `onUnbind`; `dispose` is told as disposal starts, so a dependent comes before
/// the dependencies its binding then releases.
///
/// ```swift
/// final class Analytics: ViewModelLifecycle {
///   func onCreate(_ event: LifecycleEvent) throws {
///     track("open \(event.typeName)")
///   }
/// }
/// registry.addLifecycle(Analytics())
/// ```
@MainActor
public protocol ViewModelLifecycle: AnyObject {
  /// An instance was built; `event.bindingId` is the binding that asked for it.
  func onCreate(_ event: LifecycleEvent) throws
  /// A binding started holding an instance.
  func onBind(_ event: LifecycleEvent) throws
  /// A binding stopped holding an instance.
  func onUnbind(_ event: LifecycleEvent) throws
  /// An instance was disposed.
  func onDispose(_ event: LifecycleEvent) throws
}

extension ViewModelLifecycle {
  /// Does nothing.
  public func onCreate(_ event: LifecycleEvent) throws {}
  /// Does nothing.
  public func onBind(_ event: LifecycleEvent) throws {}
  /// Does nothing.
  public func onUnbind(_ event: LifecycleEvent) throws {}
  /// Does nothing.
  public func onDispose(_ event: LifecycleEvent) throws {}
}

/// One lifecycle event: what happened, to which instance, through which binding.
///
/// ```swift
/// print(event)  // "bind UserViewModel(key: \"u1\") binding#3"
/// ```
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: String, Hashable, Sendable {
    /// Built.
    case create
    /// A binding started holding it.
    case bind
    /// A binding stopped holding it.
    case unbind
    /// Disposed.
    case dispose
  }

  /// What happened.
  public let kind: Kind
  /// The instance's type name.
  public let typeName: String
  /// The instance's key, as it reads in messages, or `nil` for a private instance.
  public let key: String?
  /// The instance's tag, as it reads in messages, or `nil`.
  public let tag: String?
  /// The binding involved: the requester for `create`, the holder for `bind` and `unbind`.
  public let bindingId: String?
  /// The name of the registry it happened in.
  public let registry: String
  /// The instance's build number in its registry, the same as ``InstanceSnapshot/id``: matches
  /// a `create` with its `dispose`.
  public let instanceID: UInt64
  /// Whether the instance is a service (built by a ``ServiceSpec``) rather than a view model.
  public let isService: Bool

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - typeName: The instance's type name.
  ///   - key: The instance's key as text.
  ///   - tag: The instance's tag as text.
  ///   - bindingId: The binding involved.
  ///   - registry: The registry's name.
  ///   - instanceID: The instance's build number.
  ///   - isService: Whether the instance is a service.
  public init(
    kind: Kind, typeName: String, key: String?, tag: String? = nil, bindingId: String?,
    registry: String, instanceID: UInt64 = 0, isService: Bool = false
  ) {
    self.instanceID = instanceID
    self.isService = isService
    self.kind = kind
    self.typeName = typeName
    self.key = key
    self.tag = tag
    self.bindingId = bindingId
    self.registry = registry
  }

  /// `Type(key: …)` or `Type(private)`, as messages and snapshots name instances.
  public var name: String {
    key.map { "\(typeName)(key: \($0))" } ?? "\(typeName)(private)"
  }

  /// `kind Type(key: …) binding`, for logs.
  public var description: String {
    [kind.rawValue, name, bindingId].compactMap { $0 }.joined(separator: " ")
  }
}
