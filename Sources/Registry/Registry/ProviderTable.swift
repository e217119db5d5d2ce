/// What the composition root provided for the interfaces of one registry, and which of them
/// were resolved there already.
///
/// Providers are kept by the interface's identity — its type and key, or, for a private
/// interface, the spec itself — so that two declarations of one keyed interface share one
/// provider, as they share one instance. Nothing here calls out.
@MainActor
struct ProviderTable {
  /// A provider: how it builds, and where it was given, for messages.
  final class Entry<VM: ViewModel> {
    let build: @MainActor () throws -> VM
    let providedAt: String

    init(build: @escaping @MainActor () throws -> VM, providedAt: String) {
      self.build = build
      self.providedAt = providedAt
    }
  }

  /// Each value is an `Entry` of the interface's view-model type (a service's box for a
  /// service), which the identity names.
  private var entries: [InstanceIdentity: AnyObject] = [:]
  /// Interfaces built here at least once, from a provider or a default: providing one of them
  /// now would silently change what later builds make.
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
  mutating func add<VM: ViewModel>(_ entry: Entry<VM>, for identity: InstanceIdentity) -> Refusal? {
    if let existing = entries[identity] as? any ProvidedAtDescribing {
      return .alreadyProvided(at: existing.providedAt)
    }
    if resolved.contains(identity) { return .alreadyResolved }
    entries[identity] = entry
    return nil
  }

  /// The provider for `identity`, if this registry has one.
  func entry<VM: ViewModel>(for identity: InstanceIdentity, as type: VM.Type) -> Entry<VM>? {
    // The identity names the type, so an entry found here is of this type.
    entries.isEmpty ? nil : entries[identity] as? Entry<VM>
  }

  /// Whether this registry has a provider for `identity`.
  func provides(_ identity: InstanceIdentity) -> Bool {
    entries[identity] != nil
  }

  /// Remembers that `identity` was built here.
  mutating func noteResolved(_ identity: InstanceIdentity) {
    resolved.insert(identity)
  }
}

/// An entry's place of providing, whatever its type.
protocol ProvidedAtDescribing {
  var providedAt: String { get }
}

extension ProviderTable.Entry: ProvidedAtDescribing {}
