import Registry

/// Profiles fetched once and kept: a service that depends on the API client and must be closed
/// when the registry lets go of it (a real one would flush to disk).
@MainActor
final class ProfileCache: RegistryDisposable {
  private let api: any APIClient
  private var profiles: [Int: Profile] = [:]
  private(set) var isClosed = false

  init(api: any APIClient) {
    self.api = api
  }

  func profile(id: Int) -> Profile? {
    if let cached = profiles[id] { return cached }
    let fetched = api.profile(id: id)
    profiles[id] = fetched
    return fetched
  }

  /// Called once, by the registry, before it lets go of the API client the cache holds.
  func dispose() {
    isClosed = true
    print("  | ProfileCache closed: \(profiles.count) cached, \(api.requestCount) requests sent")
  }
}

/// Shared under one key; its builder resolves the API client through the cache's own binding, so
/// the client is held exactly as long as the cache.
let profileCacheSpec = ServiceSpec(key: "profile-cache") { dependencies in
  ProfileCache(api: dependencies.read(apiClientSpec))
}
