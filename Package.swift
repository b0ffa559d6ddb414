// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ebtokens",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "ebtokens", targets: ["ebtokens"]),
    .executable(name: "ebtokens-bench", targets: ["ebtokens-bench"]),
    .library(name: "EBTokensCore", targets: ["EBTokensCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // glibc's <malloc.h>: the build returns the memory each render job freed, when it runs on
    // glibc's allocator (Sources/EBTokensCore/Emitting/Concurrency.swift).
    .systemLibrary(name: "CMalloc"),
    .target(
      name: "EBTokensCore",
      dependencies: ["CYAML", "CMalloc"]
    ),
    // jemalloc for `ebtokens` on Linux, with its options (Sources/CAllocator/allocator.c).
    .target(
      name: "CAllocator",
      linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "ebtokens",
      dependencies: [
        "EBTokensCore",
        "CAllocator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(name: "EBTokensBenchSupport"),
    .executableTarget(
      name: "ebtokens-bench",
      dependencies: [
        "EBTokensCore",
        "EBTokensBenchSupport",
        "CYAML",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The libFuzzer target (Scripts/fuzz.sh); in a plain build, a tool that replays its findings.
    .executableTarget(
      name: "ebtokens-fuzz",
      dependencies: ["EBTokensCore"]
    ),
    // What every test target shares: goldens, running the binary and the tools that prove its
    // output (with a timeout), skipping on a missing tool, seeded randomness. Independent of the
    // library, so it stays as it is however the library is split.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "EBTokensCoreTests",
      dependencies: ["EBTokensCore", "EBTokensBenchSupport", "TestSupport"],
      exclude: ["Fixtures", "Golden"]
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["ebtokens", "TestSupport"],
      exclude: ["Fixtures", "Corpus"]
    ),
  ]
)
