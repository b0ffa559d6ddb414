import Testing

@testable import EBTokensAudit
@testable import EBTokensModel

@Suite struct ContrastMathTests {
  /// A color from `0xRRGGBB`, each channel exactly `byte / 255` as a parsed hex color would be.
  private static func color(_ rgb: UInt32, alpha: Double = 1) -> Color {
    Color(
      red: Double((rgb >> 16) & 0xFF) / 255,
      green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255,
      alpha: alpha
    )
  }

  private static let black = color(0x000000)
  private static let white = color(0xFFFFFF)

  // MARK: - WCAG 2.x

  @Test func blackAndWhiteHaveTheExtremeLuminances() {
    #expect(WCAGContrast.relativeLuminance(Self.black) == 0)
    #expect(abs(WCAGContrast.relativeLuminance(Self.white) - 1) < 1e-12)
  }

  @Test func blackOnWhiteIs21() {
    #expect(abs(WCAGContrast.ratio(Self.black, Self.white) - 21) < 1e-9)
    #expect(abs(WCAGContrast.ratio(Self.white, Self.black) - 21) < 1e-9)
  }

  @Test func identicalColorsAre1() {
    #expect(WCAGContrast.ratio(Self.white, Self.white) == 1)
    #expect(WCAGContrast.ratio(Self.black, Self.black) == 1)
    #expect(WCAGContrast.ratio(Self.color(0x777777), Self.color(0x777777)) == 1)
  }

  @Test func ratioIsOrderIndependent() {
    let pairs: [(UInt32, UInt32)] = [
      (0x777777, 0xFFFFFF), (0x336699, 0xEEEEEE), (0xFF0000, 0x00FF00), (0x0A0A0A, 0x0B0B0B),
    ]
    for (a, b) in pairs {
      let forward = WCAGContrast.ratio(Self.color(a), Self.color(b))
      #expect(forward == WCAGContrast.ratio(Self.color(b), Self.color(a)))
    }
  }

  @Test func alphaIsIgnored() {
    let translucent = Self.color(0x777777, alpha: 0.2)
    let opaque = Self.color(0x777777)
    #expect(WCAGContrast.ratio(translucent, Self.white) == WCAGContrast.ratio(opaque, Self.white))
  }

  /// Expected ratios computed independently in Python 3 from the WCAG 2.x formula (sRGB linearisation
  /// with the 0.04045 threshold, 0.2126/0.7152/0.0722 weights, (L1 + 0.05) / (L2 + 0.05)), e.g.
  /// `lin = lambda c: c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4` on `byte / 255`.
  @Test(arguments: [
    (UInt32(0x777777), UInt32(0xFFFFFF), 4.4780894536),  // the classic "just fails AA" grey
    (0x767676, 0xFFFFFF, 4.5422249596),  // the lightest grey that passes 4.5:1 on white
    (0x595959, 0xFFFFFF, 7.0047292080),  // just passes AAA
    (0x808080, 0xFFFFFF, 3.9494396480),
    (0x777777, 0x000000, 4.6894998900),
    (0x0000FF, 0xFFFFFF, 8.5924713584),
    (0xFF0000, 0xFFFFFF, 3.9984767708),
    (0x336699, 0xEEEEEE, 5.1694788143),
    (0x0A0A0A, 0xFFFFFF, 19.7981457105),  // channel 10/255 is on the linear segment
  ])
  func ratioMatchesIndependentComputation(foreground: UInt32, background: UInt32, expected: Double) {
    let ratio = WCAGContrast.ratio(Self.color(foreground), Self.color(background))
    #expect(abs(ratio - expected) < 1e-4)
  }

  @Test func theAAThresholdFallsBetween767676And777777() {
    #expect(WCAGContrast.ratio(Self.color(0x777777), Self.white) < 4.5)
    #expect(WCAGContrast.ratio(Self.color(0x767676), Self.white) >= 4.5)
  }

  /// 0.04 lies between WCAG 2.0's 0.03928 and sRGB's 0.04045, so it tells the two thresholds apart:
  /// with 0.04045 it is on the linear segment (0.04 / 12.92 = 0.0030959752...); with 0.03928 it would
  /// be ((0.04 + 0.055) / 1.055) ^ 2.4 = 0.0030954995... (both values from Python).
  @Test func linearisationUsesTheSRGBThreshold() {
    let grey = Color(red: 0.04, green: 0.04, blue: 0.04)
    #expect(abs(WCAGContrast.relativeLuminance(grey) - 0.04 / 12.92) < 1e-15)
    // Above the threshold the power segment applies; Python: ((0.05 + 0.055) / 1.055) ** 2.4.
    #expect(abs(WCAGContrast.linearised(0.05) - 0.003935939504088967) < 1e-15)
  }

