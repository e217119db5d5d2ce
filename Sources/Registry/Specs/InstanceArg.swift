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
  /// The key the instance is shared under, or `nil` for a private instance.
  public let key: AnyHashable?
  /// The tag given by the spec, if any.
  public let tag: AnyHashable?
  /// Whether the instance stays alive without holders.
  public let aliveForever: Bool
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
    self.key = key
    self.tag = tag
    self.aliveForever = aliveForever
    self.bindingId = bindingId
  }

  func with(bindingId: String?) -> InstanceArg {
    InstanceArg(key: key, tag: tag, aliveForever: aliveForever, bindingId: bindingId)
  }
}
