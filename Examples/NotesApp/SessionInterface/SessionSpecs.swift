import Registry

/// The session, shared under the key `"session"` and kept alive after its last holder lets go:
/// a screen closing must not sign the user out.
///
/// An interface: declared here without a builder, so that features depend on this module only.
/// The composition root provides the real one (AuthLive's `LiveSessionViewModel`), a test or a
/// preview its own. A test that forgets to fails, and goes on with a signed-out session.
///
/// ```swift
/// @Watch(sessionSpec) private var session
/// ```
public let sessionSpec = ViewModelSpec<SessionViewModel>.interface(
  key: "session", aliveForever: true, unimplemented: SessionViewModel())

/// The interfaces this module declares, for the composition root's completeness check.
public let sessionInterfaces: [any InterfaceSpec] = [sessionSpec]
