import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensBuild
@testable import EBTokensModel
@testable import EBTokensSupport

/// Runs the audit on token YAML and an `ebtokens.yml` given as strings; the config is shown in
/// diagnostics as `ebtokens.yml`.
func auditYAML(tokens: [String: String], config: String) throws -> AuditResult {
  let tokenSet = try loadTokens(tokens)
  let configuration = try ConfigurationLoader().load(yaml: config, path: "ebtokens.yml")
  return try runAudit(tokens: tokenSet, configuration: configuration)
}

/// How rules select pairs, and every way a rule can be wrong.
@Suite struct AuditRuleTests {
  /// The Alert seed's colors, plus a dimension to trip the color check.
  static let alertTokens = [
    "alert.yaml": """
    main:
      alert:
        color:
          $type: color
          information:
            bg: "#E5F1FF"
            label-title: "#072592"
            description: "{main.alert.color.information.label-title} @ 80%"
          warning:
            bg: "#FFF9EB"
            label-title: "#6C5009"
            description: "{main.alert.color.warning.label-title} @ 80%"
          error:
            label-title: "#5F1410"
        radius:
          $type: dimension
          bg: 4px
    """
  ]

  /// `rules` indented under `audit: rules:`.
  static func config(_ rules: String, level: String = "AA") -> String {
    "audit:\n  level: \(level)\n  rules:\n"
      + rules.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n") + "\n"
  }

  private static func pairs(_ result: AuditResult) -> [String] {
    result.results.map { "\($0.foreground) on \($0.background)" }
  }

  // MARK: - Selecting pairs

