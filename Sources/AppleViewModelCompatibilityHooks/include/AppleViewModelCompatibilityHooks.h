// Nothing to call: the constructor in AppleViewModelCompatibilityHooks.c runs by itself.
