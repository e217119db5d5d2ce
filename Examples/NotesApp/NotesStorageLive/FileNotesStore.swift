import Foundation
import NotesStorage
import Registry

/// Notes kept in a file: loaded when the store is built, written back on every rename, and
/// the file closed when the registry disposes the store.
///
/// ```swift
/// registry.provide(notesStoreSpec) { FileNotesStore(file: url, seed: Note.samples) }
/// ```
public final class FileNotesStore: NotesStore, RegistryDisposable {
  private let file: URL
  private var notes: [Note]
  private var isOpen = true
  /// Called when the file is closed, so a run can show that it was.
  private let onClose: (URL) -> Void

  /// Opens the store at `file`, writing `seed` there first when the file does not exist.
  ///
  /// ```swift
  /// let store = FileNotesStore(file: url, seed: Note.samples)
  /// ```
  ///
  /// - Parameters:
  ///   - file: Where the notes are kept, one per line.
  ///   - seed: The notes a new file starts with.
  ///   - onClose: Called once, when the store is disposed and its file closed.
  public init(file: URL, seed: [Note], onClose: @escaping (URL) -> Void = { _ in }) {
    self.file = file
    self.onClose = onClose
    if let text = try? String(contentsOf: file, encoding: .utf8) {
      notes = text.split(separator: "\n").compactMap(Self.note(from:))
    } else {
      notes = seed.sorted { $0.id < $1.id }
      save()
    }
  }

  /// Every note, in id order.
  public func allNotes() -> [Note] { notes }

  /// Renames one note and writes the file.
  ///
  /// - Parameters:
  ///   - id: The note's id.
  ///   - title: The new title.
  public func rename(id: Int, to title: String) {
    guard isOpen, let index = notes.firstIndex(where: { $0.id == id }) else { return }
    notes[index].title = title
    save()
  }

  /// Writes the notes a last time and closes the file: the registry calls it once, when the
  /// last holder lets go of the store.
  public func dispose() {
    save()
    isOpen = false
    onClose(file)
  }

  private func save() {
    let text = notes.map { "\($0.id)\t\($0.owner)\t\($0.title)" }.joined(separator: "\n")
    try? text.write(to: file, atomically: true, encoding: .utf8)
  }

  private static func note(from line: Substring) -> Note? {
    let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
    guard fields.count == 3, let id = Int(fields[0]) else { return nil }
    return Note(id: id, owner: fields[1], title: fields[2])
  }
}
