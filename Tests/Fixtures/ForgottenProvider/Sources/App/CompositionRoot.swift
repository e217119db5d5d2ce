import APIClientLive
import ProfileFeature
import Registry

/// The only place that imports the live module: it provides every interface the feature
/// declares, for each registry the app owns.
enum CompositionRoot {
  /// Provides the live API client in `registry`, then checks that every interface the feature
  /// uses has a provider.
  @MainActor
  static func provideLive(in registry: ViewModelRegistry) throws {
    APIClientLive.provide(in: registry)
    try registry.checkProviders(for: profileFeatureInterfaces)
  }
}
