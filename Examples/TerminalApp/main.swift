print("TerminalApp")
