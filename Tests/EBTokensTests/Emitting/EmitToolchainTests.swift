import Foundation
import TestSupport
import Testing

@testable import EBTokensEmitting
@testable import EBTokensModel

/// The generated outputs, proven with the real tools: the Swift package builds and an app
/// reads its tokens, the Kotlin compiles against Compose stubs and runs, and Chromium
/// computes the CSS. Outside CI a missing tool skips its test; in CI it fails.
///
/// Serialized: each test runs a compiler or a browser, and two at once would overload two cores.
@Suite(.serialized) struct EmitToolchainTests {
  private static let fixtures = URL(fileURLWithPath: TestPaths.fixture("emitting"))

  /// `swift build` of the package at `package` into `scratch`, which must succeed without a warning.
  static func buildSwiftPackage(
    _ swift: String, at package: String, scratch: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let build = try ExternalTool.run(
      swift, ["build", "--package-path", package, "--scratch-path", scratch],
      environment: ExternalTool.environment)
    try #require(
      build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)",
      sourceLocation: sourceLocation)
    #expect(!build.stdout.contains("warning:"), "\(build.stdout)", sourceLocation: sourceLocation)
  }

  /// Each fixture's Swift package builds without a warning, and an app reads its tokens.
  @Test(
    .requires(.swift),
    arguments: [
      ToolchainFixture.emitting, .modes, .composite, .types, .figmaSingle, .figmaMulti, .terrazzo, .filtered,
      .references, .gamut,
    ])
  func theSwiftPackageBuildsAndAnAppReadsItsTokens(fixture: ToolchainFixture) throws {
    let swift = try ExternalTool.swift.require()
    try withTemporaryDirectory { directory in
      try fixture.write(directory)
      let consumer = directory.appendingPathComponent("consumer")
      try FileManager.default.copyItem(
        at: fixture.folder.appendingPathComponent("swift-consumer"), to: consumer)
      let scratch = directory.appendingPathComponent("scratch").path
      try Self.buildSwiftPackage(swift, at: consumer.path, scratch: scratch)
      let run = try ExternalTool.run(scratch + "/debug/Consumer", [])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(ExternalTool.lines(run.stdout) == fixture.swiftOutput)
    }
  }

  /// Each fixture's Kotlin compiles against Compose stubs, with no warning from the generated
  /// files (a deprecated token is used nowhere, so the only warnings are the JVM's own), and runs.
  @Test(
    .requires(.kotlinc, .kotlin),
    arguments: [
      ToolchainFixture.emitting, .modes, .composite, .types, .figmaSingle, .figmaMulti, .terrazzo, .filtered,
      .references, .gamut,
    ])
  func theKotlinCompilesAgainstComposeStubsAndRuns(fixture: ToolchainFixture) throws {
    let kotlinc = try ExternalTool.kotlinc.require()
    let kotlin = try ExternalTool.kotlin.require()
    try withTemporaryDirectory { directory in
      try fixture.write(directory)
      let generated = directory.appendingPathComponent("kotlin/com/eastblue/ds/tokens")
      let kotlinFiles = try FileManager.default.contentsOfDirectory(atPath: generated.path)
        .filter { $0.hasSuffix(".kt") }.sorted()
      try #require(kotlinFiles.contains("EBTokens.kt"))
      let sources =
        kotlinFiles.map { generated.appendingPathComponent($0) }
        + fixture.kotlinStubs.map { ToolchainFixture.stubs.appendingPathComponent($0) }
        + [fixture.folder.appendingPathComponent("kotlin-consumer/Main.kt")]
      let jar = directory.appendingPathComponent("consumer.jar").path
      let compile = try ExternalTool.run(
        kotlinc, sources.map(\.path) + ["-d", jar], environment: ExternalTool.environment)
      try #require(compile.status == 0, "kotlinc failed:\n\(compile.stdout)\n\(compile.stderr)")
      for file in kotlinFiles {
        #expect(!compile.stderr.contains("\(file):"), "\(compile.stderr)")
      }
      let run = try ExternalTool.run(
        kotlin, ["-classpath", jar, "consumer.MainKt"], environment: ExternalTool.environment)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(ExternalTool.lines(run.stdout) == fixture.kotlinOutput)
    }
  }

  @Test(.requires(.chromium)) func chromiumComputesTheCSS() throws {
    let chromium = try ExternalTool.chromium.require()
    try withTemporaryDirectory { directory in
      try EmitFixture.write(to: directory)
      let page = directory.appendingPathComponent("probe.html")
      try FileManager.default.copyItem(
        at: Self.fixtures.appendingPathComponent("css-probe/probe.html"), to: page)
      let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory)
      let result = try ExternalTool.probeResult(fromDOM: run.stdout)

      let references = try #require(result["references"])
      // A plain color, an alias (var()), and an alias at 80% alpha (color-mix()).
      #expect(try Self.rgba(references, "--color-brand-label-title") == "rgba(7, 37, 146, 1)")
      #expect(try Self.rgba(references, "--color-brand-link") == "rgba(0, 92, 229, 1)")
      #expect(try Self.rgba(references, "--color-brand-description") == "rgba(7, 37, 146, 0.8)")
      #expect(try Self.rgba(references, "--color-brand-mixed") == "rgba(26, 51, 77, 0.5)")
      #expect(references["--color-brand-link"]?["specified"] == "#005ce5")
      #expect(
        references["--color-brand-description"]?["specified"]
          == "color-mix(in srgb, #072592 80%, transparent)")
      #expect(references["--size-2xl"]?["width"] == "32px")
      #expect(references["--size-half-rem"]?["width"] == "8px")

      // References off: literal values, the same colors.
      let literal = try #require(result["literal"])
      #expect(literal["--color-brand-description"]?["specified"] == "#072592cc")
      #expect(try Self.rgba(literal, "--color-brand-description") == "rgba(7, 37, 146, 0.8)")
      #expect(try Self.rgba(literal, "--color-brand-link") == "rgba(0, 92, 229, 1)")
      // #00000080 is alpha 128 / 255, which Chromium writes as the shortest decimal that keeps the byte.
      #expect(try Self.rgba(literal, "--color-brand-overlay") == "rgba(0, 0, 0, 0.5)")

      // Re-theming the source at the root carries into the alpha-modified alias.
      let retheme = try #require(result["retheme"])
      #expect(try Self.rgba(retheme, "--color-brand-description") == "rgba(255, 0, 0, 0.8)")
    }
  }

  // MARK: - Modes

  private static let modes = ModesFixture.directory

  /// The page sets modes on the root, on nested elements (a light element inside a dark one), with
  /// a configured selector, and leaves one element unchosen; run once as is and once with the
  /// system in dark mode.
  @Test(.requires(.chromium)) func withModesChromiumComputesEachModesValuesWhereverItIsChosen() throws {
    let chromium = try ExternalTool.chromium.require()
    try withTemporaryDirectory { directory in
      try ModesFixture.build(in: directory)
      let page = directory.appendingPathComponent("probe.html")
      try FileManager.default.copyItem(
        at: Self.modes.appendingPathComponent("css-probe/probe.html"), to: page)
      func probe(_ flags: [String]) throws -> [String: [String: String]] {
        let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory, flags: flags)
        let result = try ExternalTool.probeResult(fromDOM: run.stdout)
        return result.mapValues { scope in scope.mapValues { $0["computed"] ?? "" } }
      }
      let light = [
        "--color-text-title": "rgba(7, 37, 146, 1)", "--color-text-body": "rgba(7, 37, 146, 0.8)",
        "--color-text-link": "rgba(0, 92, 229, 1)", "--color-surface-raised": "rgba(255, 255, 255, 1)",
      ]
      let dark = [
        "--color-text-title": "rgba(232, 238, 247, 1)", "--color-text-body": "rgba(232, 238, 247, 0.8)",
        "--color-text-link": "rgba(232, 238, 247, 1)", "--color-surface-raised": "rgba(18, 18, 18, 1)",
      ]
      let highContrast = [
        "--color-text-title": "rgba(255, 255, 255, 1)",
        "--color-text-body": "rgba(255, 255, 255, 0.8)", "--color-text-link": "rgba(255, 255, 255, 1)",
        "--color-surface-raised": "rgba(0, 0, 0, 1)",
      ]
      func colors(_ scope: [String: String]?) throws -> [String: String] {
        var colors: [String: String] = [:]
        for name in light.keys { colors[name] = try Self.rgba(color: try #require(scope?[name])) }
        return colors
      }

      let system = try probe([])
      #expect(try colors(system["unchosen"]) == light)
      #expect(try colors(system["root-dark"]) == dark)
      // Chosen on an element below the root, aliases follow too: the block re-declares them.
      #expect(try colors(system["nested-dark"]) == dark)
      #expect(try colors(system["light-in-dark"]) == light)
      #expect(try colors(system["high-contrast-class"]) == highContrast)
      #expect(try colors(system["root-high-contrast"]) == highContrast)
      #expect(try colors(system["literal-dark"]) == dark)
      #expect(system["high-contrast-class"]?["--size-border-width"] == "2px")
      #expect(system["root-dark"]?["--size-border-width"] == "1px")
      #expect(
        try Self.rgba(color: try #require(system["nested-dark"]?["--color-brand"])) == "rgba(0, 92, 229, 1)")
      // Why: changing only the target below the root leaves a root-declared alias at the root's value.
      #expect(
        try Self.rgba(color: try #require(system["target-only"]?["--color-text-body"]))
          == "rgba(7, 37, 146, 0.8)")

      // The system prefers dark: the unchosen root is dark; a mode chosen explicitly still wins.
      let systemDark = try probe(["--force-dark-mode"])
      #expect(try colors(systemDark["unchosen"]) == dark)
      #expect(try colors(systemDark["root-light"]) == light)
      #expect(try colors(systemDark["light-in-dark"]) == light)
      #expect(try colors(systemDark["root-high-contrast"]) == highContrast)
    }
  }

  // MARK: - Figma

  /// The CSS of Figma's exports loads in Chromium, and computes the colors the designer chose
  /// (the float32 channels on their 8-bit steps), in each mode.
  @Test(.requires(.chromium)) func chromiumComputesTheCSSOfFigmaExports() throws {
    let chromium = try ExternalTool.chromium.require()
    func probe(_ name: String) throws -> [String: [String: String]] {
      try withTemporaryDirectory { directory in
        _ = try FigmaFixture.build(name, in: directory)
        let page = directory.appendingPathComponent("probe.html")
        try FileManager.default.copyItem(
          at: FigmaFixture.directory.appendingPathComponent("\(name)/css-probe/probe.html"), to: page)
        let run = try ExternalTool.dumpDOM(chromium, page: page, profileIn: directory)
        return try ExternalTool.probeResult(fromDOM: run.stdout).mapValues {
          $0.mapValues { $0["computed"] ?? "" }
        }
      }
    }
    let single = try probe("single")
    #expect(
      single["root"] == [
        "--color-red-50": "rgb(252, 232, 230)", "--color-red-600": "rgb(217, 48, 37)",
        "--color-danger": "rgb(217, 48, 37)", "--spacing-base": "16px", "--opacity-disabled": "0.38",
      ])
    let multi = try probe("multi")
    #expect(
      multi["light"] == [
        "--surface-bg": "rgb(255, 255, 255)", "--text-primary": "rgb(32, 33, 36)",
        "--text-danger": "rgb(217, 48, 37)",
      ])
    #expect(
      multi["dark"] == [
        "--surface-bg": "rgb(32, 33, 36)", "--text-primary": "rgb(255, 255, 255)",
        "--text-danger": "rgb(242, 139, 130)",
      ])
  }

  /// The computed `color` of `property` as `rgba(r, g, b, a)`: see ``rgba(color:)``.
  private static func rgba(_ scope: [String: [String: String]], _ property: String) throws -> String {
    try rgba(color: try #require(scope[property]?["color"], "no color for \(property)"))
  }

  /// A computed color as `rgba(r, g, b, a)` with 8-bit channels and alpha to three decimals:
  /// Chromium writes `rgb(…)` for sRGB colors but `color(srgb r g b / a)`, channels from 0 to 1,
  /// for a `color-mix()`.
  private static func rgba(color computed: String) throws -> String {
    let numbers = computed.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
    let isUnitScale = computed.hasPrefix("color(srgb")
    try #require(numbers.count == 3 || numbers.count == 4, "unexpected color '\(computed)'")
    let channels = numbers.prefix(3).map { Int(($0 * (isUnitScale ? 255 : 1)).rounded()) }
    let alpha = numbers.count == 4 ? (numbers[3] * 1000).rounded() / 1000 : 1
    return "rgba(\(channels.map(String.init).joined(separator: ", ")), \(NumberFormatting.shortest(alpha)))"
  }
}

