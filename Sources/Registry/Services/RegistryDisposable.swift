/// A service that must be closed when the registry lets go of it: a database, a socket, a file.
///
/// When the last holder of a service lets go (and it is not `aliveForever`), or a reset disposes
/// it, the registry calls ``dispose()`` exactly once, on the main actor, before it releases what
/// the service's builder resolved. A ``ServiceSpec`` with an `onDispose` closure calls that
/// instead. A service that adopts neither is simply dropped.
///
/// ```swift
/// final class NotesDatabase: RegistryDisposable {
///   func dispose() { connection.close() }
/// }
/// let databaseSpec = ServiceSpec(key: "database") { NotesDatabase() }
/// ```
///
/// > Note: The registry finds the conformance on the built value, so a spec of a protocol
/// > (`ServiceSpec<any NotesStore>`) disposes an implementation that adopts it. An actor cannot
/// > adopt it (its methods are isolated to itself); give its spec an `onDispose` closure instead.
@MainActor
public protocol RegistryDisposable {
  /// Releases what the service opened; called once, when the registry disposes it.
  ///
  /// ```swift
  /// func dispose() { socket.disconnect() }
  /// ```
  func dispose()
}
