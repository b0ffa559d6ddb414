// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ebtokens",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "ebtokens", targets: ["ebtokens"]),
    .library(name: "EBTokensCore", targets: ["EBTokensCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(
      name: "EBTokensCore",
      dependencies: ["CYAML"]
    ),
    .executableTarget(
      name: "ebtokens",
      dependencies: [
        "EBTokensCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "EBTokensCoreTests",
      dependencies: ["EBTokensCore"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["ebtokens"]
    ),
  ]
)
