import Testing

@testable import EBTokensAudit
@testable import EBTokensEmitting
@testable import EBTokensModel

/// Literal values of every type, and the typed error for each malformed form.
@Suite struct ValueTests {
  private func value(_ type: String, _ literal: String) throws -> TokenValue? {
    try loadTokens(["v.yaml": "t:\n  $type: \(type)\n  $value: \(literal)\n"])["t"]?.value
  }

  private func error(_ type: String, _ literal: String) -> String? {
    diagnostics { _ = try loadTokens(["v.yaml": "t:\n  $type: \(type)\n  $value: \(literal)\n"]) }.first
  }

  @Test func colorForms() throws {
    #expect(try value("color", "\"#0af\"") == .color(Color(red: 0, green: 0xAA / 255, blue: 1)))
    #expect(try value("color", "\"#072592\"")?.displayString == "#072592")
    #expect(try value("color", "\"#072592cc\"")?.displayString == "#072592CC")
    #expect(try value("color", "\"#072592FF\"")?.displayString == "#072592")
    #expect(
      try value("color", "{colorSpace: srgb, components: [1, 0.5, 0], alpha: 0.5, hex: \"#FF8000\"}")
        == .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)))
    #expect(try value("color", "{colorSpace: srgb, components: [none, 0, 1]}")?.displayString == "#0000FF")
  }

  @Test func malformedColors() {
    let hint = "write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object"
    #expect(
      error("color", "\"#GGG\"")
        == "v.yaml:3:11: error: invalid color for 't': '#GGG' has a character that is not a hex digit; \(hint)"
    )
    #expect(
      error("color", "\"#12345\"")
        == "v.yaml:3:11: error: invalid color for 't': '#12345' has 5 hex digits, but a color has 3, 4, 6 or 8; \(hint)"
    )
    #expect(
      error("color", "\"rgb(0, 0, 0)\"")
        == "v.yaml:3:11: error: invalid color for 't': 'rgb(0, 0, 0)' is not a supported color; \(hint)")
    #expect(
      error("color", "#FFFFFF")
        == "v.yaml:3:10: error: invalid color for 't': the value is missing (in YAML '#' starts a comment: quote colors, as in \"#FFFFFF\")"
    )
    #expect(
      error("color", "{colorSpace: display-p4, components: [1, 0, 0]}")
        == "v.yaml:3:24: error: invalid color for 't': 'display-p4' is not a DTCG color space; did you mean 'display-p3'?"
    )
    #expect(
      error("color", "{colorSpace: srgb, components: [1, 2, 0]}")
        == "v.yaml:3:46: error: invalid color for 't': a color component 2 is out of range 0 to 1")
  }

  @Test func dimensionForms() throws {
    #expect(try value("dimension", "4px") == .dimension(Dimension(4, .px)))
    #expect(try value("dimension", "\"1.5rem\"") == .dimension(Dimension(1.5, .rem)))
    #expect(try value("dimension", "-2px") == .dimension(Dimension(-2, .px)))
    #expect(try value("dimension", "{value: 4, unit: px}") == .dimension(Dimension(4, .px)))
  }

  @Test func malformedDimensions() {
    let prefix = "v.yaml:3:11: error: invalid dimension for 't':"
    #expect(
      error("dimension", "4 px")
        == "\(prefix) '4 px' has a space between the number and the unit; write \"4px\" or {value: 4, unit: px}"
    )
    #expect(error("dimension", "-0px") == "\(prefix) '-0px' is negative zero; write 0px")
    #expect(error("dimension", "1e400px") == "\(prefix) '1e400' is out of range")
    #expect(
      error("dimension", "NaNpx")
        == "\(prefix) 'NaNpx' is not a dimension; write \"4px\" or {value: 4, unit: px}")
    #expect(error("dimension", "4") == "\(prefix) '4' has no unit; use px or rem")
    #expect(error("dimension", "4pt") == "\(prefix) unit 'pt' is not supported; use px or rem")
    #expect(
      error("dimension", "04px")
        == "\(prefix) '04px' is not a dimension; write \"4px\" or {value: 4, unit: px}")
  }

  @Test func otherTypes() throws {
    #expect(try value("number", "1.25") == .number(1.25))
    #expect(try value("duration", "200ms") == .duration(Duration(200, .ms)))
    #expect(try value("duration", "{value: 0.5, unit: s}") == .duration(Duration(0.5, .s)))
    #expect(try value("fontFamily", "Proxima Soft") == .fontFamily(["Proxima Soft"]))
    #expect(try value("fontFamily", "[BarkAda, sans-serif]") == .fontFamily(["BarkAda", "sans-serif"]))
    #expect(try value("fontWeight", "600") == .fontWeight(600))
    #expect(try value("fontWeight", "semi-bold") == .fontWeight(600))
  }

  @Test func malformedOtherTypes() {
    #expect(
      error("number", "\"4\"")
        == "v.yaml:3:11: error: invalid number for 't': expected a number, found a string")
    #expect(error("number", "0x10") == "v.yaml:3:11: error: invalid number for 't': '0x10' is not a number")
    #expect(
      error("duration", "-1ms")
        == "v.yaml:3:11: error: invalid duration for 't': a duration cannot be negative")
    #expect(
      error("fontWeight", "semibold")
        == "v.yaml:3:11: error: invalid fontWeight for 't': 'semibold' is not a font weight; did you mean 'semi-bold'?"
    )
    #expect(
      error("fontWeight", "1001")
        == "v.yaml:3:11: error: invalid fontWeight for 't': font weight 1001 is out of range 1 to 1000")
  }
}
