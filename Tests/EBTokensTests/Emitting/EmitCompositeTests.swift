import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

/// The composite fixture (`Fixtures/emitting-composite`): typography, shadow, border and stroke style
/// tokens in every output, with the emitting fixture's configuration.
enum EmitCompositeFixture: EmitFolderFixture {
  static let name = "emitting-composite"
}

/// Each output of the composite fixture against its golden files: `Golden/emitting-composite/…`.
@Suite struct EmitCompositeGoldenTests {
  @Test(arguments: ["swift", "kotlin", "css", "css-literal"])
  func outputMatchesItsGoldenFiles(destination: String) throws {
    try EmitCompositeFixture.expectOutputMatchesItsGoldenFiles(destination: destination)
  }

  @Test func theStyleTypesAreGeneratedWhereThereAreCompositeValues() throws {
    let outputs = try EmitCompositeFixture.render()
    #expect(outputs[0].files.map(\.path).contains("Sources/EBTokens/EBStyles.swift"))
    #expect(outputs[1].files.map(\.path).contains("com/eastblue/ds/tokens/EBStyles.kt"))
    // Without them, the packages are as they were.
    let plain = try EmitFixture.render()
    #expect(!plain[0].files.map(\.path).contains("Sources/EBTokens/EBStyles.swift"))
    #expect(!plain[1].files.map(\.path).contains("com/eastblue/ds/tokens/EBStyles.kt"))
    #expect(!plain[1].files.contains { $0.contents.contains("TextStyle") })
  }

  @Test func aTypographysLetterSpacingPropertyClaimsItsName() {
    let errors = diagnostics {
      let tokens = try loadTokens([
        "t.yaml": """
        a:
          $type: typography
          b:
            $value: {fontFamily: X, fontSize: 16px, fontWeight: 400, letterSpacing: 0px, lineHeight: 1.5}
        a-b:
          $type: dimension
          letter-spacing: 1px
        """
      ])
      _ = try OutputRenderer(configuration: try EmitFixture.configuration()).render(tokens)
    }
    #expect(errors.contains { $0.contains("'--a-b-letter-spacing'") }, "\(errors)")
  }

  /// `EBStrokeStyle` in both languages, and Compose's `StrokeCap`, which the Kotlin values name.
  @Test func theStrokeStyleTypesNamesAreReserved() {
    for name in ["EBStrokeStyle", "stroke-cap"] {
      let errors = diagnostics {
        let tokens = try loadTokens(["t.yaml": "\(name):\n  $type: number\n  a: 1\n"])
        _ = try OutputRenderer(configuration: try EmitFixture.configuration()).render(tokens)
      }
      #expect(
        errors.contains { $0.contains("StrokeCap") || $0.contains("EBStrokeStyle") }, "\(name): \(errors)")
    }
  }

  @Test func compositeTypesNamesAreReserved() {
    let errors = diagnostics {
      let tokens = try loadTokens(["t.yaml": "text-style:\n  $type: number\n  a: 1\n"])
      _ = try OutputRenderer(configuration: try EmitFixture.configuration()).render(tokens)
    }
    #expect(errors.contains { $0.contains("TextStyle") }, "\(errors)")
  }
}

/// The composite outputs proven with the real tools, in the serialized toolchain suite.
extension EmitToolchainTests {
  private static let compositeFixtures = EmitCompositeFixture.folder

  @Test(.requires(.chromium)) func chromiumComputesTheCompositeCSS() throws {
    let chromium = try ExternalTool.chromium.require()
    try withTemporaryDirectory { directory in
      try EmitCompositeFixture.write(to: directory)
      let page = directory.appendingPathComponent("probe.html")
      try FileManager.default.copyItem(
        at: Self.compositeFixtures.appendingPathComponent("css-probe/probe.html"), to: page)
      let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory)
      let result = try ExternalTool.probeResult(fromDOM: run.stdout)
      for scope in ["references", "literal"] {
        let values = try #require(result[scope])
        let headline = [
          "fontFamily": #""Proxima Soft", "Brand \"Sans\"", sans-serif"#, "fontSize": "18px",
          "fontWeight": "700", "lineHeight": "23px", "letterSpacing": "0.25px",
        ]
        #expect(values["--styles-headline"] == headline, "\(scope)")
        // An alias keeps both properties tied to its source.
        #expect(values["--styles-title"] == headline, "\(scope)")
        // 0.75rem at the root's 16px; a 1.2 line height; negative tracking.
        #expect(
          values["--styles-caption"] == [
            // Chromium quotes a family only when it must: BarkAda is one identifier.
            "fontFamily": "BarkAda, sans-serif", "fontSize": "12px", "fontWeight": "600",
            "lineHeight": "14.4px", "letterSpacing": "-0.5px",
          ], "\(scope)")
        #expect(values["--outline-focus"] == ["width": "2px", "style": "solid", "color": "rgb(0, 92, 229)"])
        #expect(values["--outline-pattern"] == ["width": "1px", "style": "dashed", "color": "rgb(0, 0, 0)"])
        // Chromium writes color-mix() results as color(srgb …), sRGB literals as rgba(): compare the
        // geometry exactly and the color channels as 8-bit values.
        let layered = try #require(values["--elevation-layered"]?["boxShadow"])
        #expect(layered.hasSuffix("0px 8px 16px -2px inset"), "\(scope): \(layered)")
        #expect(
          CompositeToolchain.shadowColors(layered) == ["7 37 146 0.2", "0 0 0 0.2"], "\(scope): \(layered)")
        let low = try #require(values["--elevation-low"]?["boxShadow"])
        #expect(low.hasSuffix(" 0px 2px 4px 0px"), "\(scope): \(low)")
      }
    }
  }
}

