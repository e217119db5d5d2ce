#if canImport(SwiftUI)
  import SwiftUI

  /// Holds a service for a SwiftUI view, without observing it.
  ///
  /// Like ``ReadViewModel``: the service is resolved the first time the view reads it, kept in a
  /// ``ViewModelHost`` stored in `@State` across re-renders, swapped when the spec's identity
  /// changes (`accountAPISpec(id)` with a new `id`), and released with the view's state. A
  /// service never changes the way a view model does, so it never redraws the view; an
  /// `@Observable` service still redraws it through SwiftUI's own tracking when `body` reads
  /// its properties. When a reset disposes the service under the view, the view redraws once
  /// with a fresh one.
  ///
  /// ```swift
  /// struct ShareButton: View {
  ///   @ReadService(trackerSpec) var tracker
  ///   var body: some View { Button("Share") { tracker.track("share") } }
  /// }
  /// ```
  @MainActor
  @propertyWrapper
  public struct ReadService<Service>: DynamicProperty {
    @State private var box: LazyViewModelHost<ServiceBox<Service>>
    @Environment(\.viewModelRegistry) private var registry
    private let spec: ServiceSpec<Service>

    /// Creates the wrapper; nothing is resolved until the view reads the value.
    ///
    /// - Parameter spec: The service to hold; may change between renders.
    public init(_ spec: ServiceSpec<Service>) {
      self.spec = spec
      _box = State(wrappedValue: LazyViewModelHost(watch: false, label: "ReadService"))
    }

    /// The service.
    public var wrappedValue: Service {
      let host = box.host(in: registry)
      let service = host.require(spec.spec).value
      // A read-only host refreshes only when its service is disposed under it (a reset): the
      // view then redraws and resolves a fresh one.
      _ = host.version
      return service
    }

    /// The binding the service is held through.
    public var projectedValue: ViewModelBinding { box.host(in: registry).binding }
  }
#endif
