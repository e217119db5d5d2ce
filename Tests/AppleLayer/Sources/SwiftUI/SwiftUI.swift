// Stand-in for Apple's SwiftUI: the views, property wrappers, modifiers and result builder this
// project's SwiftUI bridges and their documentation use, declared with the signatures, isolation
// and `Sendable` conformances of the iOS 17.0 and 18.0 SDKs, the stricter where they differ
// (../../README.md says which and why, and what remains different). The views do not draw; the
// test-only `ViewRuntime` (in Runtime/, not part of Apple's framework) mounts them, keeps their
// state per identity and evaluates their bodies the way SwiftUI does where it matters for tests.
//
// Like SwiftUI, importing this module also makes Foundation, Combine and Observation available.
@_exported import Combine
@_exported import Foundation
@_exported import Observation
