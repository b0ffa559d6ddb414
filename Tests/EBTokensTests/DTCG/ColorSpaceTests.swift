import Testing

@testable import EBTokensModel
@testable import EBTokensSupport

/// Every DTCG color space converts to sRGB with CSS Color 4's formulas; a color outside sRGB is an
/// error naming its channels, unless clipping it is below rounding noise.
@Suite struct ColorSpaceTests {
  private func expectClose(
    _ actual: [Double], _ expected: [Double], tolerance: Double = 1e-12,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    // Counts first: `zip` stops at the shorter array, so an empty result would pass.
    let close =
      actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(close, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
  }

  @Test func whiteIsWhiteAndBlackIsBlackInEverySpace() {
    let white: [ColorSpace: [Double]] = [
      .srgb: [1, 1, 1], .srgbLinear: [1, 1, 1], .hsl: [0, 0, 100], .hwb: [0, 100, 0], .lab: [100, 0, 0],
      .lch: [100, 0, 0], .oklab: [1, 0, 0], .oklch: [1, 0, 0], .displayP3: [1, 1, 1], .a98RGB: [1, 1, 1],
      .prophotoRGB: [1, 1, 1], .rec2020: [1, 1, 1],
      .xyzD65: [0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290],
      .xyzD50: [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585],
    ]
    #expect(Set(white.keys) == Set(ColorSpace.allCases))
    for (space, components) in white {
      expectClose(space.sRGB(components), [1, 1, 1], tolerance: 1e-9)
      expectClose(space.sRGB(space == .hwb ? [0, 0, 100] : [0, 0, 0]), [0, 0, 0], tolerance: 1e-9)
    }
  }

  @Test func knownValues() {
    // The sRGB transfer function at one half.
    expectClose(
      ColorSpace.srgbLinear.sRGB([0.5, 0.5, 0.5]),
      [0.7353569830524495, 0.7353569830524495, 0.7353569830524495])
    // CSS Color 4's HSL and HWB examples: hsl(120 100% 25%) is #008000; hwb(120 20% 30%) is rgb(20% 70% 20%).
    expectClose(ColorSpace.hsl.sRGB([120, 100, 25]), [0, 0.5, 0])
    expectClose(ColorSpace.hsl.sRGB([330, 100, 50]), [1, 0, 0.5])
    expectClose(ColorSpace.hwb.sRGB([120, 20, 30]), [0.2, 0.7, 0.2])
    // Whiteness and blackness adding up past 100% give a gray.
    expectClose(ColorSpace.hwb.sRGB([200, 60, 60]), [0.5, 0.5, 0.5])
    // Lab and Oklab grays have equal channels.
    let gray = ColorSpace.lab.sRGB([50, 0, 0])
    expectClose(gray, [gray[0], gray[0], gray[0]])
    expectClose(gray, [0.4663266092835370, 0.4663266092835370, 0.4663266092835370], tolerance: 1e-9)
    // Display P3 gray is the same gray.
    expectClose(ColorSpace.displayP3.sRGB([0.5, 0.5, 0.5]), [0.5, 0.5, 0.5])
  }

  @Test func theColorModulesHotPinkExamplesAreFFOOFF() {
    let examples: [(ColorSpace, [Double])] = [
      (.lab, [60.17, 93.54, -60.5]), (.lch, [60.17, 111.4, 327.11]), (.oklab, [0.701, 0.2746, -0.169]),
      (.oklch, [0.7016, 0.3225, 328.363]), (.xyzD65, [0.5929, 0.2848, 0.9699]),
      (.xyzD50, [0.5791, 0.2831, 0.728]),
    ]
    for (space, components) in examples {
      // Rounded to four digits, they land a hair off #FF00FF, some of it outside sRGB.
      expectClose(space.sRGB(components), [1, 0, 1], tolerance: 0.005)
    }
  }

  @Test func colorObjectsInEverySpaceResolveToSRGB() throws {
    func color(_ space: String, _ components: String, alpha: String = "") throws -> String? {
      try loadTokens([
        "c.yaml": "c:\n  $type: color\n  $value: {colorSpace: \(space), components: \(components)\(alpha)}\n"
      ])["c"]?.value.displayString
    }
    #expect(try color("oklch", "[0.7016, 0.3225, 328.363]") == "#FF00FF")
    #expect(try color("hsl", "[none, 0, 100]") == "#FFFFFF")
    #expect(try color("\"hsl\"", "[\"none\", 0, 100]") == "#FFFFFF")
    #expect(try color("hwb", "[330, 0, 0]", alpha: ", alpha: 0.5") == "#FF008080")
    #expect(try color("display-p3", "[0.9, 0.3, 0.2]") == "#F93B21")
    #expect(try color("rec2020", "[1, 1, 1]") == "#FFFFFF")
  }

  @Test func componentsAreCheckedAgainstTheirSpacesRanges() {
    func error(_ space: String, _ components: String) -> String? {
      diagnostics {
        _ = try loadTokens([
          "c.yaml": "c:\n  $type: color\n  $value: {colorSpace: \(space), components: \(components)}\n"
        ])
      }.first
    }
    #expect(
      error("hsl", "[360, 0, 0]")
        == "c.yaml:3:42: error: invalid color for 'c': hue 360 is out of range 0 to 360 (360 excluded)")
    #expect(
      error("hsl", "[0, 101, 0]")
        == "c.yaml:3:45: error: invalid color for 'c': saturation 101 is out of range 0 to 100")
    #expect(
      error("oklch", "[0.5, -0.1, 0]")
        == "c.yaml:3:49: error: invalid color for 'c': chroma -0.1 is out of range 0 or more")
    #expect(
      error("srgb", "[1, 0]")
        == "c.yaml:3:11: error: invalid color for 'c': a srgb color needs 'components' with three numbers: red, green, blue"
    )
    #expect(
      error("lab", "[50, \"0\", 0]")
        == "c.yaml:3:46: error: invalid color for 'c': a must be a number, found a string")
  }

  @Test func outOfGamutIsAnErrorNamingTheChannelsNotAClip() {
    func error(_ space: String, _ components: String) -> String? {
      diagnostics {
        _ = try loadTokens([
          "c.yaml": "c:\n  $type: color\n  $value: {colorSpace: \(space), components: \(components)}\n"
        ])
      }.first
    }
    // Outside sRGB by 0.016 ΔEOK: under CSS Color 4's 0.02 just-noticeable difference, which a browser
    // would clip, but far above rounding noise, so refused.
    #expect(
      error("oklch", "[0.5, 0.1, 200]")
        == "c.yaml:3:43: error: invalid color for 'c': oklch color [0.5, 0.1, 200] is outside the sRGB gamut that every "
        + "output and the contrast audit use: in sRGB its red -0.1529 is below 0; choose a color inside sRGB "
        + "(ebtokens does not clip colors silently)")
    #expect(
      error("a98-rgb", "[1, 0, 1]")?.contains("in sRGB its red 1.1582 is above 1, blue 1.0186 is above 1;")
        == true)
  }
}
