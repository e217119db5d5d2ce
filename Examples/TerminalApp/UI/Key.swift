/// The single-letter keys the app understands.
enum Key: Character, CaseIterable {
  case tab = "t"
  case new = "n"
  case down = "j"
  case up = "k"
  case open = "o"
  case back = "b"
  case delete = "d"
  case help = "h"
  case quit = "q"

  /// The key a token stands for; only one-letter tokens are keys.
  init?(token: String) {
    guard token.count == 1, let letter = token.first, let key = Key(rawValue: letter) else {
      return nil
    }
    self = key
  }

  static let helpText =
    "keys: t tab | n new item / like / increment | j k select | o open | b back | d delete"
    + " | h help | q quit"
}
