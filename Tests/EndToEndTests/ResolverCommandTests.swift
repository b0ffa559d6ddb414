import Foundation
import Testing

/// A DTCG resolver document through the built binary (`Fixtures/resolver`): a `theme` modifier
/// (light, dark) and an inline `brand` modifier (acme, globex) whose contexts add the `brand.*`
/// tokens, read from one file by JSON pointer; a set with a file and tokens written inline; an inline
/// set after the modifiers that references what they add. The document exists in JSON and in YAML.
///
/// The expected values are read off the files by hand: `brand.primary` is `#D0021B` in
/// `brands.tokens.json#/acme` and `#1D4ED8` under `#/globex`; globex's `brand.on-primary` is
/// `{color.bg}`, which `core.tokens.json` makes `{color.gray.0}` (`#FFFFFF`) and `dark.tokens.json`
/// makes `{color.gray.900}` (`#111111`); `button.bg` (inline) is `{brand.primary}`.
@Suite struct ResolverCommandTests {
  static let fixture = BinaryRunner.testsDirectory.appendingPathComponent("Fixtures/resolver")

  /// Runs `body` in a fresh copy of the fixture; `config`, when given, replaces its `ebtokens.yml`.
  static func inCopy(config: String? = nil, _ body: (URL) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-resolver-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let project = root.appendingPathComponent("project")
    try FileManager.default.copyItem(at: fixture, to: project)
    if let config { try Data(config.utf8).write(to: project.appendingPathComponent("ebtokens.yml")) }
    try body(project)
  }

  static func read(_ project: URL, _ path: String) -> String {
    (try? String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  /// The config chooses every theme for brand acme: two modes, `light` and `dark`, in every output
  /// and in the audit.
  @Test func theConfigsChoiceMakesOneModePerTheme() throws {
    try Self.inCopy { project in
      let run = try BinaryRunner.run(["build"], in: project)
      #expect(run.status == 0, "\(run.stderr)")
      let css = Self.read(project, "dist/tokens.css")
      #expect(css.contains("[data-theme=\"light\"] {"))
      #expect(css.contains("[data-theme=\"dark\"] {\n  --color-bg: var(--color-gray-900);"))
      #expect(css.contains("--brand-primary: #d0021b;"))
      #expect(!css.contains("#1d4ed8"))
      let swift = generatedSources(
        in: project.appendingPathComponent("dist/swift/Sources/EBTokens"), extension: "swift")
      #expect(swift.contains("light: EBColor(hex: 0xFFFFFF),\n        dark: EBColor(hex: 0x111111)"))
      let kotlin = Self.read(project, "dist/kotlin/com/eastblue/ds/tokens/EBTokens.kt")
      #expect(kotlin.contains("Light(\"light\"),") && kotlin.contains("Dark(\"dark\");"))
      let audit = try BinaryRunner.run(["audit"], in: project)
      #expect(audit.status == 0, "\(audit.stderr)")
      #expect(audit.stdout.hasSuffix("All 2 pairs pass WCAG 2 AA: 1 in light, 1 in dark\n"))
    }
  }

  /// `--resolver` with no choice in the config crosses every context of every modifier, each
  /// modifier's default first: four modes named after their contexts.
  @Test func theResolverAloneCrossesEveryContext() throws {
    let outputs =
      "outputs:\n  - kind: css\n    destination: dist/tokens.css\n  - kind: swift\n    destination: dist/swift\n"
      + "  - kind: kotlin\n    destination: dist/kotlin\n"
    try Self.inCopy(config: outputs) { project in
      let run = try BinaryRunner.run(["build", "--resolver", "brand.resolver.yml"], in: project)
      #expect(run.status == 0, "\(run.stderr)")
      let modes = Self.read(project, "dist/swift/Sources/EBTokens/EBModes.swift")
      #expect(
        modes.contains(
          "case lightAcme = \"light-acme\"\n  case lightGlobex = \"light-globex\"\n  case darkAcme = \"dark-acme\"\n"
            + "  case darkGlobex = \"dark-globex\""))
      let swift = generatedSources(
        in: project.appendingPathComponent("dist/swift/Sources/EBTokens"), extension: "swift")
      // Globex's on-primary follows the theme; acme's is the palette's white in both.
      #expect(
        swift.contains(
          "lightAcme: EBColor(hex: 0xFFFFFF),\n        lightGlobex: EBColor(hex: 0xFFFFFF),\n"
            + "        darkAcme: EBColor(hex: 0xFFFFFF),\n        darkGlobex: EBColor(hex: 0x111111)"))
      let css = Self.read(project, "dist/tokens.css")
      #expect(css.contains("[data-theme=\"dark-globex\"] {\n  --brand-on-primary: var(--color-bg);"))
      #expect(css.contains("--brand-primary: #1d4ed8;"))
      // The system's dark appearance selects the default brand's dark mode, in every output.
      #expect(
        css.contains(
          "/* mode dark-acme, when the system prefers it; a mode chosen with its selector below wins */\n"
            + "@media (prefers-color-scheme: dark) {"))
      #expect(css.components(separatedBy: "@media").count == 2)
      #expect(modes.contains("isDark ? .darkAcme : .lightAcme"))
      let kotlin = Self.read(project, "dist/kotlin/com/eastblue/ds/tokens/EBTokens.kt")
      #expect(kotlin.contains("fun system(isDark: Boolean): EBMode = if (isDark) DarkAcme else LightAcme"))
    }
  }

  /// The JSON and the YAML document say the same, so they resolve to the same tokens and values;
  /// `list` shows the default resolution.
  @Test func theJSONAndTheYAMLDocumentResolveAlike() throws {
    func listed(_ document: String) throws -> [String] {
      let run = try BinaryRunner.run(["list", "--resolver", document, "--format", "json"], in: Self.fixture)
      #expect(run.status == 0, "\(run.stderr)")
      let tokens = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
      return tokens.map { "\($0["name"] ?? "") \($0["value"] ?? "")" }
    }
    let json = try listed("brand.resolver.json")
    #expect(json == (try listed("brand.resolver.yml")))
    #expect(
      json == [
        "brand.on-primary #FFFFFF", "brand.primary #D0021B", "button.bg #D0021B", "button.fg #FFFFFF",
        "color.bg #FFFFFF", "color.fg #111111", "color.gray.0 #FFFFFF", "color.gray.900 #111111",
        "space.small 4px",
      ])
  }

  /// Inline tokens are located in the resolver document, tokens a pointer leads to in their file.
  @Test func inlineTokensAreLocatedInTheDocument() throws {
    let run = try BinaryRunner.run(["list", "--resolver", "brand.resolver.yml"], in: Self.fixture)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ") }
    let locations = Dictionary(
      uniqueKeysWithValues: lines.compactMap { line in
        line.first.map { (String($0), String(line.last ?? "")) }
      })
    #expect(locations["space.small"] == "brand.resolver.yml:12:11")
    #expect(locations["button.bg"] == "brand.resolver.yml:37:11")
    #expect(locations["brand.primary"] == "tokens/brands.tokens.json:4:7")
  }

  @Test func exportWritesTheDefaultResolution() throws {
    let run = try BinaryRunner.run(
      ["export", "--resolver", "brand.resolver.json", "--resolved"], in: Self.fixture)
    #expect(run.status == 0, "\(run.stderr)")
    let export = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let brand = try #require(export["brand"] as? [String: Any])
    let primary = try #require(brand["primary"] as? [String: Any])
    let value = try #require(primary["$value"] as? [String: Any])
    #expect(value["hex"] as? String == "#d0021b")
  }
}
