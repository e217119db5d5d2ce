// swift-tools-version:6.0
import PackageDescription

// A SwiftUI notes app built on Registry. Open this file in Xcode on a Mac and run the
// SwiftUINotesApp scheme (see README.md). It depends on the repository's package by path; the
// root package does not know about it, so nothing on Linux builds it but Tests/AppleLayer,
// which compiles these sources against its stand-in SwiftUI and UIKit.
let package = Package(
  name: "SwiftUINotes",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: [
    // The screens, view models and previews; an iOS app project can depend on this.
    .library(name: "SwiftUINotes", targets: ["SwiftUINotes"]),
    .executable(name: "SwiftUINotesApp", targets: ["SwiftUINotesApp"]),
  ],
  dependencies: [.package(name: "Registry", path: "../..")],
  targets: [
    .target(
      name: "SwiftUINotes", dependencies: [.product(name: "Registry", package: "Registry")]),
    // The app: its window and the composition root's call.
    .executableTarget(
      name: "SwiftUINotesApp",
      dependencies: ["SwiftUINotes", .product(name: "Registry", package: "Registry")]),
  ],
  swiftLanguageModes: [.v6]
)
