import Foundation
import TestSupport
import Testing

@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// What published token files hold that is valid DTCG, or dubious but buildable: root-level keys,
/// the type a reference gives, types ebtokens leaves out with a warning, and values it reads with
/// one (issue 15, part A).
@Suite struct PublishedFileTests {
  // MARK: - Root-level keys

  @Test func aJSONFileRootMayHoldEveryGroupKeyAndItsTypeAppliesToItsTokens() throws {
    let (tokens, warnings) = try loadTokensWarning([
      "a.tokens.json": """
      {
        "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
        "$type": "color",
        "$description": "Light mode",
        "$deprecated": "use b",
        "$extensions": {"com.figma.modeName": "Light"},
        "bg": {"$value": "#FFFFFF"},
        "space": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}}},
        "kept": {"$deprecated": false, "fg": {"$value": "#000000"}}
      }
      """
    ])
    #expect(warnings == [])
    #expect(tokens["bg"]?.type == .color)
    #expect(tokens["bg"]?.deprecation == .message("use b"))
    // A group's $type and $deprecated (false included) come before the root's.
    #expect(tokens["space.sm"]?.type == .dimension)
    #expect(tokens["space.sm"]?.deprecation == .message("use b"))
    #expect(tokens["kept.fg"]?.deprecation == nil)
  }

  @Test func aYAMLFileRootMayHoldSchemaAndTheRootTypeAppliesToThatFileOnly() throws {
    let tokens = try loadTokens([
      "a.yaml": """
      $schema: https://www.designtokens.org/schemas/2025.10/format.json
      $type: color
      $description: colors
      bg: "#FFFFFF"
      """,
      "b.yaml": """
      $type: dimension
      gap: 4px
      """,
    ])
    #expect(tokens["bg"]?.type == .color)
    #expect(tokens["gap"]?.type == .dimension)
  }

