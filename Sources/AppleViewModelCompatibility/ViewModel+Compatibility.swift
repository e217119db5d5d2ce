import Registry

extension ViewModel {
  /// What the instance was built with: its key, tag and lifetime, and the id of the binding
  /// whose resolution built it. An empty ``InstanceArg`` for an instance created by hand.
  ///
  /// ```swift
  /// let feedSpec = ViewModelSpec(key: "feed", tag: "home") { FeedViewModel() }
  /// let feed = binding.watch(feedSpec)
  /// feed.instanceArg.key        // "feed"
  /// feed.instanceArg.bindingId  // binding.id
  /// ```
  ///
  /// A private (unkeyed) instance has a `nil` key. AppleViewModel gives it the building
  /// binding's private key instead.
  public var instanceArg: InstanceArg { creationArg ?? InstanceArg() }

  /// Runs the async `block`, then notifies once; when `block` throws, nothing is notified.
  /// When the view model was disposed while `block` was suspended (its screen closed during a
  /// request), nothing is notified either, and nothing is reported: that is not a mistake.
  ///
  /// A `block` without `await` picks the synchronous `ViewModel.update(_:)`.
  ///
  /// ```swift
  /// func refresh() async {
  ///   await update { items = await api.items() }
  /// }
  /// ```
  ///
  /// - Parameter block: The mutation to make; it may suspend.
  /// - Throws: What `block` throws.
  public func update(_ block: () async throws -> Void) async rethrows {
    let wasDisposed = isDisposed
    try await block()
    // Disposed during the await: not the caller's mistake, so nothing to report.
    if isDisposed, !wasDisposed { return }
    notifyListeners()
  }
}

extension ViewModel: InstanceLifeCycle {}
