/// Where keys come from; `nil` means the input has ended.
protocol KeySource {
  mutating func next() -> String?
}

/// The keys of `--script`, in order.
struct ScriptKeys: KeySource {
  private var tokens: ArraySlice<String>

  init(_ tokens: [String]) {
    self.tokens = tokens[...]
  }

  mutating func next() -> String? {
    tokens.popFirst()
  }
}

/// Keys typed (or piped) on standard input, one line at a time.
struct StandardInputKeys: KeySource {
  private var pending: ArraySlice<String> = []
  private let prompts: Bool

  init(prompts: Bool) {
    self.prompts = prompts
  }

  mutating func next() -> String? {
    while pending.isEmpty {
      if prompts { Terminal.prompt() }
      // readLine() returns nil at the end of input: the caller quits, so a closed or empty
      // stdin never leaves the app waiting.
      guard let line = readLine() else { return nil }
      pending = tokenize(line)[...]
    }
    return pending.popFirst()
  }
}
