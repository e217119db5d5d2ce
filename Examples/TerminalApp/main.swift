import Registry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An interactive terminal app built the way a SwiftUI app is: screens are hosts that appear,
// disappear and are released; each key draws at most one frame.

let launch = Launch(arguments: Array(CommandLine.arguments.dropFirst()))

MainActor.assumeIsolated {
  var keys: any KeySource
  switch launch {
  case .help:
    print(Launch.usage)
    exit(0)
  case .invalid(let message):
    Terminal.printError("TerminalApp: \(message)\n\(Launch.usage)")
    exit(2)
  case .script(let tokens):
    keys = ScriptKeys(tokens)
  case .interactive:
    keys = StandardInputKeys(prompts: Terminal.isInputTTY)
  }

  let shell = AppShell(registry: ViewModelRegistry.current, clearsScreen: Terminal.isOutputTTY)
  shell.start()
  var reason = launch == .interactive ? "input ended" : "script ended"
  while let token = keys.next() {
    if !shell.handle(token) {
      reason = "q"
      break
    }
  }
  exit(shell.quit(reason: reason) ? 0 : 1)
}
