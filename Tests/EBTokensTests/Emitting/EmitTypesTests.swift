import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The types fixture (`Fixtures/emitting-types`): cubic Bézier, transition and gradient tokens in
/// every output, with the emitting fixture's configuration.
enum EmitTypesFixture: EmitFolderFixture {
  static let name = "emitting-types"
}

/// Each output of the types fixture against its golden files: `Golden/emitting-types/…`.
@Suite struct EmitTypesGoldenTests {
  @Test(arguments: ["swift", "kotlin", "css", "css-literal"])
  func outputMatchesItsGoldenFiles(destination: String) throws {
    try EmitTypesFixture.expectOutputMatchesItsGoldenFiles(destination: destination)
  }

  @Test func theTypesNamesAreReserved() {
    for name in ["EBCubicBezier", "EBTransition", "EBGradient", "EBGradientStop", "cubic-bezier-easing"] {
      let errors = diagnostics {
        let tokens = try loadTokens(["t.yaml": "\(name):\n  $type: number\n  a: 1\n"])
        _ = try OutputRenderer(configuration: try EmitFixture.configuration()).render(tokens)
      }
      #expect(!errors.isEmpty, "\(name)")
    }
  }

  /// A transition's times are whole milliseconds in Kotlin, as `tween` takes them.
  @Test func aTransitionInKotlinNeedsWholeMilliseconds() {
    let errors = diagnostics {
      let tokens = try loadTokens([
        "t.yaml": """
        t:
          $type: transition
          $value: {duration: 0.5ms, delay: 0ms, timingFunction: [0, 0, 1, 1]}
        """
      ])
      _ = try OutputRenderer(configuration: try EmitFixture.configuration()).render(tokens)
    }
    #expect(
      errors.contains { $0.contains("a duration in milliseconds must be a whole number in Kotlin, not 0.5") },
      "\(errors)")
  }
}

/// The types' outputs proven with the real tools, in the serialized toolchain suite.
extension EmitToolchainTests {
  @Test(.requires(.chromium)) func chromiumComputesTheTypesCSS() throws {
    let chromium = try ExternalTool.chromium.require()
    try withTemporaryDirectory { directory in
      try EmitTypesFixture.write(to: directory)
      let page = directory.appendingPathComponent("probe.html")
      try FileManager.default.copyItem(
        at: EmitTypesFixture.folder.appendingPathComponent("css-probe/probe.html"), to: page)
      let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory)
      let result = try ExternalTool.probeResult(fromDOM: run.stdout)
      for scope in ["references", "literal"] {
        let values = try #require(result[scope])
        let standard = "cubic-bezier(0.4, 0, 0.2, 1)"
        #expect(values["--ease-standard"] == ["timingFunction": standard], "\(scope)")
        #expect(values["--ease-emphasis"] == ["timingFunction": standard], "\(scope)")
        // A y outside 0...1 is a curve that overshoots; CSS keeps it.
        #expect(
          values["--ease-overshoot"] == ["timingFunction": "cubic-bezier(0.34, 1.56, 0.64, 1)"], "\(scope)")
        // The shorthand without a property applies to all; its first time is the duration.
        let fade = ["property": "all", "duration": "0.2s", "timingFunction": standard, "delay": "0s"]
        #expect(values["--motion-fade"] == fade, "\(scope)")
        #expect(values["--motion-enter"] == fade, "\(scope)")
        #expect(
          values["--motion-slide"] == [
            "property": "all", "duration": "0.3s", "timingFunction": "cubic-bezier(0.34, 1.56, 0.64, 1)",
            "delay": "0.05s",
          ], "\(scope)")
        // Left to right; a referenced position is clamped and made a percentage, a position of 1.5
        // is clamped to 100%. Chromium writes color-mix() results as color(srgb …): compare the
        // colors as 8-bit values.
        for name in ["--gradient-brand", "--gradient-hero"] {
          let image = try #require(values[name]?["backgroundImage"])
          #expect(image.hasPrefix("linear-gradient(90deg, "), "\(scope) \(name): \(image)")
          #expect(
            CompositeToolchain.shadowColors(image) == ["0 92 229 1", "255 0 0 0.5", "7 37 146 0.5"],
            "\(scope) \(name): \(image)")
          #expect(
            image.contains(") 0%, ") && image.contains(") 50%, ") && image.hasSuffix(") 100%)"),
            "\(scope) \(name): \(image)")
        }
        #expect(
          values["--gradient-sunrise"]?["backgroundImage"]
            == "linear-gradient(90deg, rgb(255, 255, 0) 66.6%, rgb(255, 0, 0) 100%)", "\(scope)")
      }
    }
  }
}

extension ToolchainFixture {
  /// `Fixtures/emitting-types`: cubic Bézier, transition and gradient tokens, read through the
  /// generated types (Compose's `CubicBezierEasing`, `tween` and `Brush` in Kotlin).
  static let types = ToolchainFixture(
    name: "types", write: EmitTypesFixture.write(to:), folder: EmitTypesFixture.folder,
    kotlinStubs: ["Color.kt", "Dp.kt", "Animation.kt", "Brush.kt"],
    swiftOutput: [
      "ease.standard 0.4 0.0 0.2 1.0",
      "ease.overshoot.y1 1.56",
      "ease.emphasis.equalsStandard true",
      // Seconds: the referenced 200ms, and 0ms.
      "fade 0.2 0.0 true",
      "slide 0.3 0.05 true",
      "enter.equalsFade true",
      "brand.stop #005CE5 0.0",
      "brand.stop #FF000080 0.5",
      // `{color.ink} @ 50%` at 1.5, clamped.
      "brand.stop #07259280 1.0",
      "sunrise.stop #FFFF00 0.666",
      "sunrise.stop #FF0000 1.0",
      "hero.equalsBrand true",
    ],
    kotlinOutput: [
      "ease.standard CubicBezierEasing(a=0.4, b=0.0, c=0.2, d=1.0)",
      "ease.overshoot CubicBezierEasing(a=0.34, b=1.56, c=0.64, d=1.0)",
      "ease.emphasis.equalsStandard true",
      "fade 200 0 true",
      "fade.tween 200 0 true",
      "slide 300 50 CubicBezierEasing(a=0.34, b=1.56, c=0.64, d=1.0)",
      "enter.equalsFade true",
      "brand.stop 0.0 ff005ce5",
      "brand.stop 0.5 80ff0000",
      "brand.stop 1.0 80072592",
      "sunrise.brush horizontal 0.666 ffffff00 1.0 ffff0000",
      "hero.equalsBrand true",
    ])
}
