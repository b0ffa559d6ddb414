import Foundation
import Testing

/// The shipped dark-mode example (`examples/dark-mode`) through the built binary: its audit judges
/// each mode on its own colors, and one build generates every output for both modes.
@Suite struct ModesCommandTests {
  static let config = "examples/dark-mode/ebtokens.yml"

  @Test func theAuditReportsAFailureThatExistsOnlyInDarkMode() throws {
    let run = try BinaryRunner.run(["audit", "--config", Self.config, "--allow-outside-project"])
    #expect(run.status == 1, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(lines.first == "RESULT MODE ROLE RATIO NEEDS APCA Lc FOREGROUND BACKGROUND SEEN")
    #expect(
      lines.filter { $0.hasPrefix("FAIL") } == [
        "FAIL dark non-text 2.56:1 3:1 -18.6 main.alert.color.error.icon main.alert.color.error.bg "
          + "#B0231C on #2E1210",
        "FAIL light text 4.42:1 4.5:1 68.7 main.alert.color.warning.description main.alert.color.warning.bg "
          + "#897236 on #FFF9EB",
        "FAIL light text 4.00:1 4.5:1 67.3 main.nudge.color.primary.description main.nudge.color.primary.bg "
          + "#6780A9 on #FFFFFF",
      ])
    // The same icon passes on the light surface.
    #expect(
      lines.contains(
        "pass light non-text 5.93:1 3:1 72.7 main.alert.color.error.icon main.alert.color.error.bg "
          + "#B0231C on #FEECEB"))
    #expect(
      lines.last
        == "3 of 44 pairs fail WCAG 2 AA: 2 of 22 in light, 1 of 22 in dark (2 decorative, reported but not judged)"
    )

    let json = try BinaryRunner.run([
      "audit", "--config", Self.config, "--allow-outside-project", "--format", "json",
    ])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let results = try #require(report["results"] as? [[String: Any]])
    let icon = results.filter { $0["foreground"] as? String == "main.alert.color.error.icon" }
    #expect(icon.map { $0["mode"] as? String } == ["light", "dark"])
    #expect(icon.map { $0["pass"] as? Bool } == [true, false])
  }

  @Test func theExampleNeedsPermissionToReadTheShippedTokens() throws {
    let run = try BinaryRunner.run(["audit", "--config", Self.config])
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix(
        "examples/dark-mode/ebtokens.yml:13:9: error: 'tokens' path '../../tokens' is outside the project "
          + "folder; pass --allow-outside-project to permit it"))
  }

  /// Built in a copy of the repository's layout, so the test writes nothing into the repository.
  @Test func oneBuildGeneratesEveryOutputForBothModes() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-modes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let example = root.appendingPathComponent("examples/dark-mode")
    try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
    for item in ["ebtokens.yml", "tokens-dark"] {
      try FileManager.default.copyItem(
        at: BinaryRunner.repositoryRoot.appendingPathComponent("examples/dark-mode/\(item)"),
        to: example.appendingPathComponent(item))
    }
    try FileManager.default.copyItem(
      at: BinaryRunner.repositoryRoot.appendingPathComponent("tokens"),
      to: root.appendingPathComponent("tokens"))

    let run = try BinaryRunner.run(["build", "--config", Self.config, "--allow-outside-project"], in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains("contrast audit: 3 of 44 pairs fail WCAG 2 AA: 2 of 22 in light, 1 of 22 in dark"))
    func read(_ path: String) -> String {
      (try? String(contentsOf: example.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }
    #expect(read("dist/swift/Sources/EBTokens/EBModes.swift").contains("case dark"))
    // The token is declared five levels into `extension EBTokens`: in Main, Alert, Color, Information.
    let indent = String(repeating: "  ", count: 5)
    #expect(
      generatedSources(in: example.appendingPathComponent("dist/swift/Sources/EBTokens"), extension: "swift")
        .contains(
          "public static var bg: EBModal<EBColor> {\n\(indent)  EBModal(\n\(indent)    light: EBColor(hex: 0xE5F1FF),\n"
            + "\(indent)    dark: EBColor(hex: 0x0F1D3A)\n"))
    #expect(read("dist/kotlin/com/eastblue/ds/tokens/EBTokens.kt").contains("val dark: EBColorScheme"))
    #expect(
      read("dist/css/tokens.css").contains("[data-theme=\"dark\"] {\n  --main-alert-color-error-bg: #2e1210;")
    )
    #expect(read("dist/report/contrast-audit.json").contains("\"mode\": \"dark\""))

    let check = try BinaryRunner.run(
      ["build", "--config", Self.config, "--allow-outside-project", "--check"], in: root)
    #expect(check.status == 0, "\(check.stdout)")
  }
}
