#if canImport(SwiftUI)
  import SwiftUI

  /// Builds content from a view model it holds, redrawing when the view model changes; shows
  /// `failure` when the spec's builder throws, with a way to retry.
  ///
  /// ```swift
  /// ViewModelBuilder(userProfileSpec(userID)) { profile in
  ///   Text(profile.state.name)
  /// }
  /// ```
  @MainActor
  public struct ViewModelBuilder<VM: ViewModel, Content: View, Failure: View>: View {
    @State private var box = LazyViewModelHost<VM>(watch: true, label: "ViewModelBuilder")
    @Environment(\.viewModelRegistry) private var registry
    private let spec: ViewModelSpec<VM>
    private let content: (VM) -> Content
    private let failure: (any Error, _ retry: @escaping @MainActor () -> Void) -> Failure

    /// Creates a builder with a view for failed builds.
    ///
    /// - Parameters:
    ///   - spec: The view model to show; may change between renders.
    ///   - content: The content for the view model.
    ///   - failure: The content when the builder threw; call `retry` to try again. It is a
    ///     main-actor closure, so it can be a `Button`'s action as it is.
    public init(
      _ spec: ViewModelSpec<VM>, @ViewBuilder content: @escaping (VM) -> Content,
      @ViewBuilder failure:
        @escaping (any Error, _ retry: @escaping @MainActor () -> Void) -> Failure
    ) {
      self.spec = spec
      self.content = content
      self.failure = failure
    }

    /// The content, or the failure view.
    public var body: some View {
      let host = box.host(in: registry)
      let viewModel = host.resolve(spec)
      let _ = host.version
      if let viewModel {
        content(viewModel)
      } else if let error = host.error {
        failure(error) { [host] in host.retry() }
      }
    }
  }

  extension ViewModelBuilder where Failure == Text {
    /// Creates a builder that shows the error's description when the builder throws.
    ///
    /// ```swift
    /// ViewModelBuilder(counterSpec) { counter in Text("\(counter.count)") }
    /// ```
    ///
    /// - Parameters:
    ///   - spec: The view model to show.
    ///   - content: The content for the view model.
    public init(_ spec: ViewModelSpec<VM>, @ViewBuilder content: @escaping (VM) -> Content) {
      self.init(spec, content: content, failure: { error, _ in Text(String(describing: error)) })
    }
  }
#endif
