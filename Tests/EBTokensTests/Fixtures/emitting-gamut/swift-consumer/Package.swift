// swift-tools-version:5.9
// An app that uses the Swift package generated from Fixtures/emitting-gamut/tokens, which the
// test writes next to this folder as ../swift.
import PackageDescription

let package = Package(
  name: "Consumer",
  dependencies: [.package(path: "../swift")],
  targets: [
    .executableTarget(name: "Consumer", dependencies: [.product(name: "EBTokens", package: "swift")])
  ]
)
