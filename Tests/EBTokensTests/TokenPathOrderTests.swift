import Testing

@testable import EBTokensBenchSupport
@testable import EBTokensModel
@testable import EBTokensSupport

@Suite struct TokenPathOrderTests {
  @Test func naturalOrderComparesDigitRunsByValue() {
    let names = [
      "space.space-12", "space.space-2", "space.space-4", "a-b", "a.b.c", "a.b", "a02", "a2", "a10",
    ]
    let sorted = names.map { TokenPath($0.split(separator: ".").map(String.init)) }.sorted().map(\.name)
    #expect(
      sorted == [
        "a.b", "a.b.c", "a-b", "a02", "a2", "a10", "space.space-2", "space.space-4", "space.space-12",
      ])
  }

  /// The sort key must order paths exactly as `<` does, ties and odd bytes included.
  @Test func sortKeysOrderExactlyAsTheComparator() {
    var generator = SplitMix64(seed: 2026)
    let alphabet: [String] = ["a", "b", "0", "00", "1", "2", "9", "10", "-", "_", "\u{0}", "\u{1}", "é", "Z"]
    var paths: [TokenPath] = []
    for _ in 0..<3000 {
      let segmentCount = generator.inRange(1...3)
      let segments = (0..<segmentCount).map { _ in
        (0..<generator.inRange(1...4)).map { _ in alphabet[generator.below(alphabet.count)] }.joined()
      }
      paths.append(TokenPath(segments))
    }
    for (left, right) in zip(paths, paths.reversed()) {
      #expect(
        (left < right) == left.sortKey.lexicographicallyPrecedes(right.sortKey),
        "\(left.segments) \(right.segments)")
    }
  }

  /// `hasPrefix(ascii:)` answers from bytes what `hasPrefix` answers from characters: a mark after
  /// the first character joins it, and CR LF is one character. `containsByte(_:)` answers as the
  /// UTF-8 view does. Texts short enough to be held in place and longer ones both.
  @Test func hasPrefixOfAnASCIICharacterAnswersAsCharactersDo() {
    var generator = SplitMix64(seed: 20)
    let pieces = [
      "{", "#", "$", "a", "\r", "\n", "\u{301}", "\u{200D}", "é", "e\u{301}", "👍🏽", "}", " ", "",
      "a-group-name-longer-than-fifteen-bytes",
    ]
    var checked = 0
    for _ in 0..<4000 {
      let text = (0..<generator.inRange(0...3)).map { _ in pieces[generator.below(pieces.count)] }.joined()
      for byte in ["{", "#", "$", "\r", "a"].map({ UInt8(ascii: Unicode.Scalar($0)!) }) {
        #expect(
          text.hasPrefix(ascii: byte) == text.hasPrefix(String(Unicode.Scalar(byte))), "\(Array(text.utf8))")
        #expect(text.containsByte(byte) == text.utf8.contains(byte), "\(Array(text.utf8))")
        checked += 1
      }
    }
    #expect(checked == 20000)
    #expect(!"{\u{301}x}".hasPrefix(ascii: UInt8(ascii: "{")) && "{x}".hasPrefix(ascii: UInt8(ascii: "{")))
    #expect(!"\r\n".hasPrefix(ascii: UInt8(ascii: "\r")) && "\ra".hasPrefix(ascii: UInt8(ascii: "\r")))
  }

  /// However a path is made (from its segments, from its parent, from a reference's text, or with
  /// its group's shared array), it reads, compares and hashes the same.
  @Test func pathsMadeEveryWayAreTheSamePath() {
    let group = TokenPath(["color", "brand"])
    let shared = Array(group.segments)
    let madeEachWay = [
      TokenPath(["color", "brand", "primary"]),
      TokenPath(parent: group, "primary"),
      TokenPath(parent: group, segments: shared, "primary"),
      TokenPath(segments: ["color", "brand", "primary"], name: "color.brand.primary"),
    ]
    for path in madeEachWay {
      #expect(Array(path.segments) == ["color", "brand", "primary"])
      #expect(path.segments.count == 3 && path.segments[1] == "brand" && path.segments.last == "primary")
      #expect(path.name == "color.brand.primary")
      #expect(path.parent == group && path.parentName == "color.brand")
      #expect(path == madeEachWay[0] && path.hashValue == madeEachWay[0].hashValue)
      #expect(path.sortKey == madeEachWay[0].sortKey)
    }
    #expect(TokenPath(parent: group, "secondary") != madeEachWay[0])
    // A segment holding a dot (a JSON pointer's) makes the same name as two segments, not the same path.
    #expect(TokenPath(["color", "brand.primary"]) != madeEachWay[0])
    let single = TokenPath(parent: nil, "color")
    #expect(Array(single.segments) == ["color"] && single.parent == nil && single.parentName == nil)
    let empty = TokenPath([])
    #expect(empty.segments.isEmpty && empty.segments.last == nil && empty.name.isEmpty)
  }
}
