import Foundation
import TestSupport
import Testing

@testable import EBTokensModel
@testable import EBTokensSupport

@Suite struct JSONWriterTests {
  @Test func escapesEverythingJSONAndJavaScriptNeed() throws {
    let hostile =
      "quote \" backslash \\ newline \n tab \t nul \u{0} del \u{7F} line-sep \u{2028} é 🎨 </script>"
    let text = JSONWriter.render(
      .object([("name", .string(hostile)), ("n", .number(0.8)), ("i", .integer(-3))]))
    #expect(
      text == """
        {
          "name": "quote \\" backslash \\\\ newline \\n tab \\t nul \\u0000 del \\u007F line-sep \\u2028 é 🎨 </script>",
          "n": 0.8,
          "i": -3
        }

        """)
    let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(decoded["name"] as? String == hostile)
  }

  @Test func emptyCollectionsAndNonFiniteNumbers() {
    #expect(
      JSONWriter.render(.array([.array([]), .object([]), .number(.infinity), .null, .bool(true)])) == """
        [
          [],
          {},
          null,
          null,
          true
        ]

        """)
  }

  /// Numbers and integers are written straight into the bytes: the text must be exactly
  /// `NumberFormatting.shortest` and `String(Int)`, for values of every size and sign.
  @Test func numbersAreWrittenAsShortestFormats() {
    var numbers: [Double] = [
      0, -0.0, 1, -1, 21, 4.5, 0.1, 1e15, -1e15, 999_999_999_999_999, 1e-7, 1e22, 123.456,
    ]
    var random = SeededGenerator()
    for _ in 0..<2_000 {
      numbers.append(Double.random(in: -100...100, using: &random))
      numbers.append(Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100)
      numbers.append(Double(bitPattern: random.next()))
    }
    for number in numbers {
      let expected = number.isFinite ? NumberFormatting.shortest(number) : "null"
      #expect(JSONWriter.render(.number(number)) == expected + "\n", "\(number), seed \(random.seed)")
    }
    let integers =
      [0, 1, -1, 9, 10, Int.max, Int.min]
      + (0..<500).map { _ in Int.random(in: .min ... .max, using: &random) }
    for integer in integers {
      #expect(JSONWriter.render(.integer(integer)) == String(integer) + "\n", "seed \(random.seed)")
    }
  }

  @Test func colorsAreWrittenAsHex() {
    for (color, hex, opaque) in [
      (Color(red: 0, green: 0, blue: 0), "#000000", "#000000"),
      (Color(red: 1, green: 0.5, blue: 0.0625, alpha: 0.5), "#FF801080", "#FF8010"),
      (Color(red: 0.1, green: 0.9, blue: 2, alpha: 0.999), "#1AE6FF", "#1AE6FF"),
    ] {
      #expect(color.hex == hex)
      #expect(color.opaqueHex == opaque)
    }
  }
}

@Suite struct JSONWriterDocumentTests {
  /// Elements with nested objects and string arrays written member by member, and the same as
  /// `Value`s.
  private static let count = 40

  private static func element(_ index: Int, _ object: inout JSONWriter.ObjectWriter) {
    object.member("name", string: "pair \(index) \"quoted\"")
    object.member("ratio", number: Double(index) / 7)
    object.beginObject("fix")
    object.member("token", string: "a.b\(index)")
    object.member("alsoMoves", strings: (0..<(index % 3)).map { "x\($0) on y" })
    if index.isMultiple(of: 2) {
      object.beginObject("alpha")
      object.member("percent", integer: index)
      object.endObject()
    }
    object.endObject()
    object.member("pass", bool: index.isMultiple(of: 5))
  }

  private static func value(_ index: Int) -> JSONWriter.Value {
    var fix: [(String, JSONWriter.Value)] = [
      ("token", .string("a.b\(index)")),
      ("alsoMoves", .array((0..<(index % 3)).map { .string("x\($0) on y") })),
    ]
    if index.isMultiple(of: 2) { fix.append(("alpha", .object([("percent", .integer(index))]))) }
    return .object([
      ("name", .string("pair \(index) \"quoted\"")), ("ratio", .number(Double(index) / 7)),
      ("fix", .object(fix)), ("pass", .bool(index.isMultiple(of: 5))),
    ])
  }

  @Test func aDocumentWrittenMemberByMemberIsLaidOutAsItsValue() {
    let members: [(String, JSONWriter.Value)] = [("level", .string("AA"))]
    let rendered = JSONWriter.render(members, thenArray: "results", count: Self.count, element: Self.element)
    let expected = JSONWriter.render(
      .object(members + [("results", .array((0..<Self.count).map(Self.value)))]))
    #expect(String(decoding: rendered, as: UTF8.self) == expected)
  }

  /// An element's members, taken as written and replayed in another document at another
  /// position (first, last, between others), give the document written member by member; an
  /// element with no members replays as one.
  @Test func replayedMembersAreTheMembersWritten() {
    let members: [(String, JSONWriter.Value)] = [("level", .string("AA"))]
    var written: [[UInt8]] = []
    _ = JSONWriter.render(members, thenArray: "results", count: Self.count) { index, object in
      Self.element(index, &object)
      written.append(object.writtenMembers)
    }
    #expect(written.count == Self.count && written.allSatisfy { !$0.isEmpty })
    let reversed = JSONWriter.render(members, thenArray: "results", count: Self.count) { index, object in
      object.replay(written[Self.count - 1 - index])
    }
    let expected = JSONWriter.render(
      .object(members + [("results", .array((0..<Self.count).reversed().map(Self.value)))]))
    #expect(String(decoding: reversed, as: UTF8.self) == expected)
    let empty = JSONWriter.render([], thenArray: "results", count: 2) { index, object in
      if index == 0 { object.replay([]) }
    }
    #expect(
      String(decoding: empty, as: UTF8.self)
        == JSONWriter.render(.object([("results", .array([.object([]), .object([])]))])))
  }

  @Test(arguments: [1, 64, 1 << 20])
  func aStreamedDocumentIsTheRenderedOneInPieces(pieceSize: Int) {
    let members: [(String, JSONWriter.Value)] = [("level", .string("AA"))]
    var pieces: [[UInt8]] = []
    JSONWriter.stream(
      members, thenArray: "results", count: Self.count, pieceSize: pieceSize, element: Self.element
    ) { pieces.append($0) }
    #expect(
      pieces.flatMap { $0 }
        == JSONWriter.render(members, thenArray: "results", count: Self.count, element: Self.element))
    #expect(pieces.count > (pieceSize == 1 << 20 ? 0 : 1))
  }
}
