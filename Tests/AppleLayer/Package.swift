// swift-tools-version:6.0
import PackageDescription

// Test-only package: compiles the real `Sources/Registry` (through symlinks) against stand-in
// modules named like Apple's frameworks, so that the `#if canImport(...)` bridges build and run
// on Linux. Never depended on by the root package. See README.md.
let package = Package(
  name: "AppleLayer",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  targets: [
    // Stand-ins, named exactly like the frameworks they replace.
    .target(name: "ObjectiveC"),
    // Apple's Combine predates Swift concurrency: it has no `Sendable` annotations, so a
    // `@preconcurrency import Combine` silences Sendable diagnostics about its types. Only a
    // module built without complete concurrency checking gets that treatment, so this one is.
    .target(name: "Combine", swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(name: "UIKit", dependencies: ["ObjectiveC"]),
    // SwiftUI declares its UIKit bridges (UIViewControllerRepresentable) where UIKit exists.
    .target(name: "SwiftUI", dependencies: ["Combine", "UIKit"]),

    // The real sources, unmodified, seen through symlinks.
    .target(
      name: "Registry", dependencies: ["SwiftUI", "Combine", "UIKit", "ObjectiveC"],
      exclude: ["Registry.docc"]),
    .target(name: "RegistryTesting", dependencies: ["Registry", "RegistryTestingHooks"]),
    .target(name: "RegistryTestingHooks"),
    // AppleViewModel's names, whose Platform/ files are gated on SwiftUI and UIKit as the core's
    // are; it reaches the core through `package` declarations, as in the root package.
    .target(
      name: "AppleViewModelCompatibility",
      dependencies: ["Registry", "AppleViewModelCompatibilityHooks", "SwiftUI", "UIKit"]),
    .target(name: "AppleViewModelCompatibilityHooks"),
    // The same sources built where UIKit does not exist (native macOS) are a separate package,
    // AppKit/: SwiftPM puts all of a package's modules in one folder, so here every target can
    // import the UIKit stand-in, whatever its dependencies say.

    // Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`) that exists
    // only on Apple platforms; importing Testing and the UIKit stand-in together would look for
    // it. Test targets that import UIKit turn cross-import overlays off.
    .testTarget(
      name: "SwiftUIRuntimeTests",
      dependencies: ["SwiftUI", "Combine", "UIKit", "ObjectiveC", "Registry"],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),

    // The examples of the bridges' documentation and of the SwiftUIAndUIKit article, extracted
    // into Sources/Snippets/Generated/ by Scripts/extract-snippets.py and compiled as written.
    // Members are seen only where their module is imported (MemberImportVisibility), so a core
    // example or test cannot use an extension of the compatibility module without importing it.
    .target(
      name: "Snippets",
      dependencies: [
        "SwiftUI", "Combine", "UIKit", "ObjectiveC", "Registry", "AppleViewModelCompatibility",
      ],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),

    // The SwiftUI example app (Examples/SwiftUINotes, through symlinks), compiled as on iOS:
    // its screens, view models and previews, and its app target; driven on the view runtime by
    // SwiftUINotesTests.
    .target(name: "SwiftUINotes", dependencies: ["Registry", "SwiftUI", "UIKit"]),
    .executableTarget(
      name: "SwiftUINotesApp", dependencies: ["SwiftUINotes", "Registry", "SwiftUI"]),
    .testTarget(
      name: "SwiftUINotesTests",
      dependencies: [
        "SwiftUINotes", "SwiftUINotesApp", "Registry", "RegistryTesting", "SwiftUI", "UIKit",
      ],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),

    // The bridges' behaviour: every SwiftUI wrapper on the view runtime, the Combine
    // publishers, NSObject bindings and the UIKit pause providers.
    .testTarget(
      name: "PlatformTests",
      dependencies: [
        "SwiftUI", "Combine", "UIKit", "ObjectiveC", "Registry", "RegistryTesting",
        "AppleViewModelCompatibility",
      ],
      swiftSettings: [
        .unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"]),
        .enableUpcomingFeature("MemberImportVisibility"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
