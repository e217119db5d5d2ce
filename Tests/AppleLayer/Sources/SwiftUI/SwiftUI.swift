// Stand-in for Apple's SwiftUI: the views, property wrappers, modifiers and result builder this
// project's SwiftUI bridges and their documentation use, declared with Apple's signatures,
// isolation and attributes as far as they could be confirmed. The views do not draw; the
// test-only `ViewRuntime` (in Runtime/, not part of Apple's framework) mounts them, keeps their
// state per identity and evaluates their bodies the way SwiftUI does where it matters for tests.
//
// Like SwiftUI, importing this module also makes Foundation, Combine and Observation available.
@_exported import Combine
@_exported import Foundation
@_exported import Observation
