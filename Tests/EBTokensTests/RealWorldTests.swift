import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensSupport

/// Published design-token files build as published. Terrazzo's own design system
/// (`Fixtures/realworld/terrazzo-ds`, byte for byte; SOURCE.md) goes through its own DTCG resolver
/// document with a warning for each of its nine typography tokens' `fontVariationSettings` (not a
/// DTCG member) and one for `font.heading2`'s lineHeight written as a dimension; its Swift, Kotlin
/// and CSS are proven in `EmitToolchainTests` (fixture `terrazzo`) and below.
@Suite struct RealWorldTests {
  @Test func terrazzosDesignSystemBuildsWithExactlyTheRecordedWarnings() throws {
    try withTemporaryDirectory { directory in
      let warnings = try TerrazzoFixture.build(in: directory)
      var renderer = DiagnosticRenderer(showsSourceLines: false)
      let printed = renderer.render(warnings).replacingOccurrences(of: directory.path + "/", with: "")
      let expected = try String(
        contentsOf: TerrazzoFixture.directory.appendingPathComponent("expected-warnings.txt"), encoding: .utf8
      )
      #expect(warnings.count == 10)
      #expect(warnings.allSatisfy { $0.severity == .warning })
      #expect(printed == expected)
      for output in ["swift/Package.swift", "kotlin/com/eastblue/ds/tokens/EBTokens.kt", "css/tokens.css"] {
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(output).path))
      }
    }
  }

  @Test func terrazzosDesignSystemUnderStrictIsRefusedAndNothingIsWritten() throws {
    try withTemporaryDirectory { directory in
      try FileManager.default.copyItem(
        at: TerrazzoFixture.source, to: directory.appendingPathComponent("terrazzo-ds"))
      try FileManager.default.copyItem(
        at: TerrazzoFixture.directory.appendingPathComponent("ebtokens.yml"),
        to: directory.appendingPathComponent("ebtokens.yml"))
      var configuration = try ConfigurationLoader().load(
        path: directory.appendingPathComponent("ebtokens.yml").path)
      configuration.strict = true
      #expect(throws: DiagnosticsError.self) { try Builder().build(configuration, mode: .write) }
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("swift").path))
    }
  }

  /// Chromium computes the theme's colors in each mode, the heading's size and line height, and the
  /// curve, from the generated stylesheet.
  @Test(.requires(.chromium)) func chromiumComputesTerrazzosCSSInEachTheme() throws {
    let chromium = try ExternalTool.chromium.require()
    try withTemporaryDirectory { directory in
      _ = try TerrazzoFixture.build(in: directory)
      let page = directory.appendingPathComponent("probe.html")
      try FileManager.default.copyItem(
        at: TerrazzoFixture.directory.appendingPathComponent("css-probe/probe.html"), to: page)
      let result = try ExternalTool.probeResult(
        fromDOM: ExternalTool.dumpDOM(chromium, page: page, profileIn: directory).stdout)
      let light = try #require(result["light"])
      let dark = try #require(result["dark"])
      #expect(light["--color-bg-1"]?["computed"] == "rgb(255, 255, 255)")
      #expect(light["--color-text-1"]?["computed"] == "rgb(1, 0, 0)")
      #expect(dark["--color-bg-1"]?["computed"] == "rgb(1, 0, 0)")
      #expect(dark["--color-text-1"]?["computed"] == "rgb(210, 205, 201)")
      for theme in [light, dark] {
        #expect(theme["--font-heading2"]?["size"] == "24px")
        #expect(theme["--font-heading2"]?["lineHeight"] == "30px")
        #expect(theme["--ease-quint-out"]?["computed"] == "cubic-bezier(0.22, 1, 0.36, 1)")
      }
    }
  }
}
