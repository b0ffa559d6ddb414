// swift-tools-version:6.0
import PackageDescription

// An app package whose target gets its design tokens from EBTokensPlugin at build time
// (docs/swiftpm-plugins.md). SwiftPM names a path dependency after its folder: here the
// ebtokens checkout, `../..`, is expected to be a folder named `ebtokens`.
let package = Package(
  name: "plugin-consumer",
  dependencies: [
    .package(path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "TokensDemo",
      // The config and the tokens are the plugin's inputs, not the target's sources.
      exclude: ["ebtokens.yml", "tokens"],
      plugins: [.plugin(name: "EBTokensPlugin", package: "ebtokens")]
    )
  ]
)
