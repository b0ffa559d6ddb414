import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensModel
@testable import EBTokensResolution

extension AuditFixture {
  /// The audit of a fixture with modes, loaded as ``result(_:level:method:)`` loads one without:
  /// files named relative to the fixture's folder, so reports are the same wherever the tests run.
  static func modalResult(_ name: String) throws -> AuditResult {
    let root = folder(name)
    let yaml = try String(contentsOfFile: root + "/ebtokens.yml", encoding: .utf8)
    let configuration = try ConfigurationLoader().load(yaml: yaml, path: "ebtokens.yml", baseDirectory: root)
    let prefix = (root as NSString).standardizingPath + "/"
    func files(_ folder: String) throws -> [TokenFiles.File] {
      try TokenFiles.find(in: root + "/" + folder).map { file in
        let path = (file.path as NSString).standardizingPath
        return TokenFiles.File(path: path, displayPath: String(path.dropFirst(prefix.count)))
      }
    }
    let modes = try configuration.modes.map { mode in
      ModeSource(
        name: mode.name,
        layers: try mode.layers.map { ModeSource.Layer(name: $0.path, files: try files($0.path)) })
    }
    let tokens = try ModalTokenLoader().load(base: files(configuration.tokens), modes: modes).value
    return try ContrastAudit.run(tokens: tokens, audit: configuration.audit, configPath: configuration.path)
  }
}

/// The audit with modes: every rule in every mode, on that mode's colors and canvas, and reports
/// that say which mode each result is in.
@Suite struct AuditModesTests {
  private static func result() throws -> AuditResult { try AuditFixture.modalResult("modes") }

  private static func verdicts(_ result: AuditResult) -> [String] {
    result.results.map { "\($0.mode ?? "-") \($0.foreground) \($0.passes ? "pass" : "FAIL")" }
  }

  @Test(arguments: AuditReport.Format.allCases)
  func eachFormatMatchesItsGolden(format: AuditReport.Format) throws {
    try Golden.expectMatch(
      AuditReport.render(try Self.result(), format: format), golden: "audit/modes.\(format.fileExtension)")
  }

  @Test func everyPairIsJudgedInEveryModeOnItsOwnColors() throws {
    let result = try Self.result()
    #expect(result.modes == [.init(name: "light", canvas: .white), .init(name: "dark", canvas: .darkCanvas)])
    #expect(
      Self.verdicts(result) == [
        "light card.body pass", "dark card.body pass",
        "light card.hint FAIL", "dark card.hint pass",
        // Not overridden in dark: the light icon on the dark card.
        "light card.icon pass", "dark card.icon FAIL",
        "light card.title pass", "dark card.title pass",
        // 50% black over each mode's canvas: #7F7F7F in light, #090909 in dark.
        "light scrim.text FAIL", "dark scrim.text pass",
      ])
    let scrim = result.results.filter { $0.foreground == "scrim.text" }.map(\.backdrop.hex)
    #expect(scrim == ["#7F7F7F", "#090909"])
    // The body is its title at 80% in every mode: the dark body is the dark title's.
    let darkBody = try #require(result.results.first { $0.mode == "dark" && $0.foreground == "card.body" })
    #expect(darkBody.foregroundColor.hex == "#EEF2F8CC")
    // A literal background per mode, shown as written for that mode.
    #expect(
      result.results.filter { $0.foreground == "card.hint" }.map(\.background) == ["#FFFFFF", "#121212"])
    #expect(result.summary == "3 of 10 pairs fail WCAG 2 AA: 2 of 5 in light, 1 of 5 in dark")
    #expect(result.exitCode == 1)
  }

  @Test func aResultPointsAtWhereTheTokenIsDefinedInItsMode() throws {
    let result = try Self.result()
    let hints = result.results.filter { $0.foreground == "card.hint" }.map(\.foregroundLocation.description)
    #expect(hints == ["tokens/colors.yaml:9:3", "dark/colors.yaml:5:3"])
  }

  @Test func jsonAndSARIFNameTheMode() throws {
    let result = try Self.result()
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(AuditReport.render(result, format: .json).utf8))
        as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    let darkIcon = try #require(
      results.first { $0["mode"] as? String == "dark" && $0["foreground"] as? String == "card.icon" })
    #expect(darkIcon["pass"] as? Bool == false)
    let modes = try #require(json["modes"] as? [[String: Any]])
    #expect(modes.map { $0["name"] as? String } == ["light", "dark"])
    #expect(modes.map { $0["canvas"] as? String } == ["#FFFFFF", "#121212"])
    #expect(modes.map { $0["failed"] as? Int } == [2, 1])

    let sarif = AuditReport.render(result, format: .sarif)
    #expect(
      sarif.contains("\"text\": \"In mode 'dark', 'card.icon' on 'card.bg' (non-text) has contrast 1.76:1"))
    #expect(sarif.contains("\"mode\": \"dark\""))
  }

  @Test func withoutModesReportsHaveNoModeColumnOrField() throws {
    let result = try AuditFixture.result("report")
    #expect(result.modes.isEmpty)
    #expect(result.results.allSatisfy { $0.mode == nil })
    #expect(!AuditReport.render(result, format: .text).contains("MODE"))
    #expect(!AuditReport.render(result, format: .json).contains("\"mode"))
  }
}

extension Color {
  fileprivate static let white = Color(red: 1, green: 1, blue: 1)
  fileprivate static let darkCanvas = Color(red: 18.0 / 255, green: 18.0 / 255, blue: 18.0 / 255)
}
