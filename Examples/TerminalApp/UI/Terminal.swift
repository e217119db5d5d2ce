#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few terminal facts the app needs: whether a person is at either end, and how to clear.
enum Terminal {
  /// Frames clear the screen only on a terminal; piped output stays plain text for CI.
  static let isOutputTTY = isatty(1) == 1
  /// A prompt is shown only when someone types the keys.
  static let isInputTTY = isatty(0) == 1

  static func clearScreen() {
    print("\u{1B}[2J\u{1B}[H", terminator: "")
  }

  static func prompt() {
    print("key> ", terminator: "")
    fflush(nil)
  }

  static func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
