import APIClientInterface
import Registry

/// The signed-in account's profile: it reads the API client through its own binding when it is
/// created, and shows the account the client is signed in as.
///
/// ```swift
/// let profile = binding.watch(profileSpec)
/// print(profile.title)  // "Ada Lovelace"
/// ```
public final class ProfileViewModel: StateViewModel<ProfileState> {
  /// The client, held by this view model's own binding for as long as it lives.
  private var api: (any APIClient)?

  /// Creates a profile that shows nobody until it is created by a registry.
  ///
  /// ```swift
  /// let profileSpec = ViewModelSpec(key: "profile") { ProfileViewModel() }
  /// ```
  public init() {
    super.init(state: .signedOut)
  }

  /// Reads the API client and loads the signed-in account.
  ///
  /// - Parameter arg: What the registry built this instance for.
  override public func onCreate(_ arg: InstanceArg) {
    api = viewModelBinding.read(apiClientSpec)
    reload()
  }

  /// Asks the client again: every binding watching the profile refreshes when the answer
  /// differs.
  ///
  /// ```swift
  /// profile.reload()
  /// ```
  public func reload() {
    guard let api, let id = api.signedInUserID else {
      setState(.signedOut)
      return
    }
    setState(api.user(id: id).map(ProfileState.loaded) ?? .missing(userID: id))
  }

  /// The profile's heading: the account's name, or why there is none.
  ///
  /// ```swift
  /// Text(profile.title)
  /// ```
  public var title: String {
    switch state {
    case .signedOut: "Signed out"
    case .loaded(let user): user.name
    case .missing(let id): "No account \(id)"
    }
  }
}
