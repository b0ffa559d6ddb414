import Foundation
import TestSupport
import Testing

/// Figma's native Variables export (`Tests/EBTokensTests/Fixtures/figma`, see its README) through
/// the built binary: each project builds unchanged, with exactly the recorded warnings (one per
/// `string` variable), and `--strict` refuses the same warnings as errors, writing nothing.
@Suite struct FigmaExportTests {
  static let fixtures = BinaryRunner.testsDirectory.deletingLastPathComponent()
    .appendingPathComponent("EBTokensTests/Fixtures/figma")

  @Test(arguments: ["single", "multi"])
  func theExportBuildsUnchangedWithItsWarnings(_ name: String) throws {
    try withProjectCopy(name) { project in
      let build = try BinaryRunner.run(["build"], in: project, timeout: 60)
      #expect(build.status == 0, "\(build.stderr)")
      try Golden.expectMatch(
        build.stderr, file: Self.fixtures.appendingPathComponent("\(name)/expected-warnings.txt"))
      #expect(build.stdout.contains("files changed"), "\(build.stdout)")
      // Warnings are shown on every build: a build with warnings is never skipped unseen.
      let again = try BinaryRunner.run(["build"], in: project, timeout: 60)
      #expect(again.stderr == build.stderr)
    }
  }

  @Test(arguments: ["single", "multi"])
  func strictTurnsEachWarningIntoAnErrorAndWritesNothing(_ name: String) throws {
    try withProjectCopy(name) { project in
      let build = try BinaryRunner.run(["build", "--strict"], in: project, timeout: 60)
      #expect(build.status == 2)
      let warnings = try String(
        contentsOf: Self.fixtures.appendingPathComponent("\(name)/expected-warnings.txt"), encoding: .utf8)
      let count = warnings.components(separatedBy: ": warning: ").count - 1
      #expect(build.stderr.components(separatedBy: ": error: ").count - 1 == count)
      #expect(!build.stderr.contains("warning"))
      #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("swift").path))
    }
  }

  /// Copies the fixture's project (its token files and config, not the test apps) to a temporary
  /// folder.
  private func withProjectCopy(_ name: String, _ body: (URL) throws -> Void) throws {
    let project = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-figma-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: project) }
    let source = Self.fixtures.appendingPathComponent(name)
    for entry in ["ebtokens.yml", "tokens", "dark"]
    where FileManager.default.fileExists(atPath: source.appendingPathComponent(entry).path) {
      try copyTree(source.appendingPathComponent(entry), to: project.appendingPathComponent(entry))
    }
    try body(project)
  }
}
