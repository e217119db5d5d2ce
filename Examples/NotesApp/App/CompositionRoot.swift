import AuthLive
import Foundation
import NotesFeature
import NotesStorageLive
import Registry

/// The only place that imports the live modules: it provides every interface the features
/// declare, for each registry the app owns.
enum CompositionRoot {
  /// Provides the live session and the file-backed note store in `registry`, then checks that
  /// every interface the features use has a provider.
  @MainActor
  static func provideLive(in registry: ViewModelRegistry, notesDirectory: URL) throws {
    AuthLive.provide(in: registry)
    NotesStorageLive.provide(in: registry, directory: notesDirectory) { file in
      print("  | notes file closed: \(file.lastPathComponent)")
    }
    try registry.checkProviders(for: notesFeatureInterfaces)
  }
}
