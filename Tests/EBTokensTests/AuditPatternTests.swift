import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensConfig
@testable import EBTokensModel
@testable import EBTokensSupport

/// Token patterns (`*` = one segment), their captures, the inverted index and capture pairing.
@Suite struct AuditPatternTests {
  private static func path(_ name: String) -> TokenPath {
    TokenPath(name.split(separator: ".").map(String.init))
  }

  /// A color token at a made-up location, for building large sets without YAML.
  static func colorToken(_ name: String, line: Int = 1, value: Color = Color(red: 0, green: 0, blue: 0))
    -> Token
  {
    let location = SourceLocation(file: "tokens.yaml", line: line, column: 1)
    return Token(
      path: path(name), type: .color, value: .color(value), description: nil, deprecation: nil,
      extensions: nil,
      location: location, valueLocation: location, reference: nil)
  }

  private static let alertNames = ["information", "warning", "error", "success", "neutral"].flatMap { type in
    ["bg", "label-title", "description", "icon"].map { "main.alert.color.\(type).\($0)" }
  }

  private static let alerts = TokenIndex(TokenSet(tokens: alertNames.map { colorToken($0) }))

  private static func names(_ matches: [TokenIndex.Match], in index: TokenIndex) -> [String] {
    matches.map { index.tokens[$0.index].name }
  }

  // MARK: - Captures

  @Test func aStarCapturesOneSegment() {
    let pattern = TokenPattern("main.alert.color.*.description")
    #expect(pattern.captures(in: Self.path("main.alert.color.warning.description")) == ["warning"])
    #expect(pattern.captures(in: Self.path("main.alert.color.warning.bg")) == nil)
    // A star never spans two segments, nor matches none.
    #expect(pattern.captures(in: Self.path("main.alert.color.warning.dark.description")) == nil)
    #expect(pattern.captures(in: Self.path("main.alert.color.description")) == nil)
  }

  @Test func capturesAreInOrderWithSeveralStars() {
    let pattern = TokenPattern("*.alert.*.*.bg")
    #expect(pattern.wildcardCount == 3)
    #expect(pattern.captures(in: Self.path("main.alert.color.error.bg")) == ["main", "color", "error"])
    #expect(pattern.description == "*.alert.*.*.bg")
  }

  @Test func aPatternWithoutStarsMatchesOneName() {
    let pattern = TokenPattern("main.alert.color.error.bg")
    #expect(pattern.captures(in: Self.path("main.alert.color.error.bg")) == [])
    #expect(pattern.captures(in: Self.path("main.alert.color.error.icon")) == nil)
  }

  // MARK: - Index