  @Test(arguments: [
    (4.499, "4.49"), (4.5, "4.50"), (21, "21.00"), (4.57, "4.57"), (3.0, "3.00"), (7, "7.00"),
    (1, "1.00"), (4.4780894536, "4.47"), (6.999999, "6.99"), (12.345, "12.34"),
  ])
  func formattedTruncatesToTwoDecimals(ratio: Double, expected: String) {
    #expect(WCAGContrast.formatted(ratio) == expected)
  }

  /// These literals are stored just below their decimal value (4.56 is 4.55999999999999960...), so
  /// `ratio * 100` lands just below a whole number and a bare floor would print one hundredth less.
  @Test(arguments: [(4.56, "4.56"), (4.52, "4.52"), (4.6, "4.60"), (2.01, "2.01"), (1.13, "1.13")])
  func formattedIsNotFooledByBinaryRepresentation(ratio: Double, expected: String) {
    #expect(WCAGContrast.formatted(ratio) == expected)
  }

  // MARK: - Compositing

  @Test func halfBlackOverWhiteIsMidGrey() {
    let halfBlack = Self.black.withAlpha(0.5)
    let composited = Compositing.sourceOver(halfBlack, on: Self.white)
    #expect(composited.hex == "#808080")  // 0.5 * 255 = 127.5 rounds to 128
    #expect(composited.alpha == 1)
    #expect(abs(composited.red - 0.5) < 1e-12)
    #expect(Compositing.flattened(halfBlack, over: Self.white).hex == "#808080")
  }

  @Test func opaqueForegroundIsReturnedUnchanged() {
    let foreground = Self.color(0x336699)
    #expect(Compositing.sourceOver(foreground, on: Self.white) == foreground)
    #expect(Compositing.sourceOver(foreground, on: Self.color(0xFF0000, alpha: 0.3)) == foreground)
    #expect(Compositing.flattened(foreground, over: Self.black) == foreground)
  }

