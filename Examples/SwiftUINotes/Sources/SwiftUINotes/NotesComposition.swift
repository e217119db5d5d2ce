import Registry

/// The composition root: the one place that names the live store. The app calls it for the
/// registry its window uses; previews and tests never do, so they can never build it.
public enum NotesComposition {
  /// Provides the live store in `registry`, then checks that every interface the screens use
  /// has a provider (a missing one throws here, at launch, not on some later screen).
  ///
  /// - Parameter registry: The registry the app's window resolves in.
  /// - Throws: `RegistryError.missingProviders` naming what is not provided.
  @MainActor
  public static func provideLive(in registry: ViewModelRegistry) throws {
    registry.provide(notesStoreSpec) { LiveNotesStore() }
    try registry.checkProviders(for: notesInterfaces)
  }
}
