/// A note as the store keeps it.
public struct Note: Identifiable, Hashable, Sendable {
  /// Stable for the note's life: rows, the detail screen and the editor key their view models
  /// by it.
  public let id: Int
  /// The title the list shows.
  public var title: String
  /// The text the detail screen shows.
  public var text: String

  /// Creates a note.
  public init(id: Int, title: String, text: String) {
    self.id = id
    self.title = title
    self.text = text
  }
}

extension Note {
  /// What previews and tests show: three notes with short texts.
  public static let samples = [
    Note(id: 1, title: "Groceries", text: "Milk, eggs, bread"),
    Note(id: 2, title: "Ideas", text: "A notes app built with Registry"),
    Note(id: 3, title: "Books", text: "The Left Hand of Darkness"),
  ]
}