  @Test func transparentForegroundLeavesTheBackground() {
    let clear = Self.color(0x336699, alpha: 0)
    let opaque = Self.color(0xEEDDCC)
    let translucent = Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.3)
    #expect(Compositing.sourceOver(clear, on: opaque) == opaque)
    #expect(Compositing.sourceOver(clear, on: translucent) == translucent)
    #expect(Compositing.flattened(clear, over: opaque) == opaque)
  }

  @Test func nothingOverNothingIsTransparentBlack() {
    let result = Compositing.sourceOver(Self.color(0xFFFFFF, alpha: 0), on: Self.color(0x336699, alpha: 0))
    #expect(result == Color(red: 0, green: 0, blue: 0, alpha: 0))
  }

  /// Expected values by hand and from Python:
  /// alpha = af + ab (1 - af); channel = (cf af + cb ab (1 - af)) / alpha.
  @Test func translucentOverTranslucent() {
    // 50% red over 50% blue: alpha 0.75, red 0.5 / 0.75 = 2/3, blue (1 * 0.5 * 0.5) / 0.75 = 1/3.
    let purple = Compositing.sourceOver(
      Color(red: 1, green: 0, blue: 0, alpha: 0.5), on: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    #expect(abs(purple.alpha - 0.75) < 1e-12)
    #expect(abs(purple.red - 2.0 / 3) < 1e-12)
    #expect(purple.green == 0)
    #expect(abs(purple.blue - 1.0 / 3) < 1e-12)

    // Python: 0.72, [0.6083333333333334, 0.6333333333333333, 0.3083333333333333]
    let mixed = Compositing.sourceOver(
      Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.3),
      on: Color(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.6))
    #expect(abs(mixed.alpha - 0.72) < 1e-12)
    #expect(abs(mixed.red - 0.6083333333333334) < 1e-12)
    #expect(abs(mixed.green - 0.6333333333333333) < 1e-12)
    #expect(abs(mixed.blue - 0.3083333333333333) < 1e-12)
  }

  @Test func flattenedIsOpaqueAndIgnoresTheCanvasAlpha() {
    let text = Self.color(0x000000, alpha: 0x66 / 255)  // #0006
    let onOpaque = Compositing.flattened(text, over: Self.white)
    #expect(onOpaque.alpha == 1)
    #expect(onOpaque.hex == "#999999")  // 255 * 0.6 = 153
    #expect(Compositing.flattened(text, over: Self.white.withAlpha(0.1)) == onOpaque)
  }

  @Test func flattenedAgreesWithSourceOverOnAnOpaqueCanvas() {
    let foregrounds = [Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.3), Self.color(0xFF8800, alpha: 0.77)]
    for foreground in foregrounds {
      let flat = Compositing.flattened(foreground, over: Self.color(0x1E2A3B))
      let over = Compositing.sourceOver(foreground, on: Self.color(0x1E2A3B))
      #expect(abs(flat.red - over.red) < 1e-12)
      #expect(abs(flat.green - over.green) < 1e-12)
      #expect(abs(flat.blue - over.blue) < 1e-12)
      #expect(abs(flat.alpha - over.alpha) < 1e-12)
    }
  }

  // MARK: - APCA

  /// The expected Lc values are published in Myndex/apca-w3 `test/index.js` (library 0.1.7/0.1.8,
  /// algorithm 0.0.98G-4g) to full double precision; 1e-9 only allows for `pow` differing in the last
  /// bits between libm and JavaScript engines.
  @Test(arguments: [
    (UInt32(0x888888), UInt32(0xFFFFFF), 63.056469930209424),
    (0xFFFFFF, 0x888888, -68.54146436644962),
    (0x000000, 0xAAAAAA, 58.146262578561334),
    (0xAAAAAA, 0x000000, -56.24113336839742),
    (0x112233, 0xDDEEFF, 91.66830811481631),
    (0xDDEEFF, 0x112233, -93.06770049484275),
    (0x112233, 0x444444, 8.32326136957393),
    (0x444444, 0x112233, -7.526878460278154),
  ])
  func apcaMatchesTheReferenceImplementation(text: UInt32, background: UInt32, expected: Double) {
    let lc = APCAContrast.lightnessContrast(text: Self.color(text), background: Self.color(background))
    #expect(abs(lc - expected) < 1e-9)
  }

  /// Reference `calcAPCA('#0006', '#fff')` = 54.62184067441377: the reference alpha-blends the text
  /// onto the background first (giving #999999), which callers do here with `flattened`.
  @Test func apcaOfTranslucentTextAfterFlattening() {
    let text = Self.color(0x000000, alpha: 0x66 / 255)
    let flat = Compositing.flattened(text, over: Self.white)
    let lc = APCAContrast.lightnessContrast(text: flat, background: Self.white)
    #expect(abs(lc - 54.62184067441377) < 1e-9)
  }

  /// Extremes computed independently with a Python transcription of the 0.0.98G-4g formula.
  @Test func apcaExtremesAndPolarity() {
    let blackOnWhite = APCAContrast.lightnessContrast(text: Self.black, background: Self.white)
    let whiteOnBlack = APCAContrast.lightnessContrast(text: Self.white, background: Self.black)
    #expect(abs(blackOnWhite - 106.04067321268862) < 1e-9)
    #expect(abs(whiteOnBlack - -107.88473318309848) < 1e-9)
  }

  @Test func apcaIsZeroForIndistinguishableColors() {
    let grey = Self.color(0x777777)
    #expect(APCAContrast.lightnessContrast(text: grey, background: grey) == 0)
    // ∆Y is above deltaYmin here but the raw contrast is under loClip.
    #expect(APCAContrast.lightnessContrast(text: Self.white, background: Self.color(0xFEFEFE)) == 0)
    #expect(APCAContrast.lightnessContrast(text: Self.color(0xFEFEFE), background: Self.white) == 0)
  }

  @Test func apcaUsesEightBitChannelsAndIgnoresAlpha() {
    let exact = Self.color(0x888888)
    // 0.534 * 255 = 136.17, which rounds to 0x88.
    let offGrid = Color(red: 0.534, green: 0.534, blue: 0.534, alpha: 0.25)
    #expect(
      APCAContrast.lightnessContrast(text: offGrid, background: Self.white)
        == APCAContrast.lightnessContrast(text: exact, background: Self.white))
  }
}
