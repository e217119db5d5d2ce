import Foundation

extension ViewModelRegistry {
  /// What a registry serves. It decides what an interface that nobody provided builds.
  ///
  /// `RegistryTesting` makes every test's registry with ``test``; the ``default`` registry is
  /// ``preview`` inside Xcode's previews and ``live`` everywhere else.
  ///
  /// ```swift
  /// let preview = ViewModelRegistry(name: "preview", context: .preview)
  /// ```
  public enum Context: Sendable, Hashable {
    /// An app: an unprovided interface is a mistake, and its resolution fails.
    case live
    /// A test: an unprovided interface builds its `testValue`; without one, the resolution
    /// fails (and, with `RegistryTesting`, so does the test), and `watch` and `read` go on with
    /// the interface's `unimplemented` stand-in.
    case test
    /// A preview: an unprovided interface builds its `previewValue`, else its `testValue`, else
    /// its `unimplemented` stand-in.
    case preview
  }
}

extension ViewModelRegistry.Context {
  /// ``ViewModelRegistry/Context-swift.enum/preview`` when Xcode runs this process for its
  /// previews, ``ViewModelRegistry/Context-swift.enum/live`` otherwise: what the default
  /// registry serves.
  static var ofThisProcess: Self {
    ProcessInfo.processInfo.environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" ? .preview : .live
  }
}
