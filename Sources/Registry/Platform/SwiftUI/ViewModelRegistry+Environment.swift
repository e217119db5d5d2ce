#if canImport(SwiftUI)
  import SwiftUI

  /// The environment key behind ``SwiftUI/EnvironmentValues/viewModelRegistry``.
  private struct ViewModelRegistryKey: EnvironmentKey {
    static let defaultValue: ViewModelRegistry? = nil
  }

  extension EnvironmentValues {
    /// The registry the Registry wrappers of this view subtree resolve in; `nil` means
    /// ``ViewModelRegistry/current`` (in an app, the default registry).
    ///
    /// ```swift
    /// @Environment(\.viewModelRegistry) private var registry
    /// ```
    public var viewModelRegistry: ViewModelRegistry? {
      get { self[ViewModelRegistryKey.self] }
      set { self[ViewModelRegistryKey.self] = newValue }
    }
  }

  extension View {
    /// Makes every `@WatchViewModel`, `@ReadViewModel` and `ViewModelBuilder` in this subtree
    /// resolve in `registry`: a preview with mocks, a second window with its own graph, a
    /// sandboxed feature. Proxies and instances of other registries are never seen.
    ///
    /// A wrapper picks its registry the first time it resolves, and keeps it for as long as the
    /// view keeps its state.
    ///
    /// ```swift
    /// let preview = ViewModelRegistry(name: "preview")
    /// preview.setProxy(for: userSpec) { UserViewModel(name: "Ada") }
    /// ProfileView().viewModelRegistry(preview)
    /// ```
    ///
    /// - Parameter registry: The registry to resolve in.
    /// - Returns: The view, resolving in `registry`.
    public func viewModelRegistry(_ registry: ViewModelRegistry) -> some View {
      environment(\.viewModelRegistry, registry)
    }
  }
#endif
