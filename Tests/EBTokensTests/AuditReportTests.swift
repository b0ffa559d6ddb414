import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The audit fixtures under `Fixtures/audit/`, each a folder with `ebtokens.yml` and `tokens/`,
/// loaded as if `ebtokens audit` ran in that folder (files named `tokens/…`, config `ebtokens.yml`)
/// so reports are the same wherever the tests run.
enum AuditFixture {
  static func folder(_ name: String) -> String { TestPaths.fixture("audit/\(name)") }

  static func result(
    _ name: String, level: Configuration.Audit.Level? = nil, method: Configuration.Audit.Method? = nil
  ) throws -> AuditResult {
    let root = folder(name)
    let yaml = try String(contentsOfFile: root + "/ebtokens.yml", encoding: .utf8)
    var configuration = try ConfigurationLoader().load(yaml: yaml, path: "ebtokens.yml", baseDirectory: root)
    if let level { configuration.audit.level = level }
    if let method { configuration.audit.method = method }
    let prefix = (root as NSString).standardizingPath + "/"
    let files = try TokenFiles.find(in: root + "/tokens").map { file in
      let path = (file.path as NSString).standardizingPath
      return TokenFiles.File(path: path, displayPath: String(path.dropFirst(prefix.count)))
    }
    return try runAudit(tokens: try TokenLoader().load(files: files).value, configuration: configuration)
  }
}

@Suite struct AuditReportTests {
  private static func report() throws -> AuditResult { try AuditFixture.result("report") }

  // MARK: - Goldens

  @Test(arguments: AuditReport.Format.allCases)
  func eachFormatMatchesItsGolden(format: AuditReport.Format) throws {
    try Golden.expectMatch(
      AuditReport.render(try Self.report(), format: format), golden: "audit/report.\(format.fileExtension)")
  }

  @Test func coloredTextMatchesItsGolden() throws {
    try Golden.expectMatch(
      AuditReport.render(try Self.report(), format: .text, colored: true), golden: "audit/report.colored.txt")
  }

  @Test func aaaAndAPCAMatchTheirGoldens() throws {
    let aaa = try AuditFixture.result("report", level: .aaa)
    try Golden.expectMatch(AuditReport.render(aaa, format: .text), golden: "audit/report-aaa.txt")
    let apca = try AuditFixture.result("report", method: .apca)
    try Golden.expectMatch(AuditReport.render(apca, format: .markdown), golden: "audit/report-apca.md")
    try Golden.expectMatch(AuditReport.render(apca, format: .json), golden: "audit/report-apca.json")
    try Golden.expectMatch(AuditReport.render(apca, format: .html), golden: "audit/report-apca.html")
  }

  @Test func aPassingAuditMatchesItsGoldens() throws {
    let passing = try AuditFixture.result("passing")
    try Golden.expectMatch(AuditReport.render(passing, format: .markdown), golden: "audit/passing.md")
    try Golden.expectMatch(AuditReport.render(passing, format: .sarif), golden: "audit/passing.sarif")
    try Golden.expectMatch(AuditReport.render(passing, format: .html), golden: "audit/passing.html")
  }

  // MARK: - Text

  @Test func textPutsFailuresFirstAndAlignsColumns() throws {
    let text = AuditReport.render(try Self.report(), format: .text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let table = Array(lines.prefix { !$0.isEmpty })
    #expect(table.count == 11)
    #expect(table.dropFirst().prefix(3).allSatisfy { $0.hasPrefix("FAIL") })
    #expect(table.dropFirst(4).allSatisfy { !$0.hasPrefix("FAIL") })
    // RATIO is right-aligned: every row's ratio ends where the header does.
    let header = try #require(table.first)
    let ratioEnd = try #require(header.range(of: "RATIO")).upperBound.utf16Offset(in: header)
    for row in table.dropFirst() {
      let index = row.index(row.startIndex, offsetBy: ratioEnd)
      #expect(row[..<index].hasSuffix(":1"), "\(row)")
    }
    #expect(
      lines.last(where: { !$0.isEmpty })
        == "3 of 10 pairs fail WCAG 2 AA (1 decorative, reported but not judged)")
    #expect(!text.contains("\u{1B}"))
  }

