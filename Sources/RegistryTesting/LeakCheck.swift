import Registry
import Testing

/// Fails the current test for every instance still alive in `registry` that is not
/// `aliveForever`, naming its type, key and what still holds it.
///
/// The ``Testing/Trait/registry`` trait runs it at the end of each test; call it yourself to
/// check at a point of your choosing.
///
/// An instance is a leak when something still holds it at that point: a binding that was not
/// disposed, or another instance that is itself a leak. One that is `aliveForever`, that was let
/// go and is waiting out its grace period, or that is kept in its family's pool
/// (`keepReleased`), is not, and neither is what only such instances hold (their dependencies,
/// which go when they go). The failure is one issue with the message of ``leakMessage(for:)``,
/// recorded at `sourceLocation`.
///
/// ```swift
/// binding.dispose()
/// expectNoLeaks()
/// ```
///
/// - Parameters:
///   - registry: The registry to check; the current one by default.
///   - sourceLocation: Where to record the failure.
/// - Returns: Whether nothing leaked.
@MainActor
@discardableResult
public func expectNoLeaks(
  in registry: ViewModelRegistry = .current, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  guard let message = leakMessage(for: registry.snapshot()) else { return true }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  return false
}

/// The leak report for a snapshot, or `nil` when only `aliveForever` instances are alive.
///
/// The text ``expectNoLeaks(in:sourceLocation:)`` records: how many instances outlived the
/// scope, one line per instance with its type, key and holders (each binding with where it was
/// created), then why it matters and how to fix it. Instances waiting out a grace period or
/// kept in a family's pool are not in it, nor what only they and `aliveForever` instances hold
/// (`RegistrySnapshot.releasable`). Use it to show or compare the report without failing
/// a test.
///
/// ```
/// 1 instance outlived the scope in registry "leaks".
///   LeakyViewModel(key: "leaky") — held by Screen#1 (created at …)
/// ```
///
/// ```swift
/// if let report = leakMessage(for: registry.snapshot()) { print(report) }
/// ```
///
/// - Parameter snapshot: What the registry holds.
/// - Returns: The message, or `nil`.
public func leakMessage(for snapshot: RegistrySnapshot) -> String? {
  let leaked = snapshot.releasable
  guard !leaked.isEmpty else { return nil }
  let noun = leaked.count == 1 ? "instance" : "instances"
  let lines = leaked.map { instance in
    let holders =
      instance.holders.isEmpty
      ? "no holder (still being disposed?)"
      : instance.holders.map(\.label).joined(separator: ", ")
    return "  \(instance.name) — held by \(holders)"
  }
  return
    ([
      "\(leaked.count) \(noun) outlived the scope in registry \"\(snapshot.registryName)\"."
    ] + lines + [
      "An instance that is not aliveForever is disposed when its last holder lets go; these still have holders.",
      "To fix, dispose the bindings listed (or let them go out of scope), or mark the spec aliveForever if it is meant to outlive them.",
    ]).joined(separator: "\n")
}
