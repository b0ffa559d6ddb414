import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensSupport

/// How values, descriptions and deprecation messages are written in each language: literals
/// that read back as the token's value, and user text that cannot end its comment or string.
@Suite struct EmitValueTests {
  // MARK: User text

  @Test func commentLinesSplitAtEveryLineBreakAndDropControlCharacters() {
    #expect(SourceText.commentLines("a\r\nb\rc\u{2028}d\u{85}e") == ["a", "b", "c", "d", "e"])
    #expect(
      SourceText.commentLines("\n\n  one  \n\n two\u{1B}[31m \n\n") == ["  one", "", " two\u{FFFD}[31m"])
    #expect(SourceText.commentLines(" \n ").isEmpty)
  }

  @Test func swiftStringLiteralsEscapeQuotesBackslashesAndInterpolation() {
    #expect(SwiftLanguage.escaper.literal(#"say "hi" \(x) \ok"#) == #""say \"hi\" \\(x) \\ok""#)
    #expect(SwiftLanguage.escaper.literal("a\nb\u{0}\u{2028}") == #""a\nb\u{0}\u{2028}""#)
  }

  @Test func kotlinStringLiteralsEscapeDollarsToo() {
    #expect(KotlinLanguage.escaper.literal(#"$name ${x} "q" \"#) == #""\$name \${x} \"q\" \\""#)
    #expect(KotlinLanguage.escaper.literal("a\nb\u{7}") == #""a\nb\u0007""#)
  }

  @Test func kdocCannotBeEndedOrNestedByADescription() {
    #expect(KotlinLanguage.escaper.commentLines("a */ b /* c /*/") == ["a *&#47; b &#47;* c &#47;*&#47;"])
    // A combining mark makes `/́` one character, but the compiler still reads `*/`.
    #expect(KotlinLanguage.escaper.commentLines("a */\u{301} /*\u{301}") == ["a *&#47;\u{301} &#47;*\u{301}"])
  }

  @Test func cssCommentsCannotBeEndedByADescription() {
    #expect(CSSLanguage.escaper.commentLines("a */ b") == [#"a *\/ b"#])
    #expect(CSSLanguage.escaper.commentLines("a */\u{301} </\u{301}") == ["a *\\/\u{301} <\\/\u{301}"])
  }

  @Test func cssFontFamiliesAreQuotedExceptGenericKeywords() {
    #expect(
      CSSLanguage.literal(.fontFamily(["Proxima Soft", "sans-serif"])) == #""Proxima Soft", sans-serif"#)
    #expect(CSSLanguage.literal(.fontFamily(["A \"B\" \\ C\nD"])) == #""A \"B\" \\ C\A D""#)
  }

  // MARK: Values

  private static let navy = Color(red: 7 / 255, green: 37 / 255, blue: 146 / 255)

  @Test func colorsAreExactInEveryLanguage() throws {
    let translucent = TokenValue.color(Self.navy.withAlpha(0.8))
    #expect(SwiftLanguage.literal(translucent) == "EBColor(hex: 0x072592, alpha: 0.8)")
    #expect(try KotlinLanguage.literal(translucent).get() == "ComposeColor(0xCC072592)")
    #expect(CSSLanguage.literal(translucent) == "#072592cc")
    // Channels that are no 8-bit value keep their precision where the language allows it.
    let precise = TokenValue.color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
    #expect(SwiftLanguage.literal(precise) == "EBColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5)")
    #expect(CSSLanguage.literal(precise) == "rgb(25.5 51 76.5 / 0.5)")
    #expect(try KotlinLanguage.literal(precise).get() == "ComposeColor(0x801A334D)")
  }

  @Test func dimensionsArePointsInSwiftAndDpInKotlinWithARemOf16() throws {
    #expect(SwiftLanguage.literal(.dimension(Dimension(1.5, .rem))) == "24")
    #expect(SwiftLanguage.literal(.dimension(Dimension(0.5, .px))) == "0.5")
    #expect(try KotlinLanguage.literal(.dimension(Dimension(1.5, .rem))).get() == "24.dp")
    #expect(try KotlinLanguage.literal(.dimension(Dimension(0.5, .px))).get() == "0.5.dp")
    #expect(try KotlinLanguage.literal(.dimension(Dimension(-4, .px))).get() == "(-4).dp")
    #expect(CSSLanguage.literal(.dimension(Dimension(1.5, .rem))) == "1.5rem")
  }

  @Test func numbersAndDurationsHaveEachLanguagesUnits() throws {
    #expect(try KotlinLanguage.literal(.number(2)).get() == "2.0")
    #expect(try KotlinLanguage.literal(.number(1e-7)).get() == "1e-07")
    #expect(SwiftLanguage.literal(.duration(Duration(200, .ms))) == "0.2")
    #expect(try KotlinLanguage.literal(.duration(Duration(1.5, .s))).get() == "1500")
    #expect(CSSLanguage.literal(.duration(Duration(1.5, .s))) == "1.5s")
  }

  @Test func cssAliasesStayTiedToTheirSourceOnlyWhenReferencesAreKept() throws {
    let tokens = try loadTokens([
      "tokens.yaml":
        "c:\n  $type: color\n  base: \"#072592\"\n  alias: \"{c.base}\"\n  faded: \"{c.base} @ 7%\"\n"
    ])
    let kept = CSSLanguage(keepsReferences: true)
    let literal = CSSLanguage(keepsReferences: false)
    let alias = try #require(tokens["c.alias"])
    let faded = try #require(tokens["c.faded"])
    #expect(kept.value(of: alias) == "var(--c-base)")
    #expect(kept.value(of: faded) == "color-mix(in srgb, var(--c-base) 7%, transparent)")
    #expect(literal.value(of: alias) == "#072592")
    // 7% is no 8-bit alpha, so the literal keeps it exactly.
    #expect(literal.value(of: faded) == "rgb(7 37 146 / 0.07)")
  }
}
