import Testing

@testable import EBTokensModel
@testable import EBTokensSupport

/// Every DTCG color space converts to sRGB with CSS Color 4's formulas; a color outside sRGB is kept
/// as written and gamut-mapped to sRGB with a warning, unless clipping it is below rounding noise.
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

  @Test func outOfGamutIsKeptAsWrittenAndGamutMappedWithAWarning() throws {
    func load(_ space: String, _ components: String) throws -> (color: Color?, warnings: [String]) {
      let loaded = try loadTokensWarning([
        "c.yaml": "c:\n  $type: color\n  $value: {colorSpace: \(space), components: \(components)}\n"
      ])
      guard case .color(let color)? = loaded.value["c"]?.value else { return (nil, loaded.warnings) }
      return (color, loaded.warnings)
    }
    // Display P3 magenta: inside Display P3, so Swift and Compose show it as written.
    let p3 = try load("display-p3", "[1, 0, 1]")
    #expect(
      p3.warnings == [
        "c.yaml:3:48: warning: in color 'c': color(display-p3 1 0 1) is outside the sRGB gamut: where only sRGB "
          + "can be shown (the CSS fallback, sRGB displays, the contrast audit) it is gamut-mapped (CSS Color 4) "
          + "to #FF2BFB; wide-gamut outputs keep it"
      ])
    let wide = try #require(p3.color?.wideGamut)
    #expect(wide.space == .displayP3 && wide.components == [1, 0, 1] && wide.displayP3 == [1, 0, 1])
    #expect(!wide.isOutsideDisplayP3)
    #expect(p3.color?.hex == "#FF2BFB")
    // Beyond Display P3 too: mapped into Display P3 as well, and the warning says so.
    let beyond = try load("oklch", "[0.6, 0.25, 264]")
    #expect(beyond.color?.wideGamut?.isOutsideDisplayP3 == true)
    #expect(
      beyond.warnings.first?.hasSuffix(
        "; it is outside Display P3 too, so Swift and Compose get it gamut-mapped into Display P3, "
          + "color(display-p3 0.2455 0.423 1)") == true, "\(beyond.warnings)")
    // Outside by 0.016 ΔEOK: under CSS Color 4's just-noticeable difference, so the mapping is the
    // clipped color; far above rounding noise, so still a warning.
    let near = try load("oklch", "[0.5, 0.1, 200]")
    #expect(near.warnings.count == 1 && near.color?.wideGamut != nil)
    // Rounding noise is clipped silently, and the color is an sRGB color.
    let noise = try load("oklab", "[0.701, 0.2746, -0.169]")
    #expect(noise.warnings.isEmpty && noise.color?.wideGamut == nil)
    // `--strict` makes the warning an error.
    let strict = diagnostics {
      _ = try loadTokensWarning(
        ["c.yaml": "c:\n  $type: color\n  $value: {colorSpace: display-p3, components: [1, 0, 1]}\n"],
        strict: true)
    }
    #expect(
      strict.count == 1 && strict[0].hasPrefix("c.yaml:3:48: error: in color 'c': color(display-p3 1 0 1)"))
  }
}