/// A fixture the toolchain tests build, and what the apps that use its outputs print.
struct ToolchainFixture: Sendable, CustomTestStringConvertible {
  let name: String
  /// Writes the fixture's outputs below a folder: `swift/`, `kotlin/`, `css/`, `css-literal/`.
  let write: @Sendable (URL) throws -> Void
  /// The folder holding the apps: `swift-consumer/` and `kotlin-consumer/Main.kt`.
  let folder: URL
  /// The Compose stubs they compile against, in the emitting fixture's `kotlin-stubs/`.
  var kotlinStubs = ["Color.kt", "Dp.kt"]
  /// What the Swift app prints, line by line.
  let swiftOutput: [String]
  /// What the Kotlin app prints, line by line.
  let kotlinOutput: [String]

  var testDescription: String { name }

  static let stubs = URL(fileURLWithPath: TestPaths.fixture("emitting/kotlin-stubs"))

  /// `Fixtures/emitting`: names that need converting, keywords, aliases with and without alpha.
  static let emitting = ToolchainFixture(
    name: "emitting", write: EmitFixture.write(to:),
    folder: URL(fileURLWithPath: TestPaths.fixture("emitting")),
    swiftOutput: [
      "description.alpha 0.8",
      "description.hex #072592CC",
      "labelTitle.hex #072592",
      "link.hex #005CE5",
      "default.hex #FFFFFF",
      "mixed.red 0.1",
      "size.2xl 32.0",
      "size.halfRem 8.0",
      "size.radius.default 24.0",
      "size.negative -4.0",
      #"typography.family.body ["Proxima Soft", "Brand \"Sans\"", "sans-serif"]"#,
      "typography.weight.bold 700.0",
      "typography.type.scale 1.25",
      "motion.duration.fast 0.2",
      "motion.duration.slow 1.5",
    ],
    kotlinOutput: [
      "description.argb cc072592",
      "description.alpha 0.8",
      "labelTitle.argb ff072592",
      "default.argb ffffffff",
      "mixed.argb 801a334d",
      "size.2xl 32.0.dp",
      "size.halfRem 8.0.dp",
      "size.radius.default 24.0.dp",
      "size.negative -4.0.dp",
      #"typography.family.body [Proxima Soft, Brand "Sans", sans-serif]"#,
      "typography.weight.bold 700",
      "typography.type.scale 1.25",
      "motion.duration.slow 1500",
    ])

