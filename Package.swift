// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Registry",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Registry", targets: ["Registry"]),
    .library(name: "RegistryTesting", targets: ["RegistryTesting"]),
    // AppleViewModel's names on top of Registry: a migrating app changes
    // `import AppleViewModel` to `import AppleViewModelCompatibility`.
    .library(name: "AppleViewModelCompatibility", targets: ["AppleViewModelCompatibility"]),
  ],
  targets: [
    .target(name: "Registry"),
    .target(name: "RegistryTesting", dependencies: ["Registry", "RegistryTestingHooks"]),
    // A constructor that tells the core which Swift Testing test is running, as the test
    // bundle loads (see Sources/RegistryTesting/RunningTestHook.swift).
    .target(name: "RegistryTestingHooks"),
    .target(
      name: "AppleViewModelCompatibility",
      dependencies: ["Registry", "AppleViewModelCompatibilityHooks"]),
    // A constructor that gives the default registry AppleViewModel's binding rules as the image
    // loads (see Sources/AppleViewModelCompatibility/PropagatedBindings.swift).
    .target(name: "AppleViewModelCompatibilityHooks"),

    // Examples: a small counter; a multi-module app whose features depend on interface modules
    // only, wired at a composition root that alone imports the live modules; services with a
    // live and a mock implementation; an interactive terminal app built the way a SwiftUI app
    // is. `.ci/run` checks that no feature target depends on a live module.
    .executableTarget(name: "CounterExample", dependencies: ["Registry"], path: "Examples/Counter"),
    .target(
      name: "SessionInterface", dependencies: ["Registry"],
      path: "Examples/NotesApp/SessionInterface"),
    .target(
      name: "NotesStorage", dependencies: ["Registry"], path: "Examples/NotesApp/NotesStorage"),
    .target(
      name: "AuthLive", dependencies: ["Registry", "SessionInterface"],
      path: "Examples/NotesApp/AuthLive"),
    .target(
      name: "NotesStorageLive", dependencies: ["Registry", "NotesStorage"],
      path: "Examples/NotesApp/NotesStorageLive"),
    .target(
      name: "NotesFeature", dependencies: ["Registry", "SessionInterface", "NotesStorage"],
      path: "Examples/NotesApp/Notes"),
    .target(
      name: "SettingsFeature", dependencies: ["Registry"], path: "Examples/NotesApp/Settings"),
    .executableTarget(
      name: "NotesApp",
      dependencies: [
        "Registry", "SessionInterface", "NotesStorage", "AuthLive", "NotesStorageLive",
        "NotesFeature", "SettingsFeature",
      ],
      path: "Examples/NotesApp/App"),
    .executableTarget(
      name: "ServicesExample", dependencies: ["Registry"], path: "Examples/Services",
      exclude: ["README.md"]),
    .executableTarget(
      name: "TerminalApp", dependencies: ["Registry"], path: "Examples/TerminalApp",
      exclude: ["README.md"]),

    .executableTarget(
      name: "RegistryBenchmarks", dependencies: ["Registry"], path: "Benchmarks/RegistryBenchmarks"),

    .testTarget(name: "RegistryTests", dependencies: ["Registry", "RegistryTesting"]),
    .testTarget(name: "RegistryTestingTests", dependencies: ["Registry", "RegistryTesting"]),
    .testTarget(
      name: "AppleViewModelCompatibilityTests",
      dependencies: ["AppleViewModelCompatibility", "RegistryTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
