/// A type that produces view previews in Xcode.
///
/// Xcode finds the conforming types and shows their `previews`; a test can mount them in a
/// `ViewRuntime` to check what a preview builds.
@MainActor @preconcurrency
public protocol PreviewProvider {
  /// The type to preview.
  associatedtype Previews: View

  /// A collection of views to preview.
  @ViewBuilder @preconcurrency @MainActor static var previews: Self.Previews { get }
}