  /// `Fixtures/figma/single`: Figma's export of one collection in one mode; its float32 colors
  /// come out on their 8-bit steps, and its `string` variable is left out.
  static let figmaSingle = ToolchainFixture(
    name: "figma-single", write: { _ = try FigmaFixture.build("single", in: $0) },
    folder: FigmaFixture.directory.appendingPathComponent("single"),
    swiftOutput: [
      "red.50 #FCE8E6",
      "red.50.red-is-252/255 true",
      "danger #D93025",
      "spacing.base 16.0",
      "opacity.disabled 0.3799999952316284",
    ],
    kotlinOutput: [
      "red.50 fffce8e6",
      "danger ffd93025",
      "spacing.base 16.0.dp",
      "opacity.disabled 0.3799999952316284",
    ])

  /// `Fixtures/figma/multi`: Figma's export of a Primitives collection and a Semantic one in
  /// Light (the base) and Dark (a mode layer, one file as exported).
  static let figmaMulti = ToolchainFixture(
    name: "figma-multi", write: { _ = try FigmaFixture.build("multi", in: $0) },
    folder: FigmaFixture.directory.appendingPathComponent("multi"),
    swiftOutput: [
      "light.surface.bg #FFFFFF",
      "light.text.primary #202124",
      "light.text.danger #D93025",
      "dark.surface.bg #202124",
      "dark.text.primary #FFFFFF",
      "dark.text.danger #F28B82",
      "gray.900 #202124",
    ],
    kotlinOutput: [
      "light.surface.bg ffffffff",
      "light.text.primary ff202124",
      "light.text.danger ffd93025",
      "dark.surface.bg ff202124",
      "dark.text.primary ffffffff",
      "dark.text.danger fff28b82",
      "gray.900 ff202124",
    ])

