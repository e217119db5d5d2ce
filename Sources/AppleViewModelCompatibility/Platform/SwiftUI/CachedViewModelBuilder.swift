import Registry

#if canImport(SwiftUI)
  import SwiftUI

  /// Builds content from a view model that is already alive, found by key or tag: the view
  /// watches it while it shows it, and never builds one.
  ///
  /// It finds the instance as `ViewModelBinding.maybeWatchCached(key:tag:)` does, on every
  /// render, so it shows a later instance after the first is disposed. While nothing matches it
  /// shows nothing and reports `RegistryError.notFound` once
  /// when it appears. When the key or tag changes, the new instance is found before the old one
  /// is let go of.
  ///
  /// ```swift
  /// CachedViewModelBuilder(shareKey: "counter") { (counter: CounterViewModel) in
  ///   Text("\(counter.count)")
  /// }
  /// ```
  @MainActor
  public struct CachedViewModelBuilder<VM: ViewModel, Content: View>: View {
    @State private var box = CachedLookupBox<VM>()
    @Environment(\.viewModelRegistry) private var registry
    private let shareKey: AnyHashable?
    private let tag: AnyHashable?
    private let content: (VM) -> Content

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - shareKey: The key the instance is shared under.
    ///   - tag: The tag to find it by, when there is no key (or nothing under the key).
    ///   - content: The content for the instance.
    public init(
      shareKey: AnyHashable? = nil, tag: AnyHashable? = nil,
      @ViewBuilder content: @escaping (VM) -> Content
    ) {
      self.shareKey = shareKey
      self.tag = tag
      self.content = content
    }

    /// The content, or nothing while no instance matches.
    public var body: some View {
      let box = self.box
      if let viewModel = box.find(key: shareKey, tag: tag, in: registry) {
        content(viewModel)
      } else {
        EmptyView().onAppear { box.reportMiss() }
      }
    }
  }

  /// What a ``CachedViewModelBuilder`` keeps in `@State`: a host whose binding watches what the
  /// lookup found, replaced when the key or tag changes.
  @MainActor
  final class CachedLookupBox<VM: ViewModel> {
    private var host: ViewModelHost<VM>?
    private var key: AnyHashable?
    private var tag: AnyHashable?
    /// What the last render showed; the binding holds nothing else.
    private weak var shown: VM?
    private var missReported = false

    init() {}

    /// The live instance for `key` and `tag`, watched by this box's binding; `nil` when there
    /// is none. The binding holds only what it shows: an instance found before and no longer
    /// the one found (a newer one with the tag) is let go of.
    func find(key: AnyHashable?, tag: AnyHashable?, in registry: ViewModelRegistry?) -> VM? {
      if let host, key == self.key, tag == self.tag {
        let found: VM? = host.binding.maybeWatchCached(key: key, tag: tag)
        if found != nil { missReported = false }
        if let previous = shown, previous !== found {
          try? host.binding.unbindThrowing(previous)
        }
        shown = found
        _ = host.version
        return found
      }
      // A new lookup: found through a new binding before the old one lets go, so an instance
      // both name is never disposed on the way. The old host is dropped without announcing
      // anything: a render runs this, and the view stops reading the old host now.
      let next = ViewModelHost<VM>(
        watch: true, registry: registry ?? host?.binding.registry,
        label: "CachedViewModelBuilder")
      let found: VM? = next.binding.maybeWatchCached(key: key, tag: tag)
      host?.binding.dispose()
      host = next
      self.key = key
      self.tag = tag
      shown = found
      missReported = false
      _ = next.version
      return found
    }

    /// Reports that nothing matched, once per miss.
    func reportMiss() {
      guard let host, !missReported else { return }
      missReported = true
      host.binding.registry.report(
        host.binding.registry.notFound(
          VM.self, key: key, tag: tag, operation: "CachedViewModelBuilder"),
        at: nil)
    }

    deinit {
      let host = self.host
      runOnMainActor { host?.binding.dispose() }
    }
  }
#endif
