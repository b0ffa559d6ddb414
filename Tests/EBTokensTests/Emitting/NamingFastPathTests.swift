import Foundation
import Testing

@testable import EBTokensAudit
@testable import EBTokensBenchSupport
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensSupport

/// The ASCII fast paths of ``IdentifierWords``, ``CSSLanguage/propertyName(_:)``, comment lines and
/// the reports' replacements must give exactly what the general, Unicode-aware paths give, for every name: checked over many generated
/// names mixing ASCII letters, digits, separators and keywords with letters and marks beyond ASCII.
@Suite struct NamingFastPathTests {
  /// Pieces names are made of: ASCII runs (capitals, `URL`-style runs, digits, keywords),
  /// separators, and scalars whose case mapping or category is unusual.
  static let asciiPieces: [String] = [
    "a", "b", "z", "A", "B", "Z", "URL", "Path", "label", "Title", "x", "XL", "2", "0", "9", "10", "2xl",
    "default", "class", "self", "Self", "type", "Type", "protocol", "in", "val", "fun", "object", "Any",
    "-", "_", " ", ".", "$", "/", ":", "@", "\t", "\u{0}", "\u{7F}", "~",
  ]
  static let pieces =
    asciiPieces + [
      "é", "e\u{301}", "É", "ß", "İ", "ı", "ǅ", "ǈ", "ﬁ", "Σ", "ς", "ŉ", "ǰ", "ª", "ᵃ", "Ⅷ", "ⅰ", "中",
      "\u{200D}", "\u{2E2F}", "👍", "\u{301}", "größe", "Ünïcödé",
    ]

  @Test func asciiPathsGiveTheGeneralResult() {
    var generator = SplitMix64(seed: 6)
    for _ in 0..<20_000 {
      // Half the names are ASCII alone, so the fast path is taken often.
      let asciiOnly = generator.below(2) == 0
      let count = asciiOnly ? Self.asciiPieces.count : Self.pieces.count
      let name = (0..<generator.inRange(0...8)).map { _ in Self.pieces[generator.below(count)] }.joined()
      let words = IdentifierWords.split(name)
      #expect(words == IdentifierWords.splitByScalars(name), "\(name.unicodeScalars.map(\.value))")
      #expect(
        IdentifierWords.lowerCamel(words) == IdentifierWords.lowerCamelByCharacters(words),
        "\(words)")
      #expect(
        IdentifierWords.upperCamel(words) == IdentifierWords.upperCamelByCharacters(words),
        "\(words)")
    }
  }

  @Test func asciiPathsAreTakenForASCIINames() {
    #expect(IdentifierWords.asciiSplit("URLPath-2xl_title") == ["URLPath", "2xl", "title"])
    #expect(IdentifierWords.asciiSplit("größe") == nil)
    #expect(IdentifierWords.asciiCamel(["URLPath", "2xl"], lowerFirst: true) == "urlPath2xl")
    #expect(IdentifierWords.asciiCamel(["2xl", "title"], lowerFirst: false) == "_2xlTitle")
    #expect(IdentifierWords.asciiCamel(["größe"], lowerFirst: true) == nil)
  }

  @Test func asciiPropertyNamesGiveTheGeneralResult() {
    var generator = SplitMix64(seed: 7)
    let extra = ["\u{202E}", "\u{85}", "<", "$root"]
    for _ in 0..<20_000 {
      let asciiOnly = generator.below(2) == 0
      let pieces =
        asciiOnly ? Self.asciiPieces.filter { $0 != "." } : Self.pieces.filter { $0 != "." } + extra
      var segments = (0..<generator.inRange(1...4)).map { _ in
        (0..<generator.inRange(0...4)).map { _ in pieces[generator.below(pieces.count)] }.joined()
      }
      // A group's root token.
      if generator.below(8) == 0 { segments.append(TokenPath.rootTokenName) }
      let path = TokenPath(segments)
      let general = CSSLanguage.propertyNameByCharacters(path)
      switch (CSSLanguage.propertyName(path), general) {
      case (.success(let fast), .success(let slow)): #expect(fast == slow, "\(segments)")
      case (.failure(let fast), .failure(let slow)):
        #expect(fast.groupPath == slow.groupPath && fast.character == slow.character, "\(segments)")
      default: Issue.record("\(segments): one path failed, the other did not")
      }
    }
    #expect(CSSLanguage.asciiPropertyName(TokenPath(["acid green", "bg"])) == "--acid-green-bg")
    #expect(CSSLanguage.asciiPropertyName(TokenPath(["color", "$root"])) == nil)
    // The fast path reads the dotted name: a dot inside a segment is no separator.
    #expect(CSSLanguage.asciiPropertyName(TokenPath(["color.accent", "bg"])) == nil)
  }

  @Test func singleASCIILinesGiveTheGeneralCommentLines() {
    var generator = SplitMix64(seed: 8)
    let pieces = [
      "a", "Z", " ", "\t", "*/", "/*", "</", "-", "\n", "\r\n", "\r", "\u{B}", "\u{1B}", "é", "\u{202E}",
    ]
    for _ in 0..<20_000 {
      // Mostly printable ASCII, so the fast path is taken often.
      let count = generator.below(2) == 0 ? 7 : pieces.count
      let text = (0..<generator.inRange(0...8)).map { _ in pieces[generator.below(count)] }.joined()
      #expect(
        SourceText.commentLines(text) == SourceText.commentLinesByCharacters(text), "\(text.debugDescription)"
      )
    }
  }

  @Test func reportReplacementsGiveFoundationsResult() {
    var generator = SplitMix64(seed: 9)
    let pieces = ["a", "-", "_", ".", "|", "label", "\u{301}", "é", "\u{600}", "\r\n", "<", "&"]
    for _ in 0..<5_000 {
      let count = generator.below(2) == 0 ? 6 : pieces.count
      let text = (0..<generator.inRange(0...8)).map { _ in pieces[generator.below(count)] }.joined()
      for (target, replacement) in [("-", " "), (".", ".<wbr>"), ("|", "\\|")] {
        #expect(
          AuditReport.replacing(Unicode.Scalar(target) ?? "-", with: replacement, in: text)
            == text.replacingOccurrences(of: target, with: replacement), "\(text.debugDescription)")
      }
    }
  }
}