  /// Terrazzo's design system as published, through its resolver document (light and dark); values
  /// read off its files by hand: `color.bg.1` is `{color.base.gray.1000}` (srgb 1, 1, 1) in light and
  /// `{color.base.gray.100}` (srgb 0.0039, 0, 0, so #010000) in dark; `color.text.1` is gray.100 in
  /// light and gray.900 (#D2CDC9) in dark; `font.heading2` is 1.5rem (24) with a lineHeight written
  /// as 1.875rem (30); `ease.quint-out` is [0.22, 1, 0.36, 1].
  static let terrazzo = ToolchainFixture(
    name: "terrazzo", write: { _ = try TerrazzoFixture.build(in: $0) },
    folder: TerrazzoFixture.directory,
    kotlinStubs: [
      "Color.kt", "Dp.kt", "TextUnit.kt", "FontWeight.kt", "Text.kt", "Animation.kt", "Stroke.kt",
      "Density.kt",
    ],
    swiftOutput: [
      "light.color.bg.1 #FFFFFF",
      "light.color.text.1 #010000",
      "dark.color.bg.1 #010000",
      "dark.color.text.1 #D2CDC9",
      "font.heading2 24.0 30.0 400.0",
      "ease.quint-out 0.22 1.0 0.36 1.0",
    ],
    kotlinOutput: [
      "light.color.bg.1 ffffffff",
      "light.color.text.1 ff010000",
      "dark.color.bg.1 ff010000",
      "dark.color.text.1 ffd2cdc9",
      "font.heading2 24.0.sp 30.0.sp",
    ])