  @Test func aKeyNoGroupMayHoldIsStillRefusedAtTheRoot() {
    #expect(
      diagnostics { _ = try loadTokens(["a.yaml": "$value: 1\n"]) } == [
        "a.yaml:1:1: error: '$value' cannot stand at the top of a file (allowed there: $schema, $type, "
          + "$description, $deprecated, $extensions)"
      ])
  }

  // MARK: - Type precedence

  /// Format module, "Type": a token's own $type, else its reference's target's, else its group's.
  @Test func aReferenceWithoutTypeTakesItsTargetsTypeBeforeItsGroups() throws {
    let tokens = try loadTokens([
      "a.yaml": """
      base:
        $type: color
        blue: "#0000FF"
      size:
        $type: dimension
        accent: "{base.blue}"
      """
    ])
    #expect(tokens["size.accent"]?.type == .color)
  }

  @Test func aReferenceWithItsOwnTypeMustStillMatchItsTarget() {
    #expect(
      diagnostics {
        _ = try loadTokens([
          "a.yaml": """
          base: {$type: color, blue: "#0000FF"}
          gap: {$type: dimension, $value: "{base.blue}"}
          """
        ])
      }.count == 1)
  }

  // MARK: - Types left out

  @Test func aNonDTCGTypeLeavesItsTokenOutWithAWarningAndTheRestBuilds() throws {
    let (tokens, warnings) = try loadTokensWarning([
      "a.tokens.json": """
      {
        "flag": {"$type": "boolean", "$value": true},
        "label": {"$type": "string", "$value": "Hello"},
        "alias": {"$value": "{label}"},
        "copy": {"$type": "string"},
        "blue": {"$type": "color", "$value": "#0000FF"}
      }
      """
    ])
    #expect(tokens.tokens.map(\.path.name) == ["blue"])
    #expect(
      warnings == [
        "a.tokens.json:2:21: warning: $type 'boolean' is not a DTCG type (Figma and Tokens Studio write it); "
          + "token 'flag' is left out of every output",
        "a.tokens.json:3:22: warning: $type 'string' is not a DTCG type (Figma and Tokens Studio write it); "
          + "token 'label' is left out of every output",
        "a.tokens.json:4:23: warning: 'alias' references '{label}', which is left out because ebtokens does not "
          + "support its type; 'alias' is left out of every output too",
        "a.tokens.json:5:21: warning: $type 'string' is not a DTCG type (Figma and Tokens Studio write it); "
          + "the tokens of group 'copy' that take this type are left out of every output",
      ])
  }

  /// Style Dictionary's own DTCG example (`examples/advanced/storybook-token-docs`) types its font
  /// sizes `fontSize`, and Tokens Studio writes `spacing`: types of their own, left out like
  /// Figma's, while a near miss of a DTCG type's name stays an error.
  @Test func anyTypeDTCGDoesNotDefineIsLeftOutButANearMissIsATypo() throws {
    let (tokens, warnings) = try loadTokensWarning([
      "a.tokens.json": """
      {
        "font": {"size": {"$type": "fontSize", "small": {"$value": "0.875rem"}}},
        "gap": {"$type": "spacing", "$value": "8"},
        "space": {"$type": "dimension", "small": {"$value": "0.5rem"}}
      }
      """
    ])
    #expect(tokens.tokens.map(\.path.name) == ["space.small"])
    let dtcgTypes = TokenType.allCases.map(\.rawValue).joined(separator: ", ")
    #expect(
      warnings == [
        "a.tokens.json:2:30: warning: $type 'fontSize' is not a DTCG type (DTCG's are \(dtcgTypes)); "
          + "the tokens of group 'font.size' that take this type are left out of every output",
        "a.tokens.json:3:20: warning: $type 'spacing' is not a DTCG type (DTCG's are \(dtcgTypes)); "
          + "token 'gap' is left out of every output",
      ])
    #expect(
      diagnostics {
        _ = try loadTokens(["a.tokens.json": ##"{"x": {"$type": "colour", "$value": "#FFFFFF"}}"##])
      }
        == [#"a.tokens.json:1:17: error: unknown $type 'colour'; did you mean 'color'?"#])
  }

  @Test func strictMakesEveryWarningAnError() {
    #expect(
      diagnostics {
        _ = try loadTokensWarning(["a.yaml": "x: {$type: string, $value: hi}\n"], strict: true)
      } == [
        "a.yaml:1:12: error: $type 'string' is not a DTCG type (Figma and Tokens Studio write it); "
          + "token 'x' is left out of every output"
      ])
  }

  @Test func errorsAreReportedWithTheWarningsOfTheSameRun() {
    #expect(
      diagnostics {
        _ = try loadTokens(["a.yaml": "x: {$type: string, $value: hi}\ny: {$type: color, $value: red}\n"])
      }.map { $0.contains(": warning: ") } == [true, false])
  }

  // MARK: - Values read with a warning

  @Test func aCompositeMemberDTCGDoesNotDefineIsIgnoredWithAWarning() throws {
    let (tokens, warnings) = try loadTokensWarning([
      "a.yaml": """
      type:
        $type: typography
        body:
          $value:
            fontFamily: Inter
            fontSize: 16px
            fontWeight: 400
            letterSpacing: 0px
            lineHeight: 1.5
            fontVariationSettings: '"wght" 400'
      """
    ])
    #expect(tokens["type.body"]?.type == .typography)
    #expect(
      warnings == [
        "a.yaml:10:7: warning: in typography 'type.body': 'fontVariationSettings' is not a member of a "
          + "typography value in DTCG 2025.10 (ignored); a typography has fontFamily, fontSize, fontWeight, "
          + "letterSpacing, lineHeight"
      ])
  }

  @Test func anEightDigitHexFallbackIsAWarningAndTheComponentsAreTheColor() throws {
    let (tokens, warnings) = try loadTokensWarning([
      "a.tokens.json": """
      {"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5,
        "hex": "#FF000080"}}}
      """
    ])
    #expect(tokens["c"]?.value == .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
    #expect(
      warnings == [
        "a.tokens.json:2:10: warning: in color 'c': 'hex' fallback '#FF000080' has 8 digits; DTCG's is "
          + "#RRGGBB, with alpha in 'alpha' (ignored: ebtokens reads the components)"
      ])
  }

  @Test func aFontStackInOneStringIsReadAsTheListItMeansWithAWarning() throws {
    let (tokens, warnings) = try loadTokensWarning([
      "a.yaml": """
      mono: {$type: fontFamily, $value: "ui-monospace, 'SF Mono', monospace"}
      """
    ])
    #expect(tokens["mono"]?.value == .fontFamily(["ui-monospace", "SF Mono", "monospace"]))
    #expect(
      warnings == [
        #"a.yaml:1:35: warning: in fontFamily 'mono': 'ui-monospace, 'SF Mono', monospace' is a "#
          + #"comma-separated font stack in one string; write it as a list, ["ui-monospace", "SF Mono", "#
          + #""monospace"] (read as that list)"#
      ])
  }

  // MARK: - Output quality

  /// Figma stores channels as float32: 252/255 is written 0.98823529481887817.
  @Test func float32ChannelsAreOnTheirEightBitStepsAndOffGridChannelsKeepTheirPrecision() throws {
    let tokens = try loadTokens([
      "a.tokens.json": """
      {"figma": {"$type": "color", "$value": {"colorSpace": "srgb",
        "components": [0.98823529481887817, 0.90980392694473267, 0.90196079015731812], "alpha": 1}},
       "offGrid": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.1, 0.5, 0.333], "alpha": 1}}}
      """
    ])
    #expect(
      tokens["figma"]?.value == .color(Color(red: 252 / 255, green: 232 / 255, blue: 230 / 255, alpha: 1)))
    #expect(tokens["offGrid"]?.value == .color(Color(red: 0.1, green: 0.5, blue: 0.333, alpha: 1)))
  }

  @Test func cssKeepsSystemFontKeywordsUnquoted() {
    let families = [
      "-apple-system", "BlinkMacSystemFont", "system-ui", "ui-monospace", "Segoe UI", "sans-serif",
    ]
    #expect(
      CSSLanguage.literal(.fontFamily(families))
        == #"-apple-system, BlinkMacSystemFont, system-ui, ui-monospace, "Segoe UI", sans-serif"#)
  }

  // MARK: - Diagnostics

  @Test func theReportCapsWhatItPrintsAndCountsEachSeverity() {
    let findings =
      (1...4).map { Diagnostic("e\($0)", at: nil) } + [Diagnostic("w", at: nil, severity: .warning)]
    var renderer = DiagnosticRenderer(showsSourceLines: false)
    #expect(
      renderer.report(findings, limit: 2)
        == "error: e1\nerror: e2\nand 2 more errors and 1 more warning\n4 errors, 1 warning\n")
    #expect(renderer.report([findings[4]], limit: 50) == "warning: w\n1 warning\n")
    #expect(renderer.report([], limit: 50) == "")
  }
}
