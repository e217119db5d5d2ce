import Registry

extension InstanceArg {
  /// Creates an argument value with AppleViewModel's argument order.
  ///
  /// ```swift
  /// let arg = InstanceArg(
  ///   key: "feed", tag: "home", bindingId: "Screen#1", aliveForever: false)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The shared key, or `nil`.
  ///   - tag: The tag, or `nil`.
  ///   - bindingId: The binding the event is about.
  ///   - aliveForever: Whether the instance outlives its holders.
  public init(
    key: AnyHashable? = nil, tag: AnyHashable? = nil, bindingId: String?, aliveForever: Bool
  ) {
    self.init(key: key, tag: tag, aliveForever: aliveForever, bindingId: bindingId)
  }

  /// A copy with some fields replaced.
  ///
  /// An argument left out keeps its value — and so does a bare `nil`, which Swift reads as
  /// "left out" for these double optionals. Pass `.some(nil)` to clear a field.
  ///
  /// ```swift
  /// let moved = arg.copy(bindingId: "Other#2")
  /// let unkeyed = arg.copy(key: .some(nil))
  /// arg.copy(key: nil) == arg  // true: nil keeps the key
  /// ```
  ///
  /// - Parameters:
  ///   - key: The new key; `.some(nil)` clears it.
  ///   - tag: The new tag; `.some(nil)` clears it.
  ///   - bindingId: The new binding id; `.some(nil)` clears it.
  ///   - aliveForever: The new lifetime.
  /// - Returns: The copy.
  public func copy(
    key: AnyHashable?? = nil, tag: AnyHashable?? = nil, bindingId: String?? = nil,
    aliveForever: Bool? = nil
  ) -> InstanceArg {
    InstanceArg(
      key: key ?? self.key, tag: tag ?? self.tag, aliveForever: aliveForever ?? self.aliveForever,
      bindingId: bindingId ?? self.bindingId)
  }
}
