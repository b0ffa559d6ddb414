import Foundation
import Testing

@testable import EBTokensModel
@testable import EBTokensSupport

/// CSS Color 4's gamut mapping (``GamutMapping``) against an independent implementation: ColorAide's
/// `oklch-chroma` fit, whose results `Fixtures/gamut/generate-expected.py` wrote once into
/// `Fixtures/gamut/gamut-mapping.json`, for colors of every space that can leave sRGB.
@Suite struct GamutMappingTests {
  struct Case: Decodable {
    let space: String
    let components: [Double]
    let insideDisplayP3: Bool
    let sRGB: [Double]
    let displayP3: [Double]
  }

  struct Expected: Decodable {
    let generator: String
    let cases: [Case]
  }

  static func expected() throws -> Expected {
    let url = URL(fileURLWithPath: TestPaths.fixture("gamut/gamut-mapping.json"))
    return try JSONDecoder().decode(Expected.self, from: Data(contentsOf: url))
  }

  /// The two implementations' matrices differ in the last digits, and the binary search stops within
  /// 0.0001 of chroma: channels agree to 0.00002 (measured), far less than an 8-bit step (0.0039).
  static let tolerance = 0.0001

  private func expectClose(
    _ actual: [Double], _ expected: [Double], _ what: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let close =
      actual.count == expected.count
      && zip(actual, expected).allSatisfy { abs($0 - $1) <= Self.tolerance }
    #expect(close, "\(what): \(actual) is not \(expected)", sourceLocation: sourceLocation)
  }

  @Test func mappingIntoSRGBMatchesColorAide() throws {
    let expected = try Self.expected()
    #expect(expected.cases.count == 17, "\(expected.generator)")
    for item in expected.cases {
      let space = try #require(ColorSpace(rawValue: item.space))
      let fit = GamutMapping.fit(space, item.components, into: .sRGB)
      #expect(fit.outcome == .mapped, "\(item.space) \(item.components)")
      expectClose(fit.channels, item.sRGB, "\(item.space) \(item.components) in sRGB")
    }
  }

  @Test func mappingIntoDisplayP3MatchesColorAide() throws {
    for item in try Self.expected().cases {
      let space = try #require(ColorSpace(rawValue: item.space))
      let fit = GamutMapping.fit(space, item.components, into: .displayP3)
      #expect((fit.outcome == .mapped) == !item.insideDisplayP3, "\(item.space) \(item.components)")
      expectClose(fit.channels, item.displayP3, "\(item.space) \(item.components) in Display P3")
    }
  }

  @Test func aColorInsideIsKeptAndRoundingNoiseIsClipped() {
    let inside = GamutMapping.fit(.oklch, [0.5, 0.05, 200], into: .sRGB)
    #expect(inside.outcome == .inside)
    // The color module's OKLAB hot pink, to four digits: green -0.0047 in sRGB, ΔEOK 0.0011 from
    // its clipped self.
    let noise = GamutMapping.fit(.oklab, [0.701, 0.2746, -0.169], into: .sRGB)
    #expect(noise.outcome == .clippedNoise)
    #expect(noise.channels[1] == 0)
    // Lighter than white is white, darker than black black.
    #expect(GamutMapping.map(oklch: [1.2, 0.3, 30], into: .sRGB).allSatisfy { abs($0 - 1) < 1e-9 })
    #expect(GamutMapping.map(oklch: [-0.1, 0.3, 30], into: .sRGB).allSatisfy { abs($0) < 1e-9 })
  }

  /// The mapped color keeps the original's OKLCH hue and lightness closely, and lies within the JND
  /// of CSS Color 4 of the chroma-reduced color: what the algorithm promises.
  @Test func theMappedColorKeepsHueAndLightness() throws {
    for item in try Self.expected().cases {
      let space = try #require(ColorSpace(rawValue: item.space))
      let original = ColorSpace.oklch(fromXYZ: space.xyzD65(item.components))
      let mapped = ColorSpace.oklch(
        fromXYZ: ColorSpace.srgb.xyzD65(GamutMapping.fit(space, item.components, into: .sRGB).channels))
      guard original[0] > 0, original[0] < 1 else { continue }
      #expect(
        abs(mapped[0] - original[0]) < 0.03, "\(item.space) \(item.components): \(mapped) from \(original)")
      #expect(mapped[1] <= original[1], "\(item.space) \(item.components)")
    }
  }
}
