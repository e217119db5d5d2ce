import Registry

/// One profile screen's model: it reads the cache service and publishes what it finds.
final class ProfileViewModel: StateViewModel<Profile?> {
  let id: Int
  private var cache: ProfileCache!

  init(id: Int) {
    self.id = id
    super.init(state: nil)
  }

  override func onCreate(_ arg: InstanceArg) {
    cache = viewModelBinding.read(profileCacheSpec)
    setState(cache.profile(id: id))
  }
}

let profileSpec = ViewModelSpecWithArg<ProfileViewModel, Int>(builder: { ProfileViewModel(id: $0) })