extension ToolchainFixture {
  /// `Fixtures/emitting-composite`: typography, shadow, border and stroke style tokens, read through
  /// the generated style types.
  static let composite = ToolchainFixture(
    name: "composite", write: EmitCompositeFixture.write(to:), folder: EmitCompositeFixture.folder,
    kotlinStubs: ["Color.kt", "Dp.kt", "Text.kt", "FontWeight.kt", "TextUnit.kt", "Stroke.kt", "Density.kt"],
    swiftOutput: [
      "headline.family Proxima Soft",
      #"headline.families ["Proxima Soft", "Brand \"Sans\"", "sans-serif"]"#,
      "headline.size 18.0",
      "headline.weight 700.0",
      "headline.lineHeight 23.0",
      "headline.tracking 0.25",
      "caption 12.0 14.4 -0.5",
      "title.equalsHeadline true",
      "layered.count 2",
      "layered.0 #07259233 2.0 4.0 false",
      "layered.1 #00000033 -2.0 true",
      "focus 2.0 solid #005CE5",
      "focus.style.dashPattern []",
      // Points: 4px and the referenced 2px.
      "stroke.pattern dashed [4.0, 2.0] round [4.0, 2.0]",
      "pattern.style.equalsStroke true",
      // Round dots two line widths apart, dashes and gaps three; an odd pattern repeated.
      "stroke.dotted dotted round [0.0, 6.0]",
      "stroke.dashed [6.0, 6.0]",
      "stroke.odd [3.0, 3.0] square",
    ],
    kotlinOutput: [
      "headline.fontSize 18.0.sp",
      "headline.fontWeight 700",
      "headline.lineHeight 23.0.sp",
      "headline.letterSpacing 0.25.sp",
      "caption 12.0.sp 14.4.sp -0.5.sp",
      "layered.count 2",
      "layered.0 33072592 2.0.dp false",
      "layered.1 -2.0.dp true",
      "focus 2.0.dp solid ff005ce5",
      "focus.style.pathEffect null",
      // 4dp and 2dp at two px a dp.
      "stroke.pattern dashed [4.0.dp, 2.0.dp] Round dash 8.0 4.0 phase 0.0",
      "pattern.style dash 8.0 4.0 phase 0.0",
      "stroke.dotted dotted Round dash 0.0 6.0 phase 0.0",
      "stroke.dashed dash 6.0 6.0 phase 0.0",
      "stroke.odd 6.0 6.0 Square",
    ])
}

/// Reads the shadow colors Chromium computes for the composite toolchain tests.
enum CompositeToolchain {
  /// Each shadow layer's color as `r g b a`, 8-bit channels: from `rgba(r, g, b, a)` or from
  /// `color(srgb r g b / a)` (channels 0 to 1).
  static func shadowColors(_ boxShadow: String) -> [String] {
    var colors: [String] = []
    var rest = Substring(boxShadow)
    // The earliest of the two, so `color(srgb …)` is not read from its "rgb".
    while let open = [rest.range(of: "color("), rest.range(of: "rgb")].compactMap({ $0 })
      .min(by: { $0.lowerBound < $1.lowerBound })
    {
      guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
      let text = rest[open.lowerBound...close]
      let isUnitScale = text.hasPrefix("color(")
      let numbers = text.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
      if numbers.count >= 3 {
        let channels = numbers.prefix(3).map { String(Int(($0 * (isUnitScale ? 255 : 1)).rounded())) }
        let alpha = numbers.count >= 4 ? (numbers[3] * 1000).rounded() / 1000 : 1
        colors.append((channels + [NumberFormatting.shortest(alpha)]).joined(separator: " "))
      }
      rest = rest[rest.index(after: close)...]
    }
    return colors
  }
}
