import Foundation
import Testing

@testable import EBTokensModel
@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSupport
@testable import EBTokensSyntax

/// For a large set the resolver parses the plain literals and finds every reference's target on
/// two cores before its walk (`resolveAheadOnTwoCores`), and the walk resolves the rest: the
/// tokens, errors and warnings must be those of the walk alone, in the same order.
///
/// The same files of awkward definitions are resolved twice: alone (a small set, which the walk
/// resolves by itself), and between files of plain colors that make the set large, so that the
/// awkward ones fall in both cores' shares.
@Suite struct ResolvingAheadTests {
  /// Files of awkward definitions, each between two files of plain colors.
  private static let caseFiles = 6
  /// Plain colors per file between them: the large set is over `minimumCountForBackgroundWork`.
  private static let colorsPerFile = 1_000

  /// The colors of file `file`, in groups of 100.
  private static func colors(_ file: Int) -> String {
    var yaml = "g\(file):\n  $type: color\n"
    for group in 0..<(colorsPerFile / 100) {
      yaml += "  g\(group):\n"
      for member in 0..<100 {
        yaml +=
          "    t\(member): \"#\(String(format: "%06X", (file * colorsPerFile + group * 100 + member) * 977))\"\n"
      }
    }
    return yaml
  }

  /// Definitions the ahead pass must leave to the walk, or may only partly do, in group `x<file>`.
  private static func cases(_ file: Int) -> String {
    let group = "x\(file)"
    return """
      \(group):
        ok: {$type: color, $value: "#FF0000"}
        bad: {$type: color, $value: "#GG0000"}
        empty: {$type: color, $value: }
        size: {$type: dimension, $value: 16px}
        badSize: {$type: dimension, $value: 16 parsecs}
        atSize: {$type: dimension, $value: "16px @ 50%"}
        faded: {$type: color, $value: "#FF0000 @ 50%"}
        stack: {$type: fontFamily, $value: "Inter, sans-serif"}
        family: {$type: fontFamily, $value: Inter}
        weight: {$type: fontWeight, $value: bold}
        ratio: {$type: number, $value: 1.5}
        alias: "{\(group).ok}"
        fadedAlias: "{\(group).ok} @ 40%"
        chain: "{\(group).alias}"
        missing: "{\(group).okk}"
        toGroup: "{\(group).nested}"
        nested:
          inner: {$type: number, $value: 1}
        mismatch: {$type: dimension, $value: "{\(group).ok}"}
        cycleA: "{\(group).cycleB}"
        cycleB: "{\(group).cycleA}"
        shadow:
          $type: shadow
          $value: {color: "{\(group).ok}", offsetX: 1px, offsetY: 2px, blur: 3px, spread: 0px}
        badShadow:
          $type: shadow
          $value: {color: "{\(group).bad}", offsetX: 1px, offsetY: 2px, blur: 3px, spread: 0px}
        text: {$type: string, $value: hello}
        textAlias: "{\(group).text}"
        untyped: {$value: "#00FF00"}
        typo: {$type: colour, $value: "#000000"}
        typed:
          $type: dimension
          inherited: 4px
          wrong: "#FFFFFF"
        old:
          $deprecated: Use ok instead.
          red: {$type: color, $value: "#FF0000", $description: Red, once.}
          kept: {$type: color, $value: "#00FF00", $deprecated: false}
          redAlias: "{\(group).old.red}"

      """
  }

  /// In JSON, an alpha modifier is an error that leaves its token broken before resolving: the
  /// font family's value still parses, and must not be resolved ahead.
  private static func jsonCases(_ file: Int) -> String {
    ##"{"j\##(file)": {"font": {"$type": "fontFamily", "$value": "#Inter @ 50%"}, "##
      + ##""plain": {"$type": "fontFamily", "$value": "Inter"}}}"##
  }

  private static func source(withColors: Bool) throws -> TokenSource {
    var files: [(path: String, contents: String)] = []
    for file in 0...caseFiles {
      if withColors { files.append(("colors\(file).yaml", colors(file))) }
      guard file < caseFiles else { break }
      files.append(("cases\(file).yaml", cases(file)))
      files.append(("cases\(file).tokens.json", jsonCases(file)))
    }
    return try tokenSource(files)
  }

  @Test func theLargeSetResolvesTheCasesAsTheWalkAloneDoes() throws {
    let small = try Self.source(withColors: false)
    let large = try Self.source(withColors: true)
    #expect(small.definitions.count < minimumCountForBackgroundWork)
    #expect(large.definitions.count >= minimumCountForBackgroundWork)
    let (smallSet, smallErrors) = Resolver.resolve(small)
    let (largeSet, largeErrors) = Resolver.resolve(large)

    // Every kind of case above reports something, in every file: a test of nothing cannot pass.
    #expect(smallErrors.count >= Self.caseFiles * 12)
    #expect(smallSet.tokens.contains { $0.name == "j0.plain" })
    #expect(!smallSet.tokens.contains { $0.name == "j0.font" })
    #expect(smallSet.tokens.first { $0.name == "x0.old.red" }?.deprecation == .message("Use ok instead."))
    #expect(largeErrors.map(\.diagnostic) == smallErrors.map(\.diagnostic))

    let colorCount = (Self.caseFiles + 1) * Self.colorsPerFile
    #expect(largeSet.tokens.count == smallSet.tokens.count + colorCount)
    let largeByName = Dictionary(uniqueKeysWithValues: largeSet.tokens.map { ($0.name, $0) })
    for token in smallSet.tokens {
      let twin = try #require(largeByName[token.name], "\(token.name)")
      #expect(twin.type == token.type, "\(token.name)")
      #expect(twin.value == token.value, "\(token.name)")
      #expect(twin.reference == token.reference, "\(token.name)")
      #expect(twin.componentReferences == token.componentReferences, "\(token.name)")
      #expect(twin.description == token.description, "\(token.name)")
      #expect(twin.deprecation == token.deprecation, "\(token.name)")
      #expect(twin.location == token.location && twin.valueLocation == token.valueLocation, "\(token.name)")
    }
    // The plain colors, which the pass parses, resolve to what they say.
    for token in largeSet.tokens where token.name.hasPrefix("g") {
      let segments = Array(token.path.segments)
      let number =
        try #require(Int(segments[0].dropFirst())) * Self.colorsPerFile
        + #require(Int(segments[1].dropFirst())) * 100 + #require(Int(segments[2].dropFirst()))
      #expect(token.value.displayString == String(format: "#%06X", number * 977), "\(token.name)")
    }
  }
}
