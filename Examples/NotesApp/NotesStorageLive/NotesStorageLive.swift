import Foundation
import NotesStorage
import Registry

/// How NotesStorageLive is wired: the composition root calls this once per registry it owns.
///
/// ```swift
/// NotesStorageLive.provide(in: registry, directory: FileManager.default.temporaryDirectory)
/// ```
public enum NotesStorageLive {
  /// Provides the note store interface with a file store in `directory`.
  ///
  /// ```swift
  /// NotesStorageLive.provide(in: .default, directory: appSupport) { print("closed \($0)") }
  /// ```
  ///
  /// - Parameters:
  ///   - registry: The registry to provide for.
  ///   - directory: Where the notes file goes.
  ///   - onClose: Called when the store's file is closed.
  @MainActor
  public static func provide(
    in registry: ViewModelRegistry, directory: URL, onClose: @escaping (URL) -> Void = { _ in }
  ) {
    registry.provide(notesStoreSpec) {
      FileNotesStore(
        file: directory.appendingPathComponent("notes.tsv"), seed: Note.samples, onClose: onClose)
    }
  }
}
