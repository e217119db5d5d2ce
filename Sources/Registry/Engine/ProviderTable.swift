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
    /// The setup layer it was given in (see ``ProviderTable/layer``).
    let layer: Int
    /// Whether it has built an instance: replacing it then would leave that instance, built by
    /// another provider, beside what the new one builds.
    var hasBuilt = false

    init(build: @escaping @MainActor () throws -> ViewModel, providedAt: String, layer: Int) {
      self.build = build
      self.providedAt = providedAt
      self.layer = layer
    }
  }

  /// The setup layer providers are given in now. A test's registry is set up in layers — a
  /// suite's trait, then the test's own, then the test itself — each above the last; a provider
  /// given in a higher layer replaces one from a lower layer, as long as that one has built
  /// nothing. In one layer (and in an app's registry, which has one), providing twice is a
  /// mistake.
  private(set) var layer = 0

  /// Starts a setup layer above every earlier one.
  func beginLayer() {
    layer += 1
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

  /// Adds the provider for `identity`, unless one is there from this layer, or the interface
  /// was resolved; one from a lower layer that has built nothing is replaced.
  func add(_ entry: Entry, for identity: InstanceIdentity) -> Refusal? {
    if let existing = entries[identity] {
      guard existing.layer < entry.layer else { return .alreadyProvided(at: existing.providedAt) }
      guard !existing.hasBuilt else { return .alreadyResolved }
    } else if resolved.contains(identity) {
      return .alreadyResolved
    }
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