  @Test func theIndexFindsEveryMatchInPathOrder() {
    let matches = Self.alerts.matches(TokenPattern("main.alert.color.*.description"))
    #expect(
      Self.names(matches, in: Self.alerts) == [
        "main.alert.color.error.description", "main.alert.color.information.description",
        "main.alert.color.neutral.description", "main.alert.color.success.description",
        "main.alert.color.warning.description",
      ])
    #expect(matches.map(\.captures) == [["error"], ["information"], ["neutral"], ["success"], ["warning"]])
  }

  @Test func theIndexAgreesWithAFullScan() {
    let patterns = [
      "main.alert.color.*.bg", "*.*.*.*.*", "*.alert.*.warning.*", "main.*.color.*.icon", "main.alert", "*",
      "main.alert.color.error.bg", "main.alert.colour.*.bg", "*.*.*.*.*.*",
    ]
    for text in patterns {
      let pattern = TokenPattern(text)
      let scanned = Self.alerts.tokens.filter { pattern.captures(in: $0.path) != nil }.map(\.name)
      #expect(Self.names(Self.alerts.matches(pattern), in: Self.alerts) == scanned, "pattern \(text)")
    }
  }

  @Test func aMisspelledSegmentIsSuggested() {
    let suggestion = Self.alerts.suggestion(for: TokenPattern("main.alert.colr.*.descripton"))
    // One fix at a time: the first misspelled segment, and only if the fix then matches.
    #expect(suggestion == nil)
    #expect(
      Self.alerts.suggestion(for: TokenPattern("main.alert.color.*.descripton"))?.description
        == "main.alert.color.*.description")
    #expect(Self.alerts.suggestion(for: TokenPattern("main.alert.color.*.xyzzy")) == nil)
  }

  // MARK: - Pairing

  private static func pairs(_ foreground: String, _ background: String, in index: TokenIndex = alerts)
    -> [String]
  {
    let foregroundPattern = TokenPattern(foreground)
    let backgroundPattern = TokenPattern(background)
    let foregrounds = index.matches(foregroundPattern)
    let partners = PatternPairing.pair(
      foregrounds: foregrounds, foregroundPattern: foregroundPattern,
      backgrounds: index.matches(backgroundPattern), backgroundPattern: backgroundPattern)
    return zip(foregrounds, partners).flatMap { foreground, backgrounds in
      backgrounds.map { "\(index.tokens[foreground.index].name) on \(index.tokens[$0.index].name)" }
    }
  }

  @Test func capturesPairLikeWithLikeNeverAcross() {
    let pairs = Self.pairs("main.alert.color.*.description", "main.alert.color.*.bg")
    #expect(pairs.count == 5)
    for type in ["information", "warning", "error", "success", "neutral"] {
      #expect(pairs.contains("main.alert.color.\(type).description on main.alert.color.\(type).bg"))
    }
    #expect(!pairs.contains("main.alert.color.information.description on main.alert.color.warning.bg"))
  }

  @Test func aBackgroundWithoutStarsPairsWithEveryForeground() {
    let pairs = Self.pairs("main.alert.color.*.icon", "main.alert.color.neutral.bg")
    #expect(pairs.count == 5)
    #expect(pairs.allSatisfy { $0.hasSuffix(" on main.alert.color.neutral.bg") })
  }

  @Test func onlyTheStarsBothPatternsHaveAreCompared() {
    // The foreground's one star against the background's first: each icon pairs with its own
    // type's four tokens (the background's second star is free).
    let pairs = Self.pairs("main.alert.color.*.icon", "main.alert.color.*.*")
    #expect(pairs.count == 20)
    #expect(pairs.contains("main.alert.color.error.icon on main.alert.color.error.bg"))
    #expect(!pairs.contains("main.alert.color.error.icon on main.alert.color.warning.bg"))
  }

  @Test func severalStarsMustAllAgree() {
    let tokens = [
      "ds.light.info.fg", "ds.light.info.bg", "ds.light.warn.bg", "ds.dark.info.bg", "ds.dark.info.fg",
    ]
    let index = TokenIndex(TokenSet(tokens: tokens.map { Self.colorToken($0) }))
    #expect(
      Self.pairs("ds.*.*.fg", "ds.*.*.bg", in: index).sorted() == [
        "ds.dark.info.fg on ds.dark.info.bg", "ds.light.info.fg on ds.light.info.bg",
      ])
    #expect(
      Self.pairs("ds.*.info.fg", "ds.*.info.bg", in: index).sorted() == [
        "ds.dark.info.fg on ds.dark.info.bg", "ds.light.info.fg on ds.light.info.bg",
      ])
    // Stars pair by their order, not their position: the foreground's first star (`info`) is
    // compared with the background's first (`light`, `dark`), so nothing pairs.
    #expect(Self.pairs("ds.light.*.fg", "ds.*.info.bg", in: index).isEmpty)
  }

  // MARK: - Scale

  /// 100,000 tokens and rules that each match 20,000 foregrounds and 20,000 backgrounds: a
  /// quadratic pairing would compare 400 million pairs per rule and take minutes. The index and the
  /// capture dictionary keep the whole audit linear.
  @Test func auditingAHundredThousandTokensIsNotQuadratic() throws {
    let leaves = ["bg", "fg", "icon", "border", "muted"]
    var tokens: [Token] = []
    tokens.reserveCapacity(100_000)
    for component in 0..<20_000 {
      for (offset, leaf) in leaves.enumerated() {
        let shade = Double((component * 7 + offset * 31) % 256) / 255
        tokens.append(
          Self.colorToken(
            "ds.c\(component).\(leaf)", line: component * 5 + offset + 1,
            value: Color(red: shade, green: 1 - shade, blue: 0.5)))
      }
    }
    // Sorting 100,000 paths into a TokenSet is the loader's cost, not the audit's: untimed.
    let tokenSet = TokenSet(tokens: tokens)
    var config = Configuration.Audit()
    for leaf in leaves.dropFirst() {
      config.rules.append(
        .init(
          foreground: "ds.*.\(leaf)", background: .pattern("ds.*.bg"), backgroundText: "ds.*.bg", role: .text)
      )
    }
    // Narrow rules, as a real config has dozens of.
    for component in stride(from: 0, to: 20_000, by: 400) {
      config.rules.append(
        .init(
          foreground: "ds.c\(component).fg", background: .color(Color(red: 1, green: 1, blue: 1)),
          backgroundText: "#FFFFFF", role: .nonText))
    }
    // About 1 s in a debug build on 2 cores, where a quadratic pairing would take minutes; the
    // benchmark (Scripts/bench.sh) measures it, this test only checks every pair is found.
    let result = try ContrastAudit.run(tokens: ModalTokenSet(single: tokenSet), audit: config)
    #expect(result.results.count == 4 * 20_000 + 50)
  }
}
