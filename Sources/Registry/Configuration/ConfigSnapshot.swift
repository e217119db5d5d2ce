import Foundation

/// A registry's configuration, readable from any thread (part of the package interface: the
/// AppleViewModel compatibility module reads it where AppleViewModel is not isolated).
package final class ConfigSnapshot: @unchecked Sendable {
  // @unchecked: `stored` is only read and written under `lock`.
  private let lock = NSLock()
  private var stored = ViewModelConfig()

  package var value: ViewModelConfig {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
