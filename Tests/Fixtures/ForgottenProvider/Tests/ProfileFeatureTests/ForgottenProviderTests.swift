import ProfileFeature
import Registry
import RegistryTesting
import Testing

/// Fails on purpose, and must be the run's only failure: it forgets to provide the API client
/// and resolves the profile, whose `onCreate` reads the client. That read records the missing
/// provider on this test and goes on with the stand-in, so this test runs to its end and every
/// other test still runs and passes (.ci/check-forgotten-provider.sh checks all of it).
@MainActor
@Test(.registry)
func forgetsToProvideTheAPIClient() {
  let binding = ViewModelBinding()
  defer { binding.dispose() }

  let profile = binding.watch(profileSpec)

  // The stand-in is signed out: the test goes on past the failed resolution.
  #expect(profile.state == .signedOut)
}
