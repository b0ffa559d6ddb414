import Foundation
import TestSupport
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensModel

/// APCA's font lookup table (Myndex/apca-w3 `src/apca-w3.js`, `fontMatrixAscend`, 0.1.7 (G) of
/// May 28 2022) and how `--method apca` reads it for rules that name a typography.
@Suite struct APCAFontTableTests {
  /// Rows copied from the source, checked literally: a transcription error would move a verdict.
  @Test func rowsAreThePublishedOnes() throws {
    func row(_ lc: Double) throws -> [Double?] {
      try #require(APCAFontTable.rows.first { $0.lc == lc }).sizes
    }
    #expect(try row(25) == [nil, nil, nil, 120, 120, 108, 96, 96, 96])
    #expect(try row(45) == [108, 96, 72, 42, 32, 28, 24, 24, 24])
    #expect(try row(60) == [72, 48, 42, 24, 21, 18, 16, 16, 18])
    #expect(try row(75) == [60, 42, 24, 18, 16, 15, 14, 16, 18])
    #expect(try row(80) == [56, 38.25, 23, 17.25, 15.81, 14.81, 14, 16, 18])
    #expect(try row(90) == [48, 32, 21, 16, 15.5, 14.5, 14, 16, 18])
    #expect(try row(125) == [32, 20, 16, 10, 10, 10, 10, 12, 14])
    #expect(APCAFontTable.rows.map(\.lc) == Array(stride(from: 25.0, through: 125, by: 5)))
    #expect(APCAFontTable.rows.allSatisfy { $0.sizes.count == APCAFontTable.weights.count })
  }

  @Test(arguments: [
    // APCA's own guidance, as the table gives it: body text 18px/400 at Lc 75, 16px/400 at Lc 90,
    // 24px/700 headlines at Lc 45 (fontLookupAPCA(75)[4] == 18, (90)[4] == 16, (45)[7] == 24).
    (18.0, 400.0, 75.0), (16, 400, 90), (24, 700, 45),
    // Between rows: 17px/400 needs the row that reaches 17 (Lc 85: 16.5), not Lc 80 (17.25).
    (17, 400, 85),
    // The tooltip header (Proxima Soft Bold 18px), the CTA label (16px bold), the caption (12px 600).
    (18, 700, 55), (16, 700, 60), (12, 600, 110),
    // A weight between columns reads the lighter: 650 as 600 (15px: Lc 75), 950 as 900.
    (15, 650, 75), (18, 950, 55),
    // The table in docs/contrast-audit.md.
    (12, 400, 120), (12, 700, 105), (16, 600, 70), (24, 400, 60), (24, 600, 50),
    // Below every size of the column: the last row, which no colors reach.
    (9, 400, 125), (10, 600, 125),
  ])
  func minimumLcForSizeAndWeight(size: Double, weight: Double, expected: Double) {
    #expect(APCAFontTable.minimumLc(for: APCAFont(size: size, weight: weight)) == expected)
  }

  /// The shipped config under `--method apca`: rules that name a typography are judged by its
  /// size and weight, and every report says which; rules with a role keep APCA's level for it.
  @Test func theAuditJudgesTypographyByItsSizeAndWeight() throws {
    var configuration = try ConfigurationLoader().load(path: TestPaths.repositoryRoot.path + "/ebtokens.yml")
    configuration.audit.method = .apca
    let result = try ContrastAudit.run(configuration: configuration).value
    func pair(_ foreground: String) throws -> PairResult {
      try #require(result.results.first { $0.foreground == foreground })
    }
    let label = try pair("main.button.primary.brand.enabled.label")
    #expect(label.font == APCAFont(size: 16, weight: 700))
    #expect(label.required == 60)
    let caption = try pair("main.nudge.color.primary.description")
    #expect(caption.font == APCAFont(size: 12, weight: 600))
    #expect(caption.required == 110)
    #expect(!caption.passes)
    let alert = try pair("main.alert.color.warning.description")
    #expect(alert.font == nil && alert.required == 75)
    let icon = try pair("main.nudge.color.primary.icon-close")
    #expect(icon.font == nil && icon.required == 45)

    #expect(AuditReport.render(result, format: .text).contains("Lc 110 at 12px/600"))
    #expect(AuditReport.render(result, format: .markdown).contains("Lc 110 at 12px/600"))
    #expect(AuditReport.render(result, format: .html).contains("Lc 110 at 12px/600"))
    let json = AuditReport.render(result, format: .json)
    #expect(
      json.contains(
        "\"required\": 110,\n      \"font\": {\n        \"size\": 12,\n        \"weight\": 600\n      },"))

    // WCAG 2 reads the same typography as a role only, and shows no font.
    configuration.audit.method = .wcag2
    let wcag = try ContrastAudit.run(configuration: configuration).value
    #expect(wcag.results.allSatisfy { $0.font == nil })
  }
}
