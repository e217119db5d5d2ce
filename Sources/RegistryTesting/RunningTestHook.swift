import Registry
import RegistryTestingHooks
import Testing

/// Tells the core which Swift Testing test is running; called once, by the constructor in
/// `RegistryTestingHooks`, when the test bundle loads.
@_cdecl("registry_testing_install_hooks")
func installRunningTestHook() {
  RunningTest.name = { Test.current?.name }
}
