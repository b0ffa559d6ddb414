import Testing

@testable import EBTokensSupport

@Suite struct NameIndexTests {
  /// Thousands of inserts, updates, removals and lookups, checked against a `Dictionary` after
  /// each: the table grows many times over and removals shift runs of slots back.
  @Test func agreesWithADictionaryThroughInsertsUpdatesAndRemovals() {
    var index = NameIndex()
    var reference: [String: Int] = [:]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      // A fixed sequence (xorshift), so that a failure can be replayed.
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    for step in 0..<20_000 {
      let name = "group\(next(40)).token-\(next(150))"
      switch next(10) {
      case 0..<5:
        index[name] = step
        reference[name] = step
      case 5..<7:
        let hash = NameIndex.hash(of: name)
        let value = index.value(for: name, hash: hash, insertingIfMissing: step)
        #expect(value == reference[name, default: step])
        reference[name] = reference[name] ?? step
      case 7..<9:
        index[name] = nil
        reference[name] = nil
      default:
        index.removeValue(for: name, hash: NameIndex.hash(of: name))
        reference[name] = nil
      }
      #expect(index.count == reference.count)
      let probe = "group\(next(40)).token-\(next(150))"
      #expect(index[probe] == reference[probe])
    }
    for (name, value) in reference { #expect(index[name] == value) }
    let doubled = index.mapValues { $0 * 2 }
    #expect(doubled.count == reference.count)
    for (name, value) in reference { #expect(doubled[name] == value * 2) }
    // The original is unchanged by the mapping.
    for (name, value) in reference { #expect(index[name] == value) }
  }

  @Test func numbersNamesByPosition() {
    let index = NameIndex(positionsOf: ["a.b", "a.c", "", "b"])
    #expect(index["a.b"] == 0)
    #expect(index["a.c"] == 1)
    #expect(index[""] == 2)
    #expect(index["b"] == 3)
    #expect(index["c"] == nil)
    #expect(index.count == 4)
  }

  /// Names equal as Swift compares strings (canonically equivalent) are one name, as in a
  /// `Dictionary`.
  @Test func canonicallyEquivalentNamesAreOneName() {
    var index = NameIndex()
    index["caf\u{E9}"] = 1
    #expect(index["cafe\u{301}"] == 1)
    index["cafe\u{301}"] = 2
    #expect(index.count == 1)
    #expect(index["caf\u{E9}"] == 2)
  }

  /// A part of a longer string (a group's name in its member's) finds the name of its characters,
  /// canonical equivalents included, without being made a string.
  @Test func aSubstringFindsTheNameOfItsCharacters() {
    let index = NameIndex(positionsOf: ["main.alert", "main", "caf\u{E9}.menu"])
    let member = "main.alert.color.bg"
    #expect(index[member.prefix(10)] == 0)
    #expect(index[member.prefix(4)] == 1)
    #expect(index[member.prefix(5)] == nil)
    #expect(index[member.prefix(15)] == nil)
    #expect(index["cafe\u{301}.menu.item".prefix(9)] == 2)
  }

  @Test func anEmptyIndexFindsNothingAndRemovesNothing() {
    var index = NameIndex()
    #expect(index["a"] == nil)
    index.removeValue(for: "a", hash: NameIndex.hash(of: "a"))
    #expect(index.count == 0)
    #expect(index.mapValues { $0 + 1 }.count == 0)
  }
}
