/// How the app was asked to run.
enum Launch: Equatable {
  /// Keys from standard input, line by line, until `q` or the end of input.
  case interactive
  /// Keys from `--script`, without reading standard input.
  case script([String])
  case help
  case invalid(String)

  static let usage = """
    usage: TerminalApp [--script "n,o,b,t,q"]
      Reads keys from standard input, one key or a comma-separated list per line, and exits
      when the input ends. With --script, runs the given keys instead and exits after them.
    """

  init(arguments: [String]) {
    var remaining = arguments[...]
    var launch = Launch.interactive
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        self = .help
        return
      case "--script":
        guard let script = remaining.popFirst() else {
          self = .invalid("--script needs a value, such as --script \"n,o,b,q\"")
          return
        }
        launch = .script(tokenize(script))
      case let other where other.hasPrefix("--script="):
        launch = .script(tokenize(String(other.dropFirst("--script=".count))))
      default:
        self = .invalid("unknown argument: \(argument)")
        return
      }
    }
    self = launch
  }
}

/// Splits a line into key tokens: commas and spaces separate them, empty tokens are skipped.
func tokenize(_ line: String) -> [String] {
  line.split { $0 == "," || $0.isWhitespace }.map(String.init)
}
