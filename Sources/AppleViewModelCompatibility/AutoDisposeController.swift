import Registry

/// A list of cleanup blocks run once, in the order they were added: a small helper for objects
/// that are not view models but need `ViewModel.addDispose(_:)`'s behaviour.
///
/// ```swift
/// let cleanup = AutoDisposeController()
/// cleanup.addDispose { socket.close() }
/// cleanup.addDispose { timer.invalidate() }
/// cleanup.dispose()  // closes, then invalidates
/// ```
@MainActor
public final class AutoDisposeController {
  private var blocks: [() -> Void] = []

  /// Whether ``dispose()`` has run.
  ///
  /// ```swift
  /// if !cleanup.isDisposed { cleanup.dispose() }
  /// ```
  public private(set) var isDisposed = false

  /// Creates an empty controller.
  ///
  /// ```swift
  /// let cleanup = AutoDisposeController()
  /// ```
  public init() {}

  /// Adds a block to run at ``dispose()``; once disposed, runs it at once.
  ///
  /// AppleViewModel drops blocks added after dispose; running them is what
  /// `ViewModel.addDispose(_:)` does, and it releases what the block guards.
  ///
  /// ```swift
  /// cleanup.addDispose { observer.cancel() }
  /// ```
  ///
  /// - Parameter block: The cleanup.
  public func addDispose(_ block: @escaping () -> Void) {
    if isDisposed {
      block()
    } else {
      blocks.append(block)
    }
  }

  /// Runs the blocks in the order they were added, then forgets them. Calling it again does
  /// nothing.
  ///
  /// ```swift
  /// cleanup.dispose()
  /// ```
  public func dispose() {
    guard !isDisposed else { return }
    isDisposed = true
    let blocks = self.blocks
    self.blocks.removeAll()
    for block in blocks { block() }
  }
}
