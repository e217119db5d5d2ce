import Registry

/// The session, shared under the key `"session"` and kept alive after its last holder lets go:
/// a screen closing must not sign the user out.
///
/// This is AuthFeature's public surface: other features resolve the spec and never build a
/// ``SessionViewModel`` themselves, so a test can swap it with `sessionSpec.setProxy(_:)`.
///
/// ```swift
/// override func onCreate(_ arg: InstanceArg) {
///   session = viewModelBinding.watch(sessionSpec)
/// }
/// ```
public let sessionSpec = ViewModelSpec(key: "session", aliveForever: true) {
  SessionViewModel()
}
