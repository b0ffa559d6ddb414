import Foundation
import TestSupport
import Testing

/// Colors outside sRGB through the built binary (the gamut fixture,
/// `Tests/EBTokensTests/Fixtures/emitting-gamut`): `build` warns once per such color at its
/// components and writes every output, `--strict` refuses the same warnings as errors and writes
/// nothing, the audit says which pairs it judged on a gamut mapping, and `export` keeps the colors
/// as written.
@Suite struct GamutCommandTests {
  static let tokens = BinaryRunner.testsDirectory.deletingLastPathComponent()
    .appendingPathComponent("EBTokensTests/Fixtures/emitting-gamut/tokens")

  static let configuration = """
    tokens: tokens
    outputs:
      - kind: css
        destination: css/tokens.css
    audit:
      rules:
        - foreground: color.hot-pink
          background: "#FFFFFF"
          role: non-text
        - foreground: color.ink
          background: "#FFFFFF"
          role: text
    """

  static let hotPinkWarning =
    "tokens/gamut.yaml:9:50: warning: in color 'color.hot-pink': color(display-p3 1 0 1) is outside the sRGB "
    + "gamut: where only sRGB can be shown (the CSS fallback, sRGB displays, the contrast audit) it is "
    + "gamut-mapped (CSS Color 4) to #FF2BFB; wide-gamut outputs keep it"

  @Test func buildWarnsAtEachColorOutsideSRGBAndWritesTheOutputs() throws {
    try withProject { project in
      let build = try BinaryRunner.run(["build"], in: project, timeout: 60)
      #expect(build.status == 0, "\(build.stderr)")
      let warnings = build.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
      #expect(warnings.count == 3, "\(build.stderr)")
      #expect(warnings.first.map(String.init) == Self.hotPinkWarning, "\(build.stderr)")
      #expect(
        warnings[1].hasPrefix(
          "tokens/gamut.yaml:11:45: warning: in color 'color.brand-blue': oklch(0.6 0.25 264)"))
      #expect(
        warnings[2].hasPrefix(
          "tokens/gamut.yaml:24:52: warning: in gradient 'gradient.glow': color(display-p3 0 1 0)"))
      #expect(build.stderr.contains("3 warnings"), "\(build.stderr)")
      let css = try String(contentsOf: project.appendingPathComponent("css/tokens.css"), encoding: .utf8)
      #expect(css.contains("  --color-hot-pink: rgb(255 42.676511 250.573752 / 1);\n"), "\(css)")
      #expect(css.contains("      --color-hot-pink: color(display-p3 1 0 1);\n"), "\(css)")
    }
  }

  @Test func strictTurnsEachGamutWarningIntoAnErrorAndWritesNothing() throws {
    try withProject { project in
      let build = try BinaryRunner.run(["build", "--strict"], in: project, timeout: 60)
      #expect(build.status == 2)
      #expect(build.stderr.components(separatedBy: ": error: ").count - 1 == 3, "\(build.stderr)")
      #expect(
        build.stderr.contains(Self.hotPinkWarning.replacingOccurrences(of: ": warning: ", with: ": error: ")))
      #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("css").path))
    }
  }

  @Test func theAuditSaysWhichPairsItJudgedOnTheSRGBGamutMapping() throws {
    try withProject { project in
      let audit = try BinaryRunner.run(["audit"], in: project, timeout: 60)
      #expect(audit.status == 0, "\(audit.stderr)")
      let lines = audit.stdout.split(separator: "\n")
      #expect(
        lines.contains { $0.contains("color.hot-pink") && $0.hasSuffix("#FF2BFB on #FFFFFF †") },
        "\(audit.stdout)")
      #expect(
        lines.contains { $0.contains("color.ink") && $0.hasSuffix("#072592 on #FFFFFF") }, "\(audit.stdout)")
      #expect(
        audit.stdout.contains(
          "† 1 pair holds a color written outside sRGB, judged as its sRGB gamut mapping (CSS Color 4): what an "
            + "sRGB display shows."), "\(audit.stdout)")
      let markdown = try BinaryRunner.run(["audit", "--format", "markdown"], in: project, timeout: 60)
      #expect(markdown.stdout.contains("`#FF2BFB` on `#FFFFFF` † |"), "\(markdown.stdout)")
      #expect(
        markdown.stdout.contains("\n<sub>† 1 pair holds a color written outside sRGB"), "\(markdown.stdout)")
      let json = try BinaryRunner.run(["audit", "--format", "json"], in: project, timeout: 60)
      #expect(json.stdout.contains("\"foregroundAsWritten\": \"color(display-p3 1 0 1)\""), "\(json.stdout)")
    }
  }

  /// The export keeps each color as written, with the sRGB gamut mapping as its `hex` fallback, and
  /// reads back to the same tokens.
  @Test func exportKeepsTheColorsAsWrittenAndReadsBack() throws {
    try withProject { project in
      let export = try BinaryRunner.run(
        ["export", "--output", "out/all.tokens.json"], in: project, timeout: 60)
      #expect(export.status == 0, "\(export.stderr)")
      let json = try String(
        contentsOf: project.appendingPathComponent("out/all.tokens.json"), encoding: .utf8)
      let compact = json.filter { !$0.isWhitespace }
      #expect(
        compact.contains(
          "\"hot-pink\":{\"$type\":\"color\",\"$value\":{\"colorSpace\":\"display-p3\",\"components\":[1,0,1],\"hex\":\"#ff2bfb\"}}"
        ),
        "\(json)")
      #expect(compact.contains("\"colorSpace\":\"oklch\",\"components\":[0.6,0.25,264]"), "\(json)")
      let original = try BinaryRunner.run(["list", "--format", "json"], in: project, timeout: 60)
      let readBack = try BinaryRunner.run(
        ["list", "--format", "json", "--tokens", "out"], in: project, timeout: 60)
      #expect(readBack.status == 0, "\(readBack.stderr)")
      // The same colors; the same warnings, and one more: the alias at 50%, which DTCG has no
      // syntax for, is a Display P3 color object of its own (its components `$ref`s to its target's).
      func values(_ listing: String) -> [String] {
        listing.split(separator: "\n").filter { $0.contains("\"value\"") }.map {
          String($0.filter { !$0.isWhitespace })
        }
      }
      #expect(values(readBack.stdout) == values(original.stdout), "\(readBack.stdout)")
      #expect(readBack.stderr.components(separatedBy: ": warning: ").count - 1 == 4, "\(readBack.stderr)")
      #expect(
        readBack.stderr.contains("in color 'color.accent-soft': color(display-p3 1 0 1 / 0.5) is outside"))
    }
  }

  private func withProject(_ body: (URL) throws -> Void) throws {
    let project = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-gamut-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: project) }
    try copyTree(Self.tokens, to: project.appendingPathComponent("tokens"))
    try Data(Self.configuration.utf8).write(to: project.appendingPathComponent("ebtokens.yml"))
    try body(project)
  }
}
