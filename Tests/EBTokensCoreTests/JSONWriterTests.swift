import Foundation
import Testing

@testable import EBTokensCore

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
}
