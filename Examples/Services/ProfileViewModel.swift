import Registry

/// One profile screen's model: it reads the cache service and publishes what it finds.
final class ProfileViewModel: StateViewModel<Profile?> {
  let id: Int
  @Read(profileCacheSpec) private var cache

  init(id: Int) {
    self.id = id
    super.init(state: nil)
  }

  override func onCreate(_ arg: InstanceArg) {
    setState(cache.profile(id: id))
  }
}

let profileSpec = ViewModelSpecWithArg<ProfileViewModel, Int>(builder: { ProfileViewModel(id: $0) })
