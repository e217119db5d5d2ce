import Foundation

/// What the AppleViewModel-compatible members keep per registry.
struct CompatibilityState {
  /// Scoped overrides (`overrideWith`, `runWithOverride`) per spec or family, by object.
  var overrides: [ObjectIdentifier: OverrideStack] = [:]
  /// Numbers the overrides, so that a restore closure removes exactly its own.
  var nextOverrideToken: UInt64 = 0
  /// Set while `ViewModel.reset()` runs: a reset from inside the teardown does nothing.
  var isResetting = false
}

/// A registry's configuration, readable from any thread: `ViewModel.config` and
/// `viewModelLog` are not isolated, as in AppleViewModel.
final class ConfigSnapshot: @unchecked Sendable {
  // @unchecked: `stored` is only read and written under `lock`.
  private let lock = NSLock()
  private var stored = ViewModelConfig()

  var value: ViewModelConfig {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
