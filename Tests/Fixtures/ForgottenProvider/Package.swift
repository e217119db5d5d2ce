// swift-tools-version:6.0
import PackageDescription

// A small app built on Registry the way the docs teach, whose test run must fail: one test
// forgets to provide the API client. Not part of the green suite; .ci/check-forgotten-provider.sh
// runs it and checks that exactly that test fails, with the full message, and the rest pass.
let package = Package(
  name: "ForgottenProvider",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  dependencies: [
    // Named, so that the products resolve whatever the checkout's folder is called.
    .package(name: "Registry", path: "../../..")
  ],
  targets: [
    .target(
      name: "APIClientInterface",
      dependencies: [.product(name: "Registry", package: "Registry")]),
    .target(
      name: "APIClientLive",
      dependencies: ["APIClientInterface", .product(name: "Registry", package: "Registry")]),
    // Depends on the interface module only: the live client is the composition root's choice.
    .target(
      name: "ProfileFeature",
      dependencies: ["APIClientInterface", .product(name: "Registry", package: "Registry")]),
    .executableTarget(
      name: "App",
      dependencies: [
        "APIClientInterface", "APIClientLive", "ProfileFeature",
        .product(name: "Registry", package: "Registry"),
      ]),
    .testTarget(
      name: "ProfileFeatureTests",
      dependencies: [
        "APIClientInterface", "ProfileFeature",
        .product(name: "Registry", package: "Registry"),
        .product(name: "RegistryTesting", package: "Registry"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
