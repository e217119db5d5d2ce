// Swift has no code that runs when an image loads, and the core must know which test is
// running even in a test that never calls RegistryTesting. This constructor runs as the test
// bundle loads and hands RegistryTesting's hook to the core.
extern void registry_testing_install_hooks(void);

__attribute__((constructor)) static void registry_testing_load(void) {
  registry_testing_install_hooks();
}