  @Test func colorIsOnlyAddedOnRequestAndDoesNotMoveColumns() throws {
    let result = try Self.report()
    let colored = AuditReport.render(result, format: .text, colored: true)
    #expect(colored.contains("\u{1B}[1;31mFAIL\u{1B}[0m"))
    #expect(colored.contains("\u{1B}[32mpass\u{1B}[0m"))
    let stripped = colored.replacing(#/\x1B\[[0-9;]*m/#, with: "")
    #expect(stripped == AuditReport.render(result, format: .text))
    // Only the text format is colored.
    #expect(!AuditReport.render(result, format: .markdown).contains("\u{1B}"))
  }

  // MARK: - Markdown

  @Test func markdownHasASummaryLineAndEscapesCells() throws {
    let markdown = AuditReport.render(try Self.report(), format: .markdown)
    #expect(markdown.hasPrefix("❌ **3 of 10 pairs fail WCAG 2 AA**\n\n| "))
    // The name `<b>|`x`&y` holds a pipe (escaped for the table) and backticks (longer fence).
    #expect(markdown.contains("| `` hint.<b>\\|`x`&y `` |"))
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| |") }
    #expect(rows.count == 10)
    #expect(rows.prefix(3).allSatisfy { $0.hasPrefix("| ❌") })
  }

  @Test func aPassingMarkdownSummary() throws {
    let markdown = AuditReport.render(try AuditFixture.result("passing"), format: .markdown)
    #expect(markdown.hasPrefix("✅ **All 3 pairs pass WCAG 2 AA**\n"))
  }

  // MARK: - JSON

  @Test func jsonHasExactlyTheDocumentedShape() throws {
    let text = AuditReport.render(try Self.report(), format: .json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["level", "method", "summary", "results"])
    #expect(object["level"] as? String == "AA")
    #expect(object["method"] as? String == "wcag2")
    let summary = try #require(object["summary"] as? [String: Int])
    #expect(summary == ["pairs": 10, "passed": 7, "failed": 3])
    let results = try #require(object["results"] as? [[String: Any]])
    let keys = [
      "foreground", "background", "role", "foregroundValue", "backgroundValue", "composited", "ratio",
      "required",
      "apcaLc", "pass", "file", "line",
    ]
    // A failing pair, and only a failing one, carries its fix last.
    for result in results {
      let failing = result["pass"] as? Bool == false
      #expect(Set(result.keys) == Set(keys + (failing ? ["fix"] : [])))
    }
    let fixKeys = ["value", "foregroundValue", "deltaE", "ratio", "apcaLc", "token", "alsoMoves"]
    for case let fix as [String: Any] in results.compactMap({ $0["fix"] }) {
      #expect(Set(fix.keys).subtracting(["alpha"]) == Set(fixKeys))
    }
    // Keys in the documented order, as written.
    let firstResult = try #require(text.range(of: "\"results\": [")).upperBound
    var position = firstResult
    for key in keys {
      let range = try #require(text.range(of: "\"\(key)\":", range: position..<text.endIndex))
      position = range.upperBound
    }
    // Sorted by foreground then background, in path order.
    let foregrounds = results.compactMap { $0["foreground"] as? String }
    #expect(foregrounds.first == "banner.text")
    #expect(foregrounds.last == "hint.<b>|`x`&y")
    let body = try #require(results.first { $0["foreground"] as? String == "card.warning.body" })
    #expect(body["foregroundValue"] as? String == "#6C5009CC")
    #expect(body["backgroundValue"] as? String == "#FFF9EB")
    #expect(body["composited"] as? String == "#897236")
    #expect(abs((body["ratio"] as? Double ?? 0) - 4.423239924432082) < 1e-9)
    #expect(body["required"] as? Double == 4.5)
    #expect(body["pass"] as? Bool == false)
    #expect(body["file"] as? String == "tokens/colors.yaml")
    #expect(body["line"] as? Int == 14)
    let border = try #require(results.first { $0["foreground"] as? String == "card.border" })
    #expect(border["required"] is NSNull)
    #expect(border["background"] as? String == "#FFFFFF")
  }

  // MARK: - SARIF

  @Test func sarifHasOneErrorPerFailingPairAtTheForegroundToken() throws {
    let text = AuditReport.render(try Self.report(), format: .sarif)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "2.1.0")
    #expect((object["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "ebtokens")
    let ruleIDs = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(ruleIDs == ["contrast/text", "contrast/large-text", "contrast/non-text"])
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 3)
    for result in results {
      #expect(result["level"] as? String == "error")
      #expect(result["ruleId"] as? String == "contrast/text")
      #expect(result["ruleIndex"] as? Int == 0)
    }
    let warning = try #require(
      results.first {
        (($0["message"] as? [String: Any])?["text"] as? String)?.contains("card.warning.body") == true
      })
    let message = try #require((warning["message"] as? [String: Any])?["text"] as? String)
    #expect(
      message
        == "'card.warning.body' on 'card.warning.bg' (text) has contrast 4.42:1; WCAG 2 AA requires 4.5:1. "
        + "Seen as #897236 on #FFF9EB.")
    let physical = try #require(
      ((warning["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
    #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "tokens/colors.yaml")
    let region = try #require(physical["region"] as? [String: Int])
    #expect(region == ["startLine": 14, "startColumn": 5])
  }

  @Test func sarifURIsArePercentEncoded() {
    #expect(AuditReport.sarifURI("tokens/main/alert.yaml") == "tokens/main/alert.yaml")
    #expect(AuditReport.sarifURI("tokens/my colors#1.yaml") == "tokens/my%20colors%231.yaml")
    #expect(AuditReport.sarifURI("/abs/é.yaml") == "file:///abs/%C3%A9.yaml")
  }

  // MARK: - HTML

  @Test func htmlIsSelfContainedAndEscaped() throws {
    let html = AuditReport.render(try Self.report(), format: .html)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    for external in ["<script", "<link", "src=", "url(", "@import", "http://", "https://"] {
      #expect(!html.contains(external), "\(external)")
    }
    #expect(html.contains("hint.<wbr>&lt;b&gt;|`x`&amp;y"))
    #expect(!html.contains("<b>|"))
    // Failures first: the failing section precedes the passing one, and holds exactly 3 cards.
    let failing = try #require(html.range(of: "<section id=\"failing\">"))
    let passing = try #require(html.range(of: "<section id=\"passing\">"))
    #expect(failing.lowerBound < passing.lowerBound)
    #expect(
      html[failing.upperBound..<passing.lowerBound].components(
        separatedBy: "<article class=\"card card-fail\""
      ).count == 4)
    // The warning body's swatch paints the composited color on the background.
    #expect(html.contains("style=\"background:#FFF9EB;color:#897236\""))
  }

  @Test func htmlEscapesEverySpecialCharacter() {
    #expect(
      AuditHTML.escaper.literal("<a href=\"x\">'&'</a>")
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    #expect(AuditHTML.escaper.literal("a\u{1B}[31mb") == "a\u{FFFD}[31mb")
  }

  // MARK: - Writing

  @Test func theBuildGeneratesTheReportInMarkdownJSONAndHTML() throws {
    let result = try Self.report()
    let files = AuditReport.reportFiles(result)
    #expect(files.map(\.path) == ["contrast-audit.md", "contrast-audit.json", "contrast-audit.html"])
    try #require(AuditReport.buildFormats.count == files.count)
    for (file, format) in zip(files, AuditReport.buildFormats) {
      #expect(file.contents == AuditReport.render(result, format: format))
    }
  }

  @Test func anUnwritableOutputIsADiagnostic() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("file")
      try Data("x".utf8).write(to: file)
      let errors = diagnostics { try AuditReport.writeAtomically("report", to: file.path + "/report.md") }
      #expect(errors.count == 1)
      #expect(errors.first?.hasPrefix("error: cannot write report '\(file.path)/report.md'") == true)
    }
  }
}

