// swift-tools-version:6.0
import PackageDescription

// Test-only package: the real `Sources/Registry` compiled as on native macOS, where the
// Objective-C runtime, SwiftUI and Combine exist but UIKit does not. SwiftPM puts every module of
// a package in one folder, so inside the AppleLayer package the UIKit stand-in would be importable
// from any target; here no target is named UIKit, so `canImport(UIKit)` is false and nothing that
// is gated on it is compiled. Never depended on by the root package. See ../README.md.
let package = Package(
  name: "AppleLayerAppKit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  targets: [
    // The AppleLayer stand-ins, through symlinks; UIKit is left out on purpose.
    .target(name: "ObjectiveC"),
    // Built in Swift 5 mode for the reason given in ../Package.swift.
    .target(name: "Combine", swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(name: "SwiftUI", dependencies: ["Combine"]),

    // The real sources, unmodified, seen through a symlink, under their own module name.
    .target(
      name: "Registry", dependencies: ["SwiftUI", "Combine", "ObjectiveC"],
      exclude: ["Registry.docc"]),

    // AppleViewModel's names, as on native macOS: its SwiftUI file is compiled, its UIKit one
    // is not.
    .target(
      name: "AppleViewModelCompatibility",
      dependencies: ["Registry", "AppleViewModelCompatibilityHooks", "SwiftUI"]),
    .target(name: "AppleViewModelCompatibilityHooks"),

    // The SwiftUI example app as on macOS: its About screen is SwiftUI there.
    .target(name: "SwiftUINotes", dependencies: ["Registry", "SwiftUI"]),
    .executableTarget(
      name: "SwiftUINotesApp", dependencies: ["SwiftUINotes", "Registry", "SwiftUI"]),

    .testTarget(
      name: "AppKitTests",
      dependencies: [
        "Registry", "ObjectiveC", "SwiftUI", "AppleViewModelCompatibility", "SwiftUINotes",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
