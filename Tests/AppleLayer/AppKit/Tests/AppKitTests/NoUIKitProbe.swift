// The probe: compiled with the tests, it stops the build if a UIKit module is in reach of this
// package, as the UIKit stand-in is of every target of the AppleLayer package. CI also
// type-checks this file against the AppleLayer package's modules, where it must fail, so the
// probe is known to see a UIKit module when there is one (Scripts/check-no-uikit.sh).
#if canImport(UIKit)
  #error("UIKit is importable here: the Registry sources are not compiled as on macOS")
#endif
