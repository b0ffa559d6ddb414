import Foundation
import TestSupport
import Testing

/// `ebtokens init && ebtokens build` in an empty folder, through the binary.
@Suite struct InitCommandTests {
  func withEmptyFolder(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-init-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  @Test func initThenBuildSucceedsInAnEmptyFolder() throws {
    try withEmptyFolder { directory in
      let initRun = try BinaryRunner.run(["init"], in: directory)
      #expect(initRun.status == 0, "\(initRun.stderr)")
      #expect(
        initRun.stdout == """
          created ebtokens.yml
          created tokens/tokens.yaml
          created schemas/ebtokens.schema.json
          created schemas/tokens.schema.json
          next: ebtokens build

          """)
      let build = try BinaryRunner.run(["build"], in: directory)
      #expect(build.status == 0, "\(build.stderr)")
      #expect(build.stdout.contains("The 1 pair passes WCAG 2 AA"), "\(build.stdout)")
      for output in [
        "dist/swift/Package.swift", "dist/swift/Sources/Tokens/Tokens.swift", "dist/kotlin",
        "dist/css/tokens.css",
        "dist/report/contrast-audit.md",
      ] {
        #expect(
          FileManager.default.fileExists(atPath: directory.appendingPathComponent(output).path), "\(output)")
      }
      let css = try String(
        contentsOf: directory.appendingPathComponent("dist/css/tokens.css"), encoding: .utf8)
      #expect(css.contains("--color-text: var(--color-brand);"), "\(css)")
      #expect(css.contains("--space-medium: 16px;"), "\(css)")
    }
  }

  @Test func thePlatformFlagsChooseTheOutputsAndPathTheFolder() throws {
    try withEmptyFolder { directory in
      let run = try BinaryRunner.run(["init", "--path", "app tokens", "--kotlin"], in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.hasSuffix("next: cd 'app tokens' && ebtokens build\n"), "\(run.stdout)")
      let project = directory.appendingPathComponent("app tokens")
      let build = try BinaryRunner.run(["build"], in: project)
      #expect(build.status == 0, "\(build.stderr)")
      let dist = try FileManager.default.contentsOfDirectory(
        atPath: project.appendingPathComponent("dist").path)
      #expect(dist.sorted() == ["kotlin", "report"])
    }
  }

  /// Every platform flag at once: the starter builds all seven outputs, with no warning.
  @Test func everyPlatformBuildsFromTheStarter() throws {
    try withEmptyFolder { directory in
      let flags = ["--swift", "--kotlin", "--css", "--xcassets", "--android", "--typescript", "--scss"]
      let run = try BinaryRunner.run(["init"] + flags, in: directory)
      #expect(run.status == 0, "\(run.stderr)")
      let build = try BinaryRunner.run(["build", "--strict"], in: directory)
      #expect(build.status == 0, "\(build.stderr)")
      let dist = directory.appendingPathComponent("dist")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: dist.path).sorted()
          == ["android", "css", "kotlin", "report", "swift", "web", "xcassets"])
      for file in [
        "android/res/values/colors.xml", "web/typescript/tokens.d.ts", "web/scss/_tokens.scss",
        "xcassets/EBTokens.xcassets/color/text.colorset/Contents.json",
      ] {
        #expect(FileManager.default.fileExists(atPath: dist.appendingPathComponent(file).path), "\(file)")
      }
    }
  }

  @Test func itNeverOverwritesAFile() throws {
    try withEmptyFolder { directory in
      let config = directory.appendingPathComponent("ebtokens.yml")
      try Data("tokens: mine\n".utf8).write(to: config)
      let run = try BinaryRunner.run(["init"], in: directory)
      #expect(run.status == 2)
      #expect(
        run.stderr
          == "error: 'ebtokens.yml' already exists; ebtokens init never overwrites a file\n1 error\n",
        "\(run.stderr)")
      #expect(run.stdout.isEmpty)
      #expect(try String(contentsOf: config, encoding: .utf8) == "tokens: mine\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ebtokens.yml"])
    }
  }
}
