import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The gamut fixture (`Fixtures/emitting-gamut`): colors written outside sRGB in every output, with
/// the emitting fixture's configuration.
enum EmitGamutFixture: EmitFolderFixture {
  static let name = "emitting-gamut"
}

/// Each output of the gamut fixture against its golden files: `Golden/emitting-gamut/…`.
@Suite struct EmitGamutGoldenTests {
  @Test(arguments: ["swift", "kotlin", "css", "css-literal"])
  func outputMatchesItsGoldenFiles(destination: String) throws {
    try EmitGamutFixture.expectOutputMatchesItsGoldenFiles(destination: destination)
  }

  /// Three colors are outside sRGB (the alias and the alias at 50% are their target's); the OKLAB
  /// one is outside by rounding noise only.
  @Test func eachColorOutsideSRGBWarnsOnceWhereItIsWritten() throws {
    let loaded = try TokenLoader().load(
      directory: EmitGamutFixture.folder.appendingPathComponent("tokens").path)
    let warnings = loaded.warnings
    #expect(warnings.map { $0.location?.line } == [9, 11, 24], "\(warnings)")
    #expect(warnings.allSatisfy { $0.severity == .warning })
    let prefixes = [
      "in color 'color.hot-pink': color(display-p3 1 0 1) is outside the sRGB gamut",
      "in color 'color.brand-blue': oklch(0.6 0.25 264) is outside the sRGB gamut",
      "in gradient 'gradient.glow': color(display-p3 0 1 0) is outside the sRGB gamut",
    ]
    #expect(
      warnings.count == prefixes.count && zip(warnings, prefixes).allSatisfy { $0.message.hasPrefix($1) },
      "\(warnings)")
  }

  /// A CSS color written outside sRGB keeps its color space in the notation CSS Color 4 gives it.
  @Test func theCSSNotationOfEverySpace() {
    func notation(_ space: ColorSpace, _ components: [Double], alpha: Double = 1) -> String {
      WideGamutColor(space: space, components: components, displayP3: [0, 0, 0], isOutsideDisplayP3: false)
        .notation(alpha: alpha)
    }
    #expect(notation(.displayP3, [1, 0, 1]) == "color(display-p3 1 0 1)")
    #expect(notation(.rec2020, [0, 1, 0], alpha: 0.5) == "color(rec2020 0 1 0 / 0.5)")
    #expect(notation(.oklch, [0.6, 0.25, 264]) == "oklch(0.6 0.25 264)")
    #expect(notation(.lab, [60, 110, -70]) == "lab(60 110 -70)")
    #expect(notation(.xyzD50, [0.3, 0.1, 0.9]) == "color(xyz-d50 0.3 0.1 0.9)")
  }
}

/// The gamut fixture's outputs proven with the real tools, in the serialized toolchain suite.
extension EmitToolchainTests {
  /// Without a wide-gamut display, Chromium uses the sRGB gamut mapping; on one (a Display P3
  /// color profile forced), the colors as written.
  @Test(.requires(.chromium)) func chromiumUsesTheSRGBMappingOrTheColorAsWritten() throws {
    let chromium = try ExternalTool.chromium.require()
    try withTemporaryDirectory { directory in
      try EmitGamutFixture.write(to: directory)
      let page = directory.appendingPathComponent("probe.html")
      try FileManager.default.copyItem(
        at: EmitGamutFixture.folder.appendingPathComponent("css-probe/probe.html"), to: page)
      func probe(_ flags: [String]) throws -> [String: [String: [String: String]]] {
        let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory, flags: flags)
        return try ExternalTool.probeResult(fromDOM: run.stdout)
      }
      let sRGB = try probe([])
      let displayP3 = try probe(["--force-color-profile=display-p3-d65"])
      #expect(sRGB["display"]?["media"]?["p3"] == "false")
      #expect(displayP3["display"]?["media"]?["p3"] == "true")
      for scope in ["references", "literal"] {
        let mapped = try #require(sRGB[scope])
        #expect(mapped["--color-hot-pink"]?["color"] == "rgb(255, 43, 251)", "\(scope) \(mapped)")
        #expect(mapped["--color-brand-blue"]?["color"] == "rgb(49, 111, 255)", "\(scope) \(mapped)")
        #expect(mapped["--color-ink"]?["color"] == "rgb(7, 37, 146)", "\(scope)")
        #expect(mapped["--border-focus"]?["borderColor"] == "rgb(49, 111, 255)", "\(scope) \(mapped)")
        let wide = try #require(displayP3[scope])
        #expect(wide["--color-hot-pink"]?["color"] == "color(display-p3 1 0 1)", "\(scope) \(wide)")
        #expect(wide["--color-accent"]?["color"] == "color(display-p3 1 0 1)", "\(scope) \(wide)")
        #expect(wide["--color-brand-blue"]?["color"] == "oklch(0.6 0.25 264)", "\(scope) \(wide)")
        #expect(wide["--border-focus"]?["borderColor"] == "oklch(0.6 0.25 264)", "\(scope) \(wide)")
        #expect(wide["--color-ink"]?["color"] == "rgb(7, 37, 146)", "\(scope)")
        #expect(
          wide["--gradient-glow"]?["backgroundImage"]?.hasPrefix(
            "linear-gradient(90deg, color(display-p3 0 1 0) 0%")
            == true, "\(scope) \(wide)")
      }
      // At 50%: color-mix() in sRGB of the sRGB mapping, or of Display P3 magenta, which sRGB
      // holds unclamped (red 1.093, green -0.227, blue 1.034 is that magenta); a literal as written.
      #expect(sRGB["references"]?["--color-accent-soft"]?["color"] == "color(srgb 1 0.167359 0.982642 / 0.5)")
      #expect(sRGB["literal"]?["--color-accent-soft"]?["color"] == "rgba(255, 43, 251, 0.5)")
      #expect(
        displayP3["references"]?["--color-accent-soft"]?["color"]
          == "color(srgb 1.09302 -0.226658 1.03387 / 0.5)")
      #expect(displayP3["literal"]?["--color-accent-soft"]?["color"] == "color(display-p3 1 0 1 / 0.5)")
    }
  }
}

extension ToolchainFixture {
  /// `Fixtures/emitting-gamut`: colors outside sRGB, Display P3 colors in Swift and Compose.
  static let gamut = ToolchainFixture(
    name: "gamut", write: EmitGamutFixture.write(to:), folder: EmitGamutFixture.folder,
    kotlinStubs: [
      "Color.kt", "Dp.kt", "Brush.kt", "ColorSpaces.kt", "DisplayP3Color.kt", "Stroke.kt",
      "Density.kt",
    ],
    swiftOutput: [
      "hotPink #FF2BFB 1.0 0.0 1.0",
      "brandBlue #316FFF 0.2455 0.423 1.0",
      "ink #072592 none",
      "edge #FF00FF none",
      "accentSoft #FF2BFB80 1.0 0.0 1.0",
      "border.focus #316FFF 0.2455 0.423 1.0",
      "glow.stop #00FB29 0.0 1.0 0.0",
      "accent.equalsHotPink true",
    ],
    kotlinOutput: [
      "hotPink Display P3 1.0000 0.0000 1.0000 1.0000",
      "brandBlue Display P3 0.2455 0.4230 1.0000 1.0000",
      "ink ff072592",
      "edge ffff00ff",
      "accentSoft Display P3 1.0000 0.0000 1.0000 0.5000",
      "border.focus Display P3 0.2455 0.4230 1.0000 1.0000",
      "glow.stop Display P3 0.0000 1.0000 0.0000 1.0000",
      "accent.equalsHotPink true",
    ])
}
