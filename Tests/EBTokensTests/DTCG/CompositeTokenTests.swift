import Testing

@testable import EBTokensAudit
@testable import EBTokensEmitting
@testable import EBTokensModel

/// Typography, shadow, border and stroke style tokens: sub-values are literals or references, and
/// every error is at the sub-value.
@Suite struct CompositeTokenTests {
  private static let primitives = """
    font:
      family:
        $type: fontFamily
        primary: [Proxima Soft, sans-serif]
      weight:
        $type: fontWeight
        bold: bold
    color:
      $type: color
      black: "#000000"
    size:
      $type: dimension
      two: 2px
    """

  private func tokens(_ yaml: String) throws -> TokenSet {
    try loadTokens(["p.yaml": Self.primitives, "t.yaml": yaml])
  }

  private func errors(_ yaml: String) -> [String] {
    diagnostics { _ = try tokens(yaml) }
  }

  @Test func typographyWithReferencedSubValues() throws {
    let set = try tokens(
      """
      type:
        $type: typography
        block:
          $value:
            fontFamily: "{font.family.primary}"
            fontSize: 18px
            fontWeight: "{font.weight.bold}"
            letterSpacing: 0.25px
            lineHeight: 1.2777777777777777
      """)
    let block = try #require(set["type.block"])
    #expect(
      block.value
        == .typography(
          Typography(
            fontFamily: ["Proxima Soft", "sans-serif"], fontSize: Dimension(18, .px), fontWeight: 700,
            letterSpacing: Dimension(0.25, .px), lineHeight: 23.0 / 18)))
    #expect(
      block.componentReferences == [
        ComponentReference(
          path: ["fontFamily"],
          reference: TokenReference(target: TokenPath(["font", "family", "primary"]), alphaFactor: nil)),
        ComponentReference(
          path: ["fontWeight"],
          reference: TokenReference(target: TokenPath(["font", "weight", "bold"]), alphaFactor: nil)),
      ])
    if case .typography(let typography) = block.value {
      #expect(typography.absoluteLineHeight == Dimension(23, .px))
    }
  }

  @Test func shadowsOneOrLayeredWithReferencesAndAlpha() throws {
    let set = try tokens(
      """
      shadow:
        $type: shadow
        low:
          $value:
            color: "{color.black} @ 20%"
            offsetX: 0px
            offsetY: "{size.two}"
            blur: 4px
            spread: 0px
        layered:
          - "{shadow.low}"
          - {color: "#00000033", offsetX: 0px, offsetY: 8px, blur: 16px, spread: -2px, inset: true}
        alias: "{shadow.layered}"
      """)
    let low = Shadow(
      color: Color(red: 0, green: 0, blue: 0, alpha: 0.2), offsetX: Dimension(0, .px),
      offsetY: Dimension(2, .px),
      blur: Dimension(4, .px), spread: Dimension(0, .px), inset: false)
    #expect(set["shadow.low"]?.value == .shadow([low]))
    #expect(set["shadow.low"]?.componentReferences.map(\.path) == [["color"], ["offsetY"]])
    #expect(set["shadow.low"]?.componentReferences.first?.reference.alphaFactor == 0.2)
    guard case .shadow(let layers)? = set["shadow.layered"]?.value else {
      Issue.record("not a shadow")
      return
    }
    #expect(layers.count == 2)
    #expect(layers[0] == low)
    #expect(layers[1].inset && layers[1].spread == Dimension(-2, .px))
    #expect(set["shadow.layered"]?.componentReferences.map(\.path) == [["0"]])
    #expect(set["shadow.alias"]?.value == set["shadow.layered"]?.value)
  }

  @Test func bordersAndStrokeStyles() throws {
    let set = try tokens(
      """
      stroke:
        $type: strokeStyle
        dashed: dashed
        pattern:
          $value: {dashArray: [4px, "{size.two}"], lineCap: round}
      border:
        $type: border
        thin:
          $value: {color: "{color.black}", width: 1px, style: "{stroke.pattern}"}
        plain:
          $value: {color: "#E5EBF4", width: 1px, style: solid}
      """)
    #expect(set["stroke.dashed"]?.value == .strokeStyle(.keyword(.dashed)))
    let pattern = StrokeStyle.dashes([Dimension(4, .px), Dimension(2, .px)], lineCap: .round)
    #expect(set["stroke.pattern"]?.value == .strokeStyle(pattern))
    #expect(
      set["border.thin"]?.value
        == .border(Border(color: Color(red: 0, green: 0, blue: 0), width: Dimension(1, .px), style: pattern)))
    #expect(set["border.plain"]?.value.displayString == "1px solid #E5EBF4")
  }

  @Test func errorsAreAtTheSubValue() {
    #expect(
      errors(
        """
        type:
          $type: typography
          a:
            $value:
              fontFamily: "{font.nope}"
              fontSize: 18
              fontWeight: bold
              letterSpacing: 0px
              lineHeight: 1
          b:
            $value:
              fontFamily: X
              fontSize: "{color.black}"
              fontWeight: bold
              letterSpacing: 0px
              lineHight: 1
          c:
            $value: {fontFamily: X, fontSize: 0px, fontWeight: 900, letterSpacing: 0px, lineHeight: 1}
          d:
            $value: {fontFamily: X, fontWeight: 900, letterSpacing: 0px, lineHeight: 1}
        """) == [
          "t.yaml:5:19: error: 'type.a' references '{font.nope}', which does not exist",
          // A member DTCG does not define is ignored, with a warning (a misspelling says so).
          "t.yaml:12:7: error: invalid typography for 'type.b': a typography value needs 'lineHeight'",
          "t.yaml:16:7: warning: in typography 'type.b': 'lineHight' is not a member of a typography value in "
            + "DTCG 2025.10 (ignored); did you mean 'lineHeight'?",
          "t.yaml:18:39: error: invalid typography for 'type.c': fontSize must be more than 0",
          "t.yaml:20:13: error: invalid typography for 'type.d': a typography value needs 'fontSize'",
        ])
    #expect(
      errors(
        """
        shadow:
          $type: shadow
          a:
            $value: {color: "#000", offsetX: 0px, offsetY: 0px, blur: -1px, spread: 0px}
          b:
            $value: {color: "{size.two}", offsetX: 0, offsetY: 0px, blur: 1px, spread: 0px}
          c:
            $value: []
        """) == [
          "t.yaml:4:63: error: invalid shadow for 'shadow.a': blur cannot be negative",
          "t.yaml:6:21: error: invalid shadow for 'shadow.b': color references '{size.two}', which is a dimension; it needs a color",
          "t.yaml:8:13: error: invalid shadow for 'shadow.c': a list of shadows needs at least one shadow",
        ])
    #expect(
      errors(
        """
        border:
          $type: border
          a:
            $value: {color: "#000", width: 1px, style: dashd}
          b:
            $value: {color: "#000", width: 1px, style: {dashArray: [1px], lineCap: flat}}
        """) == [
          "t.yaml:4:48: error: invalid border for 'border.a': style: 'dashd' is not a stroke style; did you mean 'dashed'?",
          "t.yaml:6:76: error: invalid border for 'border.b': style: lineCap must be round, butt or square",
        ])
  }

  @Test func aLayeredShadowIsNotOneEntryOfAnother() {
    #expect(
      errors(
        """
        shadow:
          $type: shadow
          two:
            - {color: "#000", offsetX: 0px, offsetY: 1px, blur: 1px, spread: 0px}
            - {color: "#000", offsetX: 0px, offsetY: 2px, blur: 2px, spread: 0px}
          nested: ["{shadow.two}"]
        """) == [
          "t.yaml:6:12: error: invalid shadow for 'shadow.nested': '{shadow.two}' is a list of 2 shadows; an entry of a "
            + "shadow list is one shadow (DTCG does not flatten lists)"
        ])
  }

  @Test func cyclesThroughSubValuesAreReportedOnceForEveryToken() {
    #expect(
      errors(
        """
        shadow:
          $type: shadow
          a: ["{shadow.b}"]
          b: ["{shadow.c}"]
          c: ["{shadow.a}"]
          user: "{shadow.a}"
        """) == ["t.yaml:3:7: error: reference cycle: shadow.a -> shadow.b -> shadow.c -> shadow.a"])
  }

  @Test func aCompositeWrittenWithoutValueIsOneError() {
    #expect(
      errors(
        """
        shadow:
          $type: shadow
          low:
            color: "{color.black} @ 20%"
            offsetX: 0px
            offsetY: 2px
            blur: 4px
            spread: 0px
        """) == [
          "t.yaml:3:3: error: 'shadow.low' is a group of tokens named like the fields of a shadow value (color, "
            + "offsetX, offsetY, blur, spread, inset); to write one shadow token, put them under \"$value\""
        ])
  }

  @Test func jsonCompositesTakeNoAlphaModifier() {
    let json = """
      {"c": {"$type": "color", "$value": "#000000"},
       "s": {"$type": "shadow", "$value": {"color": "{c} @ 20%", "offsetX": "0px", "offsetY": "0px", "blur": "0px", "spread": "0px"}}}
      """
    let found = diagnostics { _ = try loadTokens(["s.tokens.json": json]) }
    #expect(found.count == 1)
    #expect(
      found.first?.hasPrefix(
        "s.tokens.json:2:47: error: '{c} @ 20%': the '@ NN%' alpha modifier is ebtokens YAML") == true)
  }
}
