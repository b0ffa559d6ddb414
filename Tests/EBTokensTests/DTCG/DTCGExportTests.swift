import Foundation
import Testing

@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// `ebtokens export`: DTCG JSON that reads back to the same resolved tokens, references kept.
@Suite struct DTCGExportTests {
  /// The token sets the round trips run on: the shipped tokens, the emitting and types fixtures,
  /// and every specification example that resolves.
  static func sources() throws -> [String] {
    // The examples that resolve: those whose recorded result (checked by DTCGConformanceTests)
    // has no error.
    let examples = try DTCGConformanceTests.examples().filter { example in
      let expected = try String(
        contentsOf: DTCGConformanceTests.root.appendingPathComponent("\(example)/expected.txt"),
        encoding: .utf8)
      return !expected.split(separator: "\n").contains { $0.hasPrefix("error:") }
    }.map { "Tests/EBTokensTests/Fixtures/dtcg/\($0)" }
    return [
      "tokens", "Tests/EBTokensTests/Fixtures/emitting/tokens",
      "Tests/EBTokensTests/Fixtures/emitting-types/tokens",
    ] + examples
  }

  private func load(_ relative: String) throws -> TokenSet {
    try TokenLoader().load(directory: TestPaths.repositoryRoot.appendingPathComponent(relative).path).value
  }

  private func readBack(_ text: String) throws -> TokenSet {
    try loadTokens(["export.tokens.json": text])
  }

  @Test(arguments: [DTCGExport.Mode.references, .resolved], try sources())
  func exportingAndReadingBackGivesTheSameTokens(mode: DTCGExport.Mode, source: String) throws {
    let original = try load(source)
    let text = DTCGExport.render(original, mode: mode)
    let copy = try readBack(text)
    #expect(copy.tokens.map(\.name) == original.tokens.map(\.name), "\(source)")
    for (before, after) in zip(original.tokens, copy.tokens) {
      #expect(after.type == before.type, "\(before.name)")
      #expect(after.value == before.value, "\(before.name): \(after.value) is not \(before.value)")
      #expect(after.description == before.description, "\(before.name)")
      #expect(after.deprecation == before.deprecation, "\(before.name)")
      #expect(
        after.extensions.map(DTCGExport.json).map(JSONWriter.render)
          == before.extensions.map(DTCGExport.json).map(JSONWriter.render))
      switch (mode, before.reference) {
      case (.references, let reference?) where reference.alphaFactor == nil:
        #expect(after.reference?.target == reference.target, "\(before.name)")
      default:
        #expect(after.reference == nil, "\(before.name)")
      }
    }
    // The same tokens, the same bytes; and what is written is JSON other tools read. (An alias with
    // an alpha modifier, or a part of a composite with one, reads back as a color whose components
    // point at its source: the same color, but written out, not as pointers, when exported again.)
    let hasAlphaModifiers = original.tokens.contains { token in
      token.reference?.alphaFactor != nil
        || token.componentReferences.contains { $0.reference.alphaFactor != nil }
    }
    if mode == .resolved || !hasAlphaModifiers {
      #expect(DTCGExport.render(copy, mode: mode) == text)
    }
    #expect(DTCGExport.render(original, mode: mode) == text)
    #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
  }

  @Test func anAliasWithAnAlphaModifierBecomesAColorWithPointedComponents() throws {
    let set = try loadTokens([
      "c.yaml": "c:\n  $type: color\n  a/b~c: \"#072592\"\n  d: \"{c.a/b~c} @ 80%\"\n  e: \"{c.d}\"\n"
    ])
    let text = DTCGExport.render(set, mode: .references)
    #expect(
      text.contains(
        """
              "$value": {
                "colorSpace": "srgb",
                "components": [
                  {
                    "$ref": "#/c/a~1b~0c/$value/components/0"
                  },
        """))
    #expect(text.contains("\"alpha\": 0.8,\n        \"hex\": \"#072592\""))
    #expect(text.contains("\"$value\": \"{c.d}\""))
    let copy = try readBack(text)
    #expect(copy["c.d"]?.value.displayString == "#072592CC")
    #expect(copy["c.e"]?.value.displayString == "#072592CC")
  }

  @Test func compositeSubValuesStayReferences() throws {
    let set = try loadTokens([
      "c.yaml": """
      color:
        $type: color
        black: "#000000"
      font:
        $type: fontFamily
        body: Inter
      type:
        $type: typography
        body:
          $value: {fontFamily: "{font.body}", fontSize: 16px, fontWeight: 400, letterSpacing: 0px, lineHeight: 1.5}
      shadow:
        $type: shadow
        list:
          - {color: "{color.black} @ 20%", offsetX: 0px, offsetY: 1px, blur: 2px, spread: 0px}
      """
    ])
    let text = DTCGExport.render(set, mode: .references)
    #expect(text.contains("\"fontFamily\": \"{font.body}\","))
    // A list of one stays a list, so the reference's place ("0", "color") is where it was.
    #expect(text.contains("\"$value\": [\n        {\n          \"color\": {"))
    #expect(text.contains("\"$ref\": \"#/color/black/$value/components/0\""))
    let copy = try readBack(text)
    #expect(copy["type.body"]?.componentReferences.map(\.path) == [["fontFamily"]])
    #expect(copy["shadow.list"]?.value == set["shadow.list"]?.value)
  }

  /// Cubic Béziers are lists of four numbers, transitions objects with duration objects, gradients
  /// lists of stops; the parts written as references stay references.
  @Test func motionAndGradientsInTheFormatModulesForm() throws {
    let set = try load("Tests/EBTokensTests/Fixtures/emitting-types/tokens")
    let text = DTCGExport.render(set, mode: .references)
    #expect(text.contains(#""standard": {"#))
    #expect(text.contains(#""timingFunction": "{ease.standard}""#))
    #expect(text.contains(#""duration": "{duration.fast}""#))
    #expect(text.contains(#""position": "{stop.middle}""#))
    #expect(text.contains(#""color": "{color.brand}""#))
    let literal = DTCGExport.render(set, mode: .resolved).filter { !$0.isWhitespace }
    #expect(literal.contains(#""timingFunction":[0.34,1.56,0.64,1]"#), "\(literal)")
    // 1.5 is clamped, as the format module says.
    #expect(!literal.contains(#""position":1.5"#) && literal.contains(#""position":1}"#), "\(literal)")
  }

  @Test func groupsKeepTheirDescriptionsAndExtensions() throws {
    let set = try loadTokens([
      "g.tokens.json": """
      {"brand": {"$description": "Brand colors", "$extensions": {"org.example": {"id": 12345678901234567890, "on": true}},
        "blue": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 1]}}}}
      """
    ])
    let text = DTCGExport.render(set, mode: .references)
    #expect(
      text.hasPrefix(
        """
        {
          "brand": {
            "$description": "Brand colors",
            "$extensions": {
              "org.example": {
                "id": 12345678901234567890,
                "on": true
              }
            },
            "blue": {
        """))
    #expect(try readBack(text).groups["brand"]?.description == "Brand colors")
  }
}

extension DTCGExport.Mode: CustomTestStringConvertible {
  public var testDescription: String { self == .references ? "references" : "resolved" }
}
