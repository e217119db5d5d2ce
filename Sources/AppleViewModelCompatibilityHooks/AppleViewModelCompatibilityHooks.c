// Swift has no code that runs when an image loads, and the default registry must know, before
// anyone uses it, that AppleViewModel's binding rules apply. This constructor runs as the image
// that links AppleViewModelCompatibility loads and hands its lifetime tap to the core.
extern void apple_view_model_compatibility_install_hooks(void);

__attribute__((constructor)) static void apple_view_model_compatibility_load(void) {
  apple_view_model_compatibility_install_hooks();
}