  /// `Fixtures/emitting-modes`: three modes, the last layering two layers; each app reads every
  /// mode's values.
  static let modes = ToolchainFixture(
    name: "modes", write: ModesFixture.build(in:), folder: ModesFixture.directory,
    swiftOutput: [
      "light.title #072592",
      "dark.title #E8EEF7",
      // The base's `{color.text.title} @ 80%` follows the dark title.
      "dark.body #E8EEF7CC",
      // A literal in the base, a reference in dark.
      "dark.link #E8EEF7",
      // An alias of the page, overridden nowhere, follows the page.
      "dark.raised #121212",
      "light.bg #FFFFFF",
      "light.border-width 1.0",
      "dark.bg #121212",
      "dark.border-width 1.0",
      "high-contrast.bg #000000",
      "high-contrast.border-width 2.0",
      "system.dark dark",
      "system.light light",
      "brand #005CE5",
      "radius 4.0",
    ],
    kotlinOutput: [
      "light.title ff072592",
      "dark.title ffe8eef7",
      "dark.body cce8eef7",
      "dark.link ffe8eef7",
      "dark.raised ff121212",
      "light.bg ffffffff",
      "light.border-width 1.0.dp",
      "dark.bg ff121212",
      "dark.border-width 1.0.dp",
      "high-contrast.bg ff000000",
      "high-contrast.border-width 2.0.dp",
      "system.light light",
      "highContrast.title ffffffff",
      "brand ff005ce5 ff005ce5",
      "radius 4.0.dp",
    ])
}
