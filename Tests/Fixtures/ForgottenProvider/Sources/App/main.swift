import Foundation
import ProfileFeature
import Registry

// The app's launch: the composition root provides the live client and checks that nothing is
// missing, then a screen shows the profile and closes. A root that forgot the client is caught
// by the same check before anything resolves.

MainActor.assumeIsolated {
  let forgetful = ViewModelRegistry(name: "forgetful")
  do throws(RegistryError) {
    try forgetful.checkProviders(for: profileFeatureInterfaces)
    print("a root that provides nothing passed the check")
    exit(1)
  } catch {
    print("a root that provides nothing: \(error.description.prefix { $0 != "\n" })")
  }

  let registry = ViewModelRegistry(name: "app")
  do {
    try CompositionRoot.provideLive(in: registry)
  } catch {
    print(error)
    exit(1)
  }
  print("composition root: every interface ProfileFeature uses is provided")

  let screen = ViewModelBinding(registry: registry, label: "ProfileScreen")
  let profile = screen.watch(profileSpec)
  print("profile: \(profile.title)")
  screen.dispose()

  print("App finished: \(registry.liveInstanceCount) alive")
  if registry.liveInstanceCount != 0 { exit(1) }
}
