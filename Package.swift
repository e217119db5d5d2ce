// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Registry",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Registry", targets: ["Registry"]),
    .library(name: "RegistryTesting", targets: ["RegistryTesting"]),
  ],
  targets: [
    .target(name: "Registry"),
    .target(name: "RegistryTesting", dependencies: ["Registry"]),
    .executableTarget(name: "CounterExample", dependencies: ["Registry"], path: "Examples/Counter"),
    .testTarget(name: "RegistryTests", dependencies: ["Registry", "RegistryTesting"]),
    .testTarget(name: "RegistryTestingTests", dependencies: ["Registry", "RegistryTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
