import Foundation
import TestSupport
import Testing

/// The SwiftPM plugins, used as an app uses them: `examples/plugin-consumer`, whose target's code
/// names tokens that exist only once EBTokensPlugin has generated them, is built with `swift build`
/// and run; `generate-tokens` writes its other outputs.
///
/// The consumer is copied to `.build/plugin-consumer/consumer`, and depends on this checkout through
/// the link `.build/plugin-consumer/ebtokens` (SwiftPM names a path dependency after its folder, and
/// the consumer names the package `ebtokens`). Both places and the scratch folder stay the same
/// from run to run, so that a second run compiles only the consumer, not ebtokens again.
/// Serialized: both tests build in one scratch folder.
@Suite(.serialized) struct PluginTests {
  private static let work = BinaryRunner.repositoryRoot.appendingPathComponent(".build/plugin-consumer")
  private static let consumer = work.appendingPathComponent("consumer")
  private static let scratch = work.appendingPathComponent("scratch").path
  private static let alertTokens = consumer.appendingPathComponent("Sources/TokensDemo/tokens/alert.yaml")

  /// A fresh copy of the example consumer, depending on this checkout, or on the package at
  /// `dependency` (relative to the consumer) named `package`.
  private func preparedConsumer(dependingOn dependency: String = "../ebtokens", package: String = "ebtokens")
    throws
  {
    let files = FileManager.default
    try files.createDirectory(at: Self.work, withIntermediateDirectories: true)
    let link = Self.work.appendingPathComponent("ebtokens")
    if (try? files.destinationOfSymbolicLink(atPath: link.path)) != BinaryRunner.repositoryRoot.path {
      try? files.removeItem(at: link)
      try files.createSymbolicLink(at: link, withDestinationURL: BinaryRunner.repositoryRoot)
    }
    try? files.removeItem(at: Self.consumer)
    try copyTree(
      BinaryRunner.repositoryRoot.appendingPathComponent("examples/plugin-consumer"), to: Self.consumer)
    let manifest = Self.consumer.appendingPathComponent("Package.swift")
    try replace(#".package(path: "../..")"#, with: ".package(path: \"\(dependency)\")", in: manifest)
    try replace(#"package: "ebtokens")"#, with: "package: \"\(package)\")", in: manifest)
  }

  private func swift(_ arguments: [String]) throws -> ChildProcess.Result {
    try ExternalTool.run(
      try ExternalTool.swift.require(), arguments, in: Self.consumer, environment: ExternalTool.environment,
      timeout: 900)
  }

  /// `swift build`, then what the built program prints.
  private func builtProgramOutput() throws -> [String] {
    let build = try swift(["build", "--scratch-path", Self.scratch])
    try #require(build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
    #expect(!build.stdout.contains("warning:"), "\(build.stdout)")
    let run = try ExternalTool.run(Self.scratch + "/debug/TokensDemo", [])
    try #require(run.status == 0, "\(run.stderr)")
    return ExternalTool.lines(run.stdout)
  }

  private func replace(_ old: String, with new: String, in file: URL) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    try #require(text.contains(old))
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
  }

  @Test(.requires(.swift))
  func theBuildPluginGeneratesTheTokensTheTargetUsesAndFollowsChangedAndNewTokenFiles()
    throws
  {
    try preparedConsumer()
    #expect(
      try builtProgramOutput() == [
        "information background #E5F1FF", "information title #072592", "space 16 16.0",
        "body 16.0pt weight 600.0",
      ])
    try replace("bg: \"#E5F1FF\"", with: "bg: \"#E5F1F0\"", in: Self.alertTokens)
    try replace(
      "space-16: 16px", with: "space-16: 18px",
      in: Self.consumer.appendingPathComponent("Sources/TokensDemo/tokens/space.yaml"))
    #expect(
      try builtProgramOutput() == [
        "information background #E5F1F0", "information title #072592", "space 16 18.0",
        "body 16.0pt weight 600.0",
      ])

