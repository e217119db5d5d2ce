// Stand-in for Apple's Combine framework, for compiling and testing code that imports Combine on
// platforms where it does not exist. Declarations follow the iOS 17.0 and 18.0 SDKs' interfaces
// (../../README.md); only the parts this project uses are declared. Behaviour (demand,
// cancellation, completion, several subscribers) is implemented to match Combine's documented
// semantics.
//
// Apple's Combine has no `Sendable` annotations on its reference types; neither does this one, so
// code that needs `@preconcurrency import Combine` on Apple platforms needs it here too.