  @Test func capturesPairEachTypeWithItsOwnSurface() throws {
    let result = try auditYAML(
      tokens: Self.alertTokens,
      config: Self.config(
        """
        - foreground: main.alert.color.*.description
          background: main.alert.color.*.bg
          role: text
        """))
    #expect(
      Self.pairs(result) == [
        "main.alert.color.information.description on main.alert.color.information.bg",
        "main.alert.color.warning.description on main.alert.color.warning.bg",
      ])
  }

  @Test func aLiteralBackgroundPairsWithEveryMatch() throws {
    let result = try auditYAML(
      tokens: Self.alertTokens,
      config: Self.config(
        """
        - foreground: main.alert.color.*.label-title
          background: "#ffffff"
          role: text
        """))
    #expect(
      Self.pairs(result) == [
        "main.alert.color.error.label-title on #ffffff",
        "main.alert.color.information.label-title on #ffffff",
        "main.alert.color.warning.label-title on #ffffff",
      ])
    #expect(result.results.allSatisfy { $0.backgroundIsLiteral && $0.backgroundColor.hex == "#FFFFFF" })
    #expect(result.results.allSatisfy { $0.backgroundLocation == nil })
  }

  @Test func resultsAreSortedByForegroundThenBackgroundAndDeduplicated() throws {
    let result = try auditYAML(
      tokens: Self.alertTokens,
      config: Self.config(
        """
        - foreground: main.alert.color.warning.label-title
          background: main.alert.color.*.bg
          role: text
        - foreground: main.alert.color.information.label-title
          background: main.alert.color.information.bg
          role: text
        - foreground: main.alert.color.information.label-title
          background: main.alert.color.*.bg
          role: text
        """))
    // The third rule repeats the second's pair with the same role: counted once.
    #expect(
      Self.pairs(result) == [
        "main.alert.color.information.label-title on main.alert.color.information.bg",
        "main.alert.color.information.label-title on main.alert.color.warning.bg",
        "main.alert.color.warning.label-title on main.alert.color.information.bg",
        "main.alert.color.warning.label-title on main.alert.color.warning.bg",
      ])
  }

  @Test func theForegroundLocationIsWhereTheTokenIsDefined() throws {
    let result = try auditYAML(
      tokens: Self.alertTokens,
      config: Self.config(
        """
        - foreground: main.alert.color.warning.description
          background: main.alert.color.warning.bg
          role: text
        """))
    let pair = try #require(result.results.first)
    #expect(pair.foregroundLocation == SourceLocation(file: "alert.yaml", line: 12, column: 9))
    #expect(pair.backgroundLocation == SourceLocation(file: "alert.yaml", line: 10, column: 9))
  }

  // MARK: - Errors

  @Test func anUnmatchedForegroundIsAnErrorAtThePatternWithASuggestion() {
    let errors = diagnostics {
      _ = try auditYAML(
        tokens: Self.alertTokens,
        config: Self.config(
          """
          - foreground: main.alert.color.*.descripton
            background: main.alert.color.*.bg
            role: text
          """))
    }
    #expect(
      errors == [
        "ebtokens.yml:4:19: error: foreground pattern 'main.alert.color.*.descripton' matches no token; "
          + "did you mean 'main.alert.color.*.description'?"
      ])
  }

  @Test func anUnmatchedBackgroundIsAnErrorAtItsPattern() {
    let errors = diagnostics {
      _ = try auditYAML(
        tokens: Self.alertTokens,
        config: Self.config(
          """
          - foreground: main.alert.color.*.description
            background: main.alert.colour.*.bg
            role: text
          """))
    }
    #expect(
      errors == [
        "ebtokens.yml:5:19: error: background pattern 'main.alert.colour.*.bg' matches no token; "
          + "did you mean 'main.alert.color.*.bg'?"
      ])
  }

  @Test func foregroundsThatPairWithNoBackgroundAreAnError() {
    // Both patterns match, but `*.label-title` captures `information`, `warning`, `error` while the
    // background's first star captures `alert`: nothing pairs.
    let errors = diagnostics {
      _ = try auditYAML(
        tokens: Self.alertTokens,
        config: Self.config(
          """
          - foreground: main.alert.color.*.label-title
            background: main.*.color.information.bg
            role: text
          """))
    }
    #expect(
      errors == [
        "ebtokens.yml:4:7: error: foreground 'main.alert.color.*.label-title' matches 3 tokens but none "
          + "pairs with a token of 'main.*.color.information.bg'; "
          + "the n-th '*' of both patterns must name the same segment"
      ])
  }

  @Test func oneForegroundWithoutItsBackgroundIsAnError() {
    // `error` has a title but no `bg`: its pair would silently go unaudited.
    let errors = diagnostics {
      _ = try auditYAML(
        tokens: Self.alertTokens,
        config: Self.config(
          """
          - foreground: main.alert.color.*.label-title
            background: main.alert.color.*.bg
            role: text
          """))
    }
    #expect(
      errors == [
        "ebtokens.yml:4:19: error: 'main.alert.color.error.label-title' (matched by foreground "
          + "'main.alert.color.*.label-title') pairs with no background of 'main.alert.color.*.bg'"
      ])
  }

  @Test func aMatchedTokenThatIsNotAColorIsAnError() throws {
    var thrown: DiagnosticsError?
    do {
      _ = try auditYAML(
        tokens: Self.alertTokens,
        config: Self.config(
          """
          - foreground: main.alert.color.information.label-title
            background: main.alert.*.bg
            role: text
          """))
    } catch let error as DiagnosticsError {
      thrown = error
    }
    let error = try #require(thrown)
    #expect(error.diagnostics.count == 1)
    let diagnostic = try #require(error.diagnostics.first)
    #expect(
      diagnostic.message
        == "background pattern 'main.alert.*.bg' matches 'main.alert.radius.bg', a dimension token; "
        + "only colors have contrast"
    )
    #expect(diagnostic.location == SourceLocation(file: "ebtokens.yml", line: 5, column: 19))
    #expect(diagnostic.notes.first?.location == SourceLocation(file: "alert.yaml", line: 17, column: 7))
  }

  @Test func everyBrokenRuleIsReportedInOneRun() {
    let errors = diagnostics {
      _ = try auditYAML(
        tokens: Self.alertTokens,
        config: Self.config(
          """
          - foreground: main.alert.color.information.label-title
            background: main.alert.color.information.bg
            role: text
          - foreground: main.alert.color.nope
            background: "#FFFFFF"
            role: text
          - foreground: main.alert.radius.bg
            background: main.alert.color.nothing.bg
            role: non-text
          """))
    }
    #expect(
      errors == [
        "ebtokens.yml:7:19: error: foreground pattern 'main.alert.color.nope' matches no token",
        "ebtokens.yml:10:19: error: foreground pattern 'main.alert.radius.bg' matches "
          + "'main.alert.radius.bg', a dimension token; only colors have contrast",
        "ebtokens.yml:11:19: error: background pattern 'main.alert.color.nothing.bg' matches no token",
      ])
  }

  @Test func noRulesIsAnError() {
    let errors = diagnostics { _ = try auditYAML(tokens: Self.alertTokens, config: "audit:\n  level: AA\n") }
    #expect(
      errors == [
        "ebtokens.yml:1:1: error: no contrast rules to check; add foreground/background pairs under "
          + "'audit:' → 'rules:' in the config"
      ])
  }

  @Test func aStarInsideASegmentIsRefusedByTheConfig() {
    let errors = diagnostics {
      _ = try ConfigurationLoader().load(
        yaml: Self.config(
          """
          - foreground: main.alert.color.info*.description
            background: main.alert.color.*.bg
            role: text
          """), path: "ebtokens.yml")
    }
    #expect(
      errors == [
        "ebtokens.yml:4:19: error: invalid token pattern 'main.alert.color.info*.description': "
          + "'*' matches one whole segment; write it alone between dots, as in 'a.*.b'"
      ])
  }

  @Test func theConfigRecordsWhereEachPatternIsWritten() throws {
    let configuration = try ConfigurationLoader().load(
      yaml: Self.config(
        """
        - role: text
          foreground: a.b
          background: "#FFF"
        """), path: "ebtokens.yml")
    let rule = try #require(configuration.audit.rules.first)
    #expect(rule.location == SourceLocation(file: "ebtokens.yml", line: 4, column: 7))
    #expect(rule.foregroundLocation == SourceLocation(file: "ebtokens.yml", line: 5, column: 19))
    #expect(rule.backgroundLocation == SourceLocation(file: "ebtokens.yml", line: 6, column: 19))
    #expect(rule.background == .color(Color(red: 1, green: 1, blue: 1)))
  }
}