    // A new token file is an input too.
    let target = Self.consumer.appendingPathComponent("Sources/TokensDemo")
    try Data("radius:\n  $type: dimension\n  small: 4px\n".utf8)
      .write(to: target.appendingPathComponent("tokens/radius.yaml"))
    let main = target.appendingPathComponent("main.swift")
    try Data(
      (try String(contentsOf: main, encoding: .utf8) + "print(\"radius \\(EBTokens.Radius.small)\")\n").utf8
    )
    .write(to: main)
    #expect(
      try builtProgramOutput() == [
        "information background #E5F1F0", "information title #072592", "space 16 18.0",
        "body 16.0pt weight 600.0", "radius 4.0",
      ])
  }

  /// A token file with an error fails the build with the error at its place, and builds nothing.
  @Test(.requires(.swift)) func aBrokenTokenFileFailsTheBuildWithItsLocation() throws {
    try preparedConsumer()
    try replace(
      "bg: \"#E5F1FF\"", with: "bg: \"{main.alert.color.information.missing}\"", in: Self.alertTokens)
    let build = try swift(["build", "--scratch-path", Self.scratch])
    #expect(build.status != 0)
    #expect(
      (build.stdout + build.stderr).contains(
        "Sources/TokensDemo/tokens/alert.yaml:7:13: error: 'main.alert.color.information.bg' references"),
      "\(build.stdout)\n\(build.stderr)")
  }

  @Test(.requires(.swift)) func theCommandPluginWritesTheOutputsAndChecksThem() throws {
    try preparedConsumer()
    let css = Self.consumer.appendingPathComponent("dist/css/tokens.css")
    // Without the permission, SwiftPM refuses to run it, and nothing is written.
    let refused = try swift(["package", "--scratch-path", Self.scratch, "generate-tokens"])
    #expect(refused.status != 0)
    #expect(!FileManager.default.fileExists(atPath: css.path))

    let generate = [
      "package", "--scratch-path", Self.scratch, "--allow-writing-to-package-directory", "generate-tokens",
    ]
    let written = try swift(generate)
    try #require(written.status == 0, "\(written.stdout)\n\(written.stderr)")
    #expect(written.stdout.contains("created dist/css/tokens.css"), "\(written.stdout)")
    #expect(
      try String(contentsOf: css, encoding: .utf8).contains("--main-alert-color-information-bg: #e5f1ff;"))
    #expect(
      FileManager.default.fileExists(
        atPath: Self.consumer.appendingPathComponent("dist/kotlin/com/eastblue/ds/tokens/EBTokens.kt").path))

    // Arguments pass through to `ebtokens build`: `--check` fails once a token changed.
    let upToDate = try swift(generate + ["--check"])
    #expect(upToDate.status == 0, "\(upToDate.stdout)\n\(upToDate.stderr)")
    try replace("bg: \"#E5F1FF\"", with: "bg: \"#E5F1F0\"", in: Self.alertTokens)
    let outOfDate = try swift(generate + ["--check"])
    #expect(outOfDate.status != 0)
    #expect(outOfDate.stdout.contains("out of date: dist/css/tokens.css"), "\(outOfDate.stdout)")
  }

  /// `Scripts/artifact-bundle.sh` packs a binary (here the one the tests built, not a release
  /// build, which would take minutes) as an artifact bundle and a plugin package on it; the
  /// consumer, depending on that package, builds without compiling ebtokens.
  @Test(.requires(.swift, .zip)) func theBuildPluginWorksFromTheArtifactBundle() throws {
    let bundleFolder = Self.work.appendingPathComponent("artifact-bundle")
    let script = try ExternalTool.run(
      "/bin/bash",
      [
        BinaryRunner.repositoryRoot.appendingPathComponent("Scripts/artifact-bundle.sh").path, "--binary",
        BinaryRunner.executable.path, "--output", bundleFolder.path, "1.2.3",
      ], in: BinaryRunner.repositoryRoot, environment: ExternalTool.environment, timeout: 120)
    try #require(script.status == 0, "\(script.stdout)\n\(script.stderr)")
    let checksum = try #require(ExternalTool.lines(script.stdout).last)
    #expect(checksum.wholeMatch(of: /checksum: [0-9a-f]{64}/) != nil, "\(checksum)")

    struct Bundle: Decodable {
      struct Artifact: Decodable {
        struct Variant: Decodable {
          let path: String
          let supportedTriples: [String]
        }
        let type: String
        let version: String
        let variants: [Variant]
      }
      let schemaVersion: String
      let artifacts: [String: Artifact]
    }
    let bundle = bundleFolder.appendingPathComponent("ebtokens.artifactbundle")
    let info = try JSONDecoder().decode(
      Bundle.self, from: Data(contentsOf: bundle.appendingPathComponent("info.json")))
    #expect(info.schemaVersion == "1.0")
    let artifact = try #require(info.artifacts["ebtokens"])
    #expect(artifact.type == "executable" && artifact.version == "1.2.3")
    let variant = try #require(artifact.variants.first)
    #expect(artifact.variants.count == 1)
    #expect(
      variant.supportedTriples.count == 1 && variant.supportedTriples[0].hasSuffix("-unknown-linux-gnu"))
    #expect(FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent(variant.path).path))
    #expect(
      FileManager.default.fileExists(
        atPath: bundleFolder.appendingPathComponent("ebtokens.artifactbundle.zip").path))

    try preparedConsumer(dependingOn: "../artifact-bundle/ebtokens-plugin", package: "ebtokens-plugin")
    #expect(
      try builtProgramOutput() == [
        "information background #E5F1FF", "information title #072592", "space 16 16.0",
        "body 16.0pt weight 600.0",
      ])
  }
}