/// Large design systems: the HTML page and the markdown table stay readable; every pair stays
/// in the JSON.
@Suite struct AuditReportSizeTests {
  private static func largeResult(pairs: Int) throws -> AuditResult {
    // Even tokens are dark (pass on white), odd ones light grey (fail).
    let body = (0..<pairs).map { "  t\($0): \"\($0 % 2 == 0 ? "#111111" : "#EEEEEE")\"" }.joined(
      separator: "\n")
    let tokens = try loadTokens(["many.yaml": "c:\n  $type: color\n" + body + "\n"])
    var audit = Configuration.Audit()
    audit.rules = [
      Configuration.Audit.Rule(
        foreground: "c.*", background: .color(Color(red: 1, green: 1, blue: 1)), backgroundText: "#FFFFFF",
        role: .text, location: nil)
    ]
    return try ContrastAudit.run(tokens: ModalTokenSet(single: tokens), audit: audit)
  }

  @Test func theHTMLPageDrawsAtMostItsLimitFailuresFirst() throws {
    let result = try Self.largeResult(pairs: 2_400)
    let html = AuditReport.render(result, format: .html)
    #expect(html.components(separatedBy: "<article").count - 1 == AuditHTML.maximumCards)
    #expect(html.contains("Showing 1000 of 1200"))
    #expect(html.contains("Showing 0 of 1200"))
    let json = AuditReport.render(result, format: .json)
    #expect(json.components(separatedBy: "\"foreground\":").count - 1 == 2_400)
  }

  @Test func theMarkdownTableKeepsToItsLimitAndCountsTheRest() throws {
    let result = try Self.largeResult(pairs: 400)
    let markdown = AuditReport.render(result, format: .markdown)
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ❌") || $0.hasPrefix("| ✅") }
    #expect(rows.count == AuditReport.maximumMarkdownRows)
    #expect(rows.prefix(200).allSatisfy { $0.hasPrefix("| ❌") })
    #expect(markdown.contains("… and 100 more pairs (0 failing) not shown"))
  }

  /// ASCII names are humanized byte by byte: the words must be those of the general path.
  @Test func asciiNamesAreHumanizedAsAnyText() {
    let pieces = [
      "", ".", "..", "bg", "BG", "fG", "Fg", "bgx", "b", "g", "-", "_", "label-title", "x_y", "é", "\r\n",
      " ", "9a",
    ]
    var names = pieces
    for first in pieces {
      for second in pieces { names += [first + "." + second, first + second, second + "." + first + "."] }
    }
    var random = SeededGenerator()
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...8, using: &random)).map { _ in
        UInt8.random(in: 0...0x7F, using: &random)
      }
      names.append(String(decoding: bytes, as: UTF8.self))
    }
    for name in names where name.utf8.allSatisfy({ $0 < 0x80 }) {
      #expect(
        AuditHTML.humanizedASCII(name) == AuditHTML.humanizedAnyText(name),
        "\(Array(name.utf8)), seed \(random.seed)")
    }
  }
}
