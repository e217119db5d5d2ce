/// What an instance was built with, handed to its lifecycle hooks.
///
/// `key`, `tag` and `aliveForever` come from the spec that built the instance (after any proxy).
/// `bindingId` is the binding the hook is about: the one that caused the build in
/// ``ViewModel/onCreate(_:)``, the one that started or stopped holding it in
/// ``ViewModel/onBind(_:bindingId:)`` and ``ViewModel/onUnbind(_:bindingId:)``, and `nil` in
/// ``ViewModel/onDispose(_:)``.
///
/// ```swift
/// override func onCreate(_ arg: InstanceArg) {
///   print("built \(arg.key ?? "private") for \(arg.bindingId ?? "?")")
/// }
/// ```
public struct InstanceArg: Hashable {

  let values: Values

  /// The key the instance is shared under, or `nil` for a private instance.
  public var key: AnyHashable? { values.key }
  /// The tag given by the spec, if any.
  public var tag: AnyHashable? { values.tag }
  /// Whether the instance stays alive without holders.
  public var aliveForever: Bool { values.aliveForever }
  /// The binding this event is about, if any.
  public let bindingId: String?

  /// Creates an argument value.
  ///
  /// - Parameters:
  ///   - key: The shared key, or `nil`.
  ///   - tag: The tag, or `nil`.
  ///   - aliveForever: Whether the instance outlives its holders.
  ///   - bindingId: The binding the event is about.
  public init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, aliveForever: Bool = false,
    bindingId: String? = nil
  ) {
    self.init(
      values: Values(
        key: key, tag: tag, aliveForever: aliveForever, releasePolicy: nil,
        instanceType: Values.noInstanceType),
      bindingId: bindingId)
  }

  init(values: Values, bindingId: String?) {
    self.values = values
    self.bindingId = bindingId
  }

  /// The same values about another binding; allocates nothing.
  func with(bindingId: String?) -> InstanceArg {
    InstanceArg(values: values, bindingId: bindingId)
  }

  public static func == (lhs: InstanceArg, rhs: InstanceArg) -> Bool {
    guard lhs.bindingId == rhs.bindingId else { return false }
    if lhs.values === rhs.values { return true }
    return lhs.key == rhs.key && lhs.tag == rhs.tag && lhs.aliveForever == rhs.aliveForever
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(tag)
    hasher.combine(aliveForever)
    hasher.combine(bindingId)
  }
}
