import APIClientInterface
import Registry

/// The profile, shared under the key `"profile"` by every screen that shows it.
///
/// ```swift
/// let profile = binding.watch(profileSpec)
/// ```
public let profileSpec = ViewModelSpec(key: "profile") { ProfileViewModel() }

/// The interfaces ProfileFeature needs provided: the composition root checks that it provides
/// every one.
///
/// ```swift
/// try registry.checkProviders(for: profileFeatureInterfaces)
/// ```
public let profileFeatureInterfaces: [any InterfaceSpec] = apiClientInterfaces
