import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensEmitting
@testable import EBTokensSupport

/// What outputs do with modes beyond the fixture's goldens: which tokens a CSS mode block holds and
/// where it applies, names the mode declarations take, and templates a mode project needs.
@Suite struct EmitModesTests {
  static let tokens = """
    color:
      $type: color
      page: "#FFFFFF"
      text: "#072592"
      body: "{color.text} @ 80%"
      brand: "#005CE5"
    """

  static func project(
    modes: String, dark: String = "color:\n  text: \"#E8EEF7\"\n", outputs: String,
    more: [String: String] = [:]
  ) -> ModalProject {
    ModalProject(
      [
        "ebtokens.yml": "tokens: tokens\nmodes:\n\(modes)outputs:\n\(outputs)", "tokens/colors.yaml": tokens,
        "dark/colors.yaml": dark,
      ].merging(more) { $1 })
  }

  static let css = "  - kind: css\n    destination: tokens.css\n"

  private static func contents(_ outputs: [GeneratedOutput], _ path: String) -> String {
    outputs.flatMap(\.files).first { $0.path.hasSuffix(path) }?.contents ?? ""
  }

  @Test func aCSSModeBlockHoldsEveryTokenThatChangesIncludingAliasesOfChangedTokens() throws {
    let outputs = try Self.project(modes: "  light: []\n  dark: dark\n", outputs: Self.css).render()
    let css = Self.contents(outputs, "tokens.css")
    let darkBlock = try #require(css.components(separatedBy: "[data-theme=\"dark\"] {\n").last)
    #expect(
      darkBlock == """
          --color-body: color-mix(in srgb, var(--color-text) 80%, transparent);
          --color-text: #e8eef7;
        }

        """)
    // `dark` follows the system's preference; `light`, the first mode, is the stylesheet's own.
    #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root {\n    --color-body:"))
    #expect(!css.contains("prefers-color-scheme: light"))
    #expect(css.contains("/* mode light */\n[data-theme=\"light\"] {\n  --color-body:"))
  }

  /// A color outside sRGB in one mode: the wide-gamut block repeats every mode block (with the
  /// colors as written), after them, so a mode chosen on an element still wins over the
  /// stylesheet's selector there.
  @Test func theWideGamutBlockRepeatsTheModeBlocksWithTheColorsAsWritten() throws {
    let dark = "color:\n  text:\n    $value: {colorSpace: display-p3, components: [0, 1, 0]}\n"
    let outputs = try Self.project(modes: "  light: []\n  dark: dark\n", dark: dark, outputs: Self.css)
      .render()
    let css = Self.contents(outputs, "tokens.css")
    let wide = try #require(css.components(separatedBy: "@media (color-gamut: p3) {\n").last)
    #expect(
      wide == """
          @supports (color: oklch(0 0 0)) {
            /* mode dark, when the system prefers it */
            @media (prefers-color-scheme: dark) {
              :root {
                --color-body: color-mix(in srgb, var(--color-text) 80%, transparent);
                --color-text: color(display-p3 0 1 0);
              }
            }
            /* mode light */
            [data-theme="light"] {
              --color-body: color-mix(in srgb, var(--color-text) 80%, transparent);
              --color-text: #072592;
            }
            /* mode dark */
            [data-theme="dark"] {
              --color-body: color-mix(in srgb, var(--color-text) 80%, transparent);
              --color-text: color(display-p3 0 1 0);
            }
          }
        }

        """, "\(css)")
    // Before it, the dark mode's sRGB gamut mapping.
    #expect(
      css.contains(
        "[data-theme=\"dark\"] {\n  --color-body: color-mix(in srgb, var(--color-text) 80%, transparent);\n  --color-text: rgb(0 251.369746 40.734323 / 1);\n}"
      ))
  }

  @Test func aLightModeAfterTheFirstFollowsTheSystemsLightPreference() throws {
    let outputs = try Self.project(modes: "  dark: []\n  light: dark\n", outputs: Self.css).render()
    let css = Self.contents(outputs, "tokens.css")
    #expect(css.contains("@media (prefers-color-scheme: light) {"))
    #expect(!css.contains("@media (prefers-color-scheme: dark)"))
  }

  @Test func modesThatChangeNothingAddNoCSSBlocks() throws {
    let outputs = try Self.project(
      modes: "  light: []\n  dark: dark\n", dark: "color:\n  text: \"#072592\"\n", outputs: Self.css
    ).render()
    let css = Self.contents(outputs, "tokens.css")
    #expect(!css.contains("data-theme"))
    #expect(!css.contains("@media"))
  }

  @Test func theModeDeclarationsNamesAreReservedOnlyWithModes() {
    let group = "e-b-mode:\n  $type: color\n  x: \"#000000\"\n"
    let outputs = "  - kind: swift\n    destination: swift\n  - kind: kotlin\n    destination: kotlin\n"
    let errors = Self.project(
      modes: "  light: []\n  dark: dark\n", outputs: outputs, more: ["tokens/eb.yaml": group]
    )
    .errors { _ = try $0.render() }
    #expect(
      errors == [
        "tokens/eb.yaml:3:3: error: group 'e-b-mode' becomes 'EBMode', a name the generated Kotlin code uses "
          + "itself; rename it",
        "tokens/eb.yaml:3:3: error: group 'e-b-mode' becomes 'EBMode', a name the generated Swift code uses "
          + "itself; rename it",
      ])
    let withoutModes = ModalProject([
      "ebtokens.yml": "tokens: tokens\noutputs:\n\(outputs)", "tokens/colors.yaml": Self.tokens,
      "tokens/eb.yaml": group,
    ])
    #expect(withoutModes.errors { _ = try $0.render() } == [])
  }

  /// In Kotlin's color scheme a group is a property, as a token is: `main-x` and `mainX` clash there.
  @Test func colorSchemePropertiesThatClashAreAnError() {
    let clash = "a:\n  $type: color\n  main-x:\n    y: \"#000000\"\n  mainX: \"#FFFFFF\"\n"
    let errors = Self.project(
      modes: "  light: []\n  dark: dark\n", outputs: "  - kind: kotlin\n    destination: kotlin\n",
      more: ["tokens/clash.yaml": clash]
    ).errors { _ = try $0.render() }
    #expect(
      errors == [
        "tokens/clash.yaml:4:5: error: token 'a.mainX' and group 'a.main-x' both become 'mainX' in "
          + "EBColorScheme.A in the Kotlin output; rename one"
      ])
  }

  @Test func aTemplateFolderForAModeProjectNeedsTheModeTemplates() {
    let outputs = "  - kind: swift\n    destination: swift\n    template: mine\n"
    var files: [String: String] = [:]
    for name in ["Package.swift", "tokens.swift", "group.swift", "EBColor.swift", "namespace", "token"] {
      files["mine/\(name).mustache"] = "x"
    }
    let errors = Self.project(modes: "  light: []\n  dark: dark\n", outputs: outputs, more: files)
      .errors { _ = try $0.render() }
    #expect(
      errors == [
        "ebtokens.yml:6:5: error: template folder 'mine' has no 'EBModes.swift.mustache'; copy it from the "
          + "built-in templates (templates/ in the ebtokens repository)"
      ])
  }

  @Test func aModeProjectBuildsEveryFileOnceAndThenIsUpToDate() throws {
    try withTemporaryDirectory { directory in
      try ModesFixture.build(in: directory)
      let modes = directory.appendingPathComponent("swift/Sources/EBTokens/EBModes.swift").path
      #expect(FileManager.default.fileExists(atPath: modes))
      let check = try Builder().build(ModesFixture.configuration(in: directory), mode: .check)
      #expect(check.plan.isUpToDate)
    }
  }
}
