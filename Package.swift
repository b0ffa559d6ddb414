// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ebtokens",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "ebtokens", targets: ["ebtokens"]),
    .executable(name: "ebtokens-bench", targets: ["ebtokens-bench"]),
    .library(name: "EBTokens", targets: ["EBTokens"]),
    // The plugins' products (docs/swiftpm-plugins.md); Scripts/artifact-bundle.sh copies them.
    .plugin(name: "EBTokensPlugin", targets: ["EBTokensPlugin"]),
    .plugin(name: "GenerateTokens", targets: ["GenerateTokens"]),
    // End of the plugins' products.
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation --target EBTokens`: the library's DocC documentation
    // (Sources/EBTokens/EBTokens.docc). A plugin only; nothing of it is linked into a product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // What glibc has and Swift's Glibc module leaves out: `malloc_trim`, with which the build
    // returns the memory each render job freed when it runs on glibc's allocator
    // (Sources/EBTokensSupport/Concurrency.swift), and `sync_file_range`, with which the writer
    // starts a file's pages on their way to the disk (Sources/EBTokensSupport/Writeback.swift).
    .systemLibrary(name: "CSystemExtras"),
    // The compiler, one module per stage of the pipeline (docs/architecture.md). Each depends only
    // on the modules below it; Tests/EBTokensTests/ArchitectureTests.swift fails on an import that
    // goes up or across.
    .target(name: "EBTokensSupport", dependencies: ["CSystemExtras"]),
    .target(name: "EBTokensSyntax", dependencies: ["EBTokensSupport", "CYAML"]),
    .target(name: "EBTokensModel", dependencies: ["EBTokensSupport", "EBTokensSyntax"]),
    .target(name: "EBTokensConfig", dependencies: ["EBTokensSupport", "EBTokensModel"]),
    .target(name: "EBTokensParsing", dependencies: ["EBTokensSupport", "EBTokensSyntax", "EBTokensModel"]),
    .target(
      name: "EBTokensResolution",
      dependencies: [
        "EBTokensSupport", "EBTokensSyntax", "EBTokensModel", "EBTokensConfig", "EBTokensParsing",
      ]
    ),
    .target(
      name: "EBTokensEmitting",
      dependencies: ["EBTokensSupport", "EBTokensSyntax", "EBTokensModel", "EBTokensConfig"]
    ),
    .target(name: "EBTokensAudit", dependencies: ["EBTokensSupport", "EBTokensModel", "EBTokensConfig"]),
    .target(
      name: "EBTokensBuild",
      dependencies: [
        "EBTokensSupport", "EBTokensSyntax", "EBTokensModel", "EBTokensConfig", "EBTokensParsing",
        "EBTokensResolution", "EBTokensEmitting", "EBTokensAudit",
      ]
    ),
    // The library's public API in one import: re-exports every stage.
    .target(
      name: "EBTokens",
      dependencies: [
        "EBTokensSupport", "EBTokensSyntax", "EBTokensModel", "EBTokensConfig", "EBTokensParsing",
        "EBTokensResolution", "EBTokensEmitting", "EBTokensAudit", "EBTokensBuild",
      ]
    ),
    // jemalloc for `ebtokens` on Linux, with its options (Sources/CAllocator/allocator.c).
    .target(
      name: "CAllocator",
      linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "ebtokens",
      dependencies: [
        "EBTokens",
        "CAllocator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The plugins' targets; Scripts/artifact-bundle.sh copies them. EBTokensPlugin generates a
    // target's tokens at build time with a buildCommand, not a prebuild command: SwiftPM runs a
    // prebuild command only with a binary (an artifact bundle), and a buildCommand with either.
    // GenerateTokens is `swift package generate-tokens`: `ebtokens build` in the package.
    .plugin(name: "EBTokensPlugin", capability: .buildTool(), dependencies: ["ebtokens"]),
    .plugin(
      name: "GenerateTokens",
      capability: .command(
        intent: .custom(verb: "generate-tokens", description: "Build the outputs ebtokens.yml lists"),
        permissions: [
          .writeToPackageDirectory(
            reason: "ebtokens build writes the outputs ebtokens.yml lists into the package")
        ]
      ),
      dependencies: ["ebtokens"]
    ),
    // End of the plugins' targets.
    .target(name: "EBTokensBenchSupport"),
    // On jemalloc, as `ebtokens` is: phases (b) and (e) run the library in this process, and
    // measure what `ebtokens` does.
    .executableTarget(
      name: "ebtokens-bench",
      dependencies: [
        "EBTokens",
        "EBTokensBenchSupport",
        "EBTokensSupport",
        "CAllocator",
        "CYAML",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The libFuzzer target (Scripts/fuzz.sh); in a plain build, a tool that replays its findings.
    .executableTarget(
      name: "ebtokens-fuzz",
      dependencies: ["EBTokens"]
    ),
    // What every test target shares: goldens, running the binary and the tools that prove its
    // output (with a timeout), skipping on a missing tool, seeded randomness. Independent of the
    // library, so it stays as it is however the library is split.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "EBTokensTests",
      dependencies: ["EBTokens", "EBTokensBenchSupport", "TestSupport"],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["ebtokens", "TestSupport"],
      exclude: ["Fixtures", "Corpus"]
    ),
  ]
)
