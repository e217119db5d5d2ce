/// What the composition root provided for the interfaces of one registry, and which of them
/// were resolved there already.
///
/// Providers are kept by the interface's identity — its type and key, or, for a private
/// interface, the spec itself — so that two declarations of one keyed interface share one
/// provider, as they share one instance. Nothing here calls out.
@MainActor
final class ProviderTable {
  /// A provider: how it builds, and where it was given, for messages. Not generic, so that
  /// finding one costs a dictionary lookup and no generic metadata: it builds the interface's
  /// view-model type (a service's box for a service), which its identity names.
  final class Entry {
    let build: @MainActor () throws -> ViewModel
    let providedAt: String

    init(build: @escaping @MainActor () throws -> ViewModel, providedAt: String) {
      self.build = build
      self.providedAt = providedAt
    }
  }

  /// Unchecked: read on every build of an interface, where the dynamic exclusivity check cost
  /// a fifth of the lookup (callgrind, `interface_private_cycle`); only this type's methods
  /// touch it, and none calls out while it does.
  @exclusivity(unchecked) private var entries: [InstanceIdentity: Entry] = [:]
  /// Interfaces built here from an inherited provider or a default, at least once: providing
  /// one of them now would silently change what later builds make. (Built from this registry's
  /// own provider, an interface can only be provided again by a second provider, which is
  /// refused as such.)
  private var resolved: Set<InstanceIdentity> = []

  nonisolated init() {}

  /// Why a provider was not added.
  enum Refusal {
    /// One is there already, given at this place.
    case alreadyProvided(at: String)
    /// The interface was resolved here before.
    case alreadyResolved
  }

  /// Adds the provider for `identity`, unless one is there or the interface was resolved.
  func add(_ entry: Entry, for identity: InstanceIdentity) -> Refusal? {
    if let existing = entries[identity] { return .alreadyProvided(at: existing.providedAt) }
    if resolved.contains(identity) { return .alreadyResolved }
    entries[identity] = entry
    return nil
  }

  /// The provider for `identity`, if this registry has one.
  func entry(for identity: InstanceIdentity) -> Entry? {
    entries.isEmpty ? nil : entries[identity]
  }

  /// Remembers that `identity` was built here from an inherited provider or a default.
  func noteResolved(_ identity: InstanceIdentity) {
    resolved.insert(identity)
  }
}
