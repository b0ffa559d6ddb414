import Testing

@testable import EBTokensBenchSupport
@testable import EBTokensModel

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
}
