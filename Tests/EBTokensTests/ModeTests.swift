import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensSupport

/// Modes: layers over the base set, resolved per mode, and every way a layer can be wrong.
@Suite struct ModeTests {
  static let base = """
    color:
      $type: color
      page: "#FFFFFF"
      text: "#072592"
      body: "{color.text} @ 80%"
      card: "{color.page}"
      brand:
        $value: "#005CE5"
        $description: The brand blue.
        $deprecated: Use color.text.
    size:
      $type: dimension
      border: 1px
    """

  static let config = """
    tokens: tokens
    modes:
      light: []
      dark: tokens-dark
    """

  static func project(dark: String, config: String = config, more: [String: String] = [:]) -> ModalProject {
    ModalProject(
      ["ebtokens.yml": config, "tokens/base.yaml": base, "tokens-dark/colors.yaml": dark].merging(more) {
        $1
      })
  }

  private static func values(_ tokens: ModalTokenSet, _ name: String) -> [String] {
    tokens.tokens.first { $0.name == name }?.byMode.map(\.value.displayString) ?? []
  }

  // MARK: - Layering

  @Test func referencesResolveWithinEachMode() throws {
    let tokens = try Self.project(dark: "color:\n  page: \"#121212\"\n  text: \"#E8EEF7\"\n").tokens()
    #expect(tokens.modes == ["light", "dark"])
    #expect(Self.values(tokens, "color.text") == ["#072592", "#E8EEF7"])
    // Base tokens that reference an overridden one change with it.
    #expect(Self.values(tokens, "color.body") == ["#072592CC", "#E8EEF7CC"])
    #expect(Self.values(tokens, "color.card") == ["#FFFFFF", "#121212"])
    let constant = tokens.tokens.filter(\.isConstant).map(\.name)
    #expect(constant == ["color.brand", "size.border"])
    // Every mode has the same tokens, in path order.
    #expect(tokens.sets.map { $0.tokens.map(\.name) }.allSatisfy { $0 == tokens.tokens.map(\.name) })
  }

  @Test func anOverrideIsLocatedInItsLayerAndKeepsTheBaseDescriptionAndDeprecation() throws {
    let tokens = try Self.project(dark: "color:\n  brand: \"{color.text}\"\n").tokens()
    let brand = try #require(tokens.tokens.first { $0.name == "color.brand" })
    #expect(brand.byMode[0].location.file.hasSuffix("tokens/base.yaml"))
    #expect(brand.byMode[1].location.file.hasSuffix("tokens-dark/colors.yaml"))
    #expect(brand.byMode[1].location.line == 2)
    #expect(brand.byMode[1].reference?.target.name == "color.text")
    for token in brand.byMode {
      #expect(token.description == "The brand blue.")
      #expect(token.deprecation == .message("Use color.text."))
    }
  }

  @Test func laterLayersOverrideEarlierOnesTokenByToken() throws {
    let config = """
      tokens: tokens
      modes:
        light: []
        dark: [tokens-dark]
        high-contrast: [tokens-dark, contrast.yaml]
      """
    let tokens = try Self.project(
      dark: "color:\n  page: \"#121212\"\n  text: \"#E8EEF7\"\n", config: config,
      more: ["contrast.yaml": "color:\n  page: \"#000000\"\nsize:\n  border: 2px\n"]
    ).tokens()
    #expect(Self.values(tokens, "color.page") == ["#FFFFFF", "#121212", "#000000"])
    #expect(Self.values(tokens, "color.text") == ["#072592", "#E8EEF7", "#E8EEF7"])
    #expect(Self.values(tokens, "size.border") == ["1px", "1px", "2px"])
  }

  @Test func aProjectWithoutModesHasOneValuePerToken() throws {
    let tokens = try ModalProject(["ebtokens.yml": "tokens: tokens\n", "tokens/base.yaml": Self.base])
      .tokens()
    #expect(tokens.modes.isEmpty)
    #expect(!tokens.hasModes)
    #expect(tokens.tokens.allSatisfy { $0.byMode.count == 1 && $0.isConstant })
  }

  // MARK: - Errors

  @Test func anOverrideOfAnUnknownTokenIsAnErrorWithASuggestion() {
    let errors = Self.project(dark: "color:\n  txet: \"#E8EEF7\"\nspace:\n  small: 2px\n").errors()
    #expect(
      errors == [
        "tokens-dark/colors.yaml:2:3: error: 'color.txet' is not a token of the base set; a mode can only "
          + "override existing tokens; did you mean 'color.text'?",
        "tokens-dark/colors.yaml:4:3: error: 'space.small' is not a token of the base set; a mode can only "
          + "override existing tokens",
      ])
  }

  /// An override without a type of its own takes the base token's, so `4px` for a color is an
  /// invalid color; one that states another type, itself or through its group, is a change of type.
  @Test func anOverrideMustKeepTheTokensType() {
    let errors = Self.project(
      dark: """
        color:
          page: 4px
          text:
            $type: dimension
            $value: 4px
        size:
          $type: color
          border: "#000000"
        """
    ).errors()
    #expect(
      errors == [
        "tokens-dark/colors.yaml:2:9: error: invalid color for 'color.page': '4px' is not a supported color; "
          + "write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object (in mode 'dark')",
        "tokens-dark/colors.yaml:3:3: error: 'color.text' is a color in the base set; a mode cannot make it "
          + "a dimension",
        "tokens-dark/colors.yaml:8:3: error: 'size.border' is a dimension in the base set; a mode cannot "
          + "make it a color",
      ])
  }

  @Test func aModeOverridesValuesDescriptionsAndExtensionsButNotDeprecation() {
    let errors = Self.project(
      dark: """
        color:
          $deprecated: true
          text:
            $value: "#E8EEF7"
            $deprecated: true
        """
    ).errors()
    let rest =
      "in a mode; a mode overrides '$value', '$description' and '$extensions' (and may restate '$type'), so write"
    #expect(
      errors == [
        "tokens-dark/colors.yaml:1:1: error: 'color' sets $deprecated \(rest) $deprecated in the base set",
        "tokens-dark/colors.yaml:3:3: error: 'color.text' sets $deprecated \(rest) $deprecated in the base set",
      ])
  }

  /// Figma writes one file per mode, each token with its own `$extensions` (its variable id, and
  /// in a mode where it is an alias, `com.figma.aliasData`): each mode keeps its own.
  @Test func eachModeKeepsTheExtensionsAndDescriptionItsFileGivesAToken() throws {
    let tokens = try Self.project(
      dark: """
        $extensions: {com.figma.modeName: Dark}
        color:
          text:
            $value: "#E8EEF7"
            $description: Dark text.
            $extensions: {com.figma.aliasData: {targetVariableName: gray/100}}
        """
    ).tokens()
    let light = try #require(tokens.sets[0]["color.text"])
    let dark = try #require(tokens.sets[1]["color.text"])
    #expect(dark.description == "Dark text.")
    #expect(light.extensions == nil)
    guard case .mapping(let extensions)? = dark.extensions else {
      Issue.record("no $extensions in dark")
      return
    }
    #expect(extensions.entries.map(\.key.value) == ["com.figma.aliasData"])
  }

  /// A CSS template sees each mode's `$extensions` in that mode's block, as a CSS string.
  @Test func cssTemplatesSeeEachModesExtensions() throws {
    let outputs = try Self.project(
      dark: "color:\n  text:\n    $value: \"#E8EEF7\"\n    $extensions: {com.figma.variableId: \"1:2\"}\n",
      config: Self.config + "\ntemplates: mine\noutputs:\n  - kind: css\n    destination: out/tokens.css\n",
      more: [
        "mine/css/tokens.css.mustache":
          "{{#modeBlocks}}{{#properties}}{{mode}} {{name}} {{extensions}}\n{{/properties}}{{/modeBlocks}}"
      ]
    ).render()
    let text = try #require(outputs.first?.files.first?.contents)
    #expect(text.contains(#"dark --color-text "{\A   \"com.figma.variableId\": \"1:2\"\A }""#), "\(text)")
    #expect(text.contains("light --color-text \n"), "\(text)")
  }

  /// Templates see each mode's `$extensions`, as JSON in a string literal of the language.
  @Test func templatesSeeEachModesExtensions() throws {
    let tokens = try Self.project(
      dark: """
        color:
          text:
            $value: "#E8EEF7"
            $extensions: {com.figma.variableId: "VariableID:1:2"}
        """
    ).tokens()
    var builder = NamespaceContextBuilder(language: SwiftLanguage())
    let root = builder.root(tokens, named: "EBTokens")
    let color = try #require(root.namespaces.first { $0.name == "Color" })
    let text = try #require(builder.declare(color.members[...]).first { $0.token.name == "color.text" })
    #expect(text.declaration.extensions == nil)
    #expect(
      text.declaration.modeValues.map(\.extensions) == [
        nil, #""{\n  \"com.figma.variableId\": \"VariableID:1:2\"\n}""#,
      ])
  }

  @Test func aTokenCannotOverrideAGroup() {
    let errors = Self.project(dark: "color: \"#000000\"\n").errors()
    #expect(
      errors == [
        "tokens-dark/colors.yaml:1:1: error: 'color' is a group in the base set; a mode can only override tokens"
      ])
  }

  /// A cycle that only a layer closes, reported once for the two modes that share the layer, from
  /// its step written first (`tokens-dark/` sorts before `tokens/`).
  @Test func resolutionErrorsNameTheModesTheyOccurIn() {
    let config = """
      tokens: tokens
      modes:
        light: []
        dark: [tokens-dark]
        dim: [tokens-dark, dim.yaml]
      """
    let errors = Self.project(
      dark: "color:\n  text: \"{color.body}\"\n", config: config,
      more: ["dim.yaml": "color:\n  page: \"{color.pgae}\"\n"]
    ).errors()
    #expect(
      errors == [
        "dim.yaml:2:9: error: 'color.page' references '{color.pgae}', which does not exist; did you mean "
          + "'color.page'? (in mode 'dim')",
        "tokens-dark/colors.yaml:2:9: error: reference cycle: color.text -> color.body -> color.text "
          + "(in modes 'dark' and 'dim')",
      ])
  }

  @Test func everyErrorOfTheBaseAndTheLayersIsReportedInOneRun() {
    let errors = ModalProject([
      "ebtokens.yml": Self.config,
      "tokens/base.yaml": "color:\n  $type: color\n  page: \"#FFFFF\"\n",
      "tokens-dark/colors.yaml": "color:\n  text: \"#000000\"\n  page: [1]\n",
    ]).errors()
    #expect(errors.count == 3, "\(errors)")
    #expect(errors[0].hasPrefix("tokens-dark/colors.yaml:2:3: error: 'color.text' is not a token"))
    // The layer's invalid value is found by resolving the mode, which runs although the base has
    // an error of its own.
    #expect(
      errors[1] == "tokens-dark/colors.yaml:3:9: error: invalid color for 'color.page': expected a color, "
        + "found a sequence (in mode 'dark')")
    #expect(errors[2].hasPrefix("tokens/base.yaml:3:9: error: invalid color for 'color.page'"))
  }

  @Test func layerPathsAreCheckedAtTheirPlaceInTheConfig() {
    let config = """
      tokens: tokens
      modes:
        light: []
        dark: [nowhere, notes.txt, tokens/dark]
      """
    let errors = ModalProject([
      "ebtokens.yml": config, "tokens/base.yaml": Self.base, "notes.txt": "",
      "tokens/dark/colors.yaml": "color:\n  page: \"#000000\"\n",
    ]).errors()
    #expect(
      errors == [
        "ebtokens.yml:4:10: error: mode 'dark': 'nowhere' does not exist",
        "ebtokens.yml:4:19: error: mode 'dark': 'notes.txt' is not a token file or folder (a .yaml or .yml "
          + "file, or a folder of them)",
        "ebtokens.yml:4:30: error: mode 'dark': 'tokens/dark' is inside the token folder 'tokens', whose every "
          + "file is a base token file; move the mode's files out of it",
      ])
  }

  // MARK: - The config

  @Test func modesAreAMappingOfNamesToLayers() throws {
    let yaml = """
      tokens: tokens
      modes:
        light: []
        dark: tokens-dark
        high-contrast: [tokens-dark, contrast.yaml]
      """
    let configuration = try ConfigurationLoader().load(yaml: yaml, path: "ebtokens.yml")
    #expect(configuration.modes.map(\.name) == ["light", "dark", "high-contrast"])
    #expect(
      configuration.modes.map { $0.layers.map(\.path) } == [
        [], ["tokens-dark"], ["tokens-dark", "contrast.yaml"],
      ])
    #expect(
      configuration.modes[2].layers[1].location == SourceLocation(file: "ebtokens.yml", line: 5, column: 32))
  }

  @Test func badModesAreErrorsAtTheirNames() {
    func errors(_ modes: String) -> [String] {
      diagnostics { _ = try ConfigurationLoader().load(yaml: "modes:\n" + modes, path: "ebtokens.yml") }
    }
    #expect(
      errors("  light: []\n") == [
        "ebtokens.yml:2:3: error: 'modes' needs at least two modes; a project with one set of values needs no "
          + "'modes'"
      ])
    #expect(
      errors("  light: []\n  dark mode: x\n  2x: x\n") == [
        "ebtokens.yml:3:3: error: 'dark mode' cannot name a mode: use ASCII letters, digits, '-' and '_', "
          + "starting with a letter",
        "ebtokens.yml:4:3: error: '2x' cannot name a mode: use ASCII letters, digits, '-' and '_', starting "
          + "with a letter",
      ])
    #expect(
      errors("  light: []\n  default: x\n  value: x\n") == [
        "ebtokens.yml:3:3: error: 'default' cannot name a mode: it becomes 'default', a keyword or a name the "
          + "generated code uses itself; choose another",
        "ebtokens.yml:4:3: error: 'value' cannot name a mode: it becomes 'value', a keyword or a name the "
          + "generated code uses itself; choose another",
      ])
    #expect(
      errors("  high-contrast: []\n  high_contrast: x\n") == [
        "ebtokens.yml:3:3: error: modes 'high-contrast' and 'high_contrast' both become 'highContrast' in "
          + "generated code; rename one"
      ])
    #expect(
      errors("  light:\n  dark: [x, {a: b}]\n  dim: ../outside\n") == [
        "ebtokens.yml:2:9: error: 'light' must be a token file or folder, or a list of them ([] for none), "
          + "found ''",
        "ebtokens.yml:3:13: error: 'dark' must be a token file or folder, found a mapping",
        "ebtokens.yml:4:8: error: 'dim' path '../outside' is outside the project folder; pass "
          + "--allow-outside-project to permit it",
      ])
  }

  @Test func perModeSettingsMustNameEveryModeAndNoOther() {
    let yaml = """
      modes:
        light: []
        dark: tokens-dark
      outputs:
        - kind: css
          destination: tokens.css
          options:
            modes:
              darkk: {selector: .dark}
              light: {selectr: .light}
      audit:
        canvas: {light: "#FFFFFF"}
        rules:
          - foreground: a
            background: {light: "#FFFFFF", dark: "#12121"}
            role: text
      """
    let errors = diagnostics { _ = try ConfigurationLoader().load(yaml: yaml, path: "ebtokens.yml") }
    #expect(
      errors == [
        "ebtokens.yml:9:9: error: 'darkk' is not a mode; did you mean 'dark'?",
        "ebtokens.yml:10:17: error: unknown key 'selectr' in a mode's css options; did you mean 'selector'?",
        "ebtokens.yml:12:11: error: 'canvas' gives no value for mode 'dark'; per mode, it needs one for every "
          + "mode",
        "ebtokens.yml:15:44: error: invalid color for 'dark': '#12121' has 5 hex digits, but a color has 3, 4, "
          + "6 or 8; write #RGB, #RRGGBB, #RRGGBBAA or a DTCG color object",
      ])
    let withoutModes = diagnostics {
      _ = try ConfigurationLoader().load(
        yaml: "audit:\n  canvas: {dark: \"#000000\"}\n", path: "ebtokens.yml")
    }
    #expect(
      withoutModes == ["ebtokens.yml:2:12: error: 'dark' is not a mode: the config declares no 'modes'"])
  }

  @Test func perModeCanvasesBackgroundsAndCSSSelectors() throws {
    let yaml = """
      modes:
        light: []
        dark: tokens-dark
      outputs:
        - kind: css
          destination: tokens.css
          options:
            modes:
              dark: {selector: .dark, media: false}
              light: {media: "(prefers-color-scheme: light)"}
      audit:
        canvas: {light: "#FFFFFF", dark: "#121212"}
        rules:
          - foreground: a
            background: {light: "#FFFFFF", dark: "#1E1E1E"}
            role: text
      """
    let configuration = try ConfigurationLoader().load(yaml: yaml, path: "ebtokens.yml")
    let options = try #require(configuration.outputs.first?.options.cssModes)
    #expect(options["dark"] == Configuration.CSSMode(selector: ".dark", media: .none))
    #expect(options["light"] == Configuration.CSSMode(media: .query("(prefers-color-scheme: light)")))
    #expect(configuration.audit.canvas(for: "dark").hex == "#121212")
    #expect(configuration.audit.canvas(for: "light").hex == "#FFFFFF")
    guard case .colorPerMode(let colors) = configuration.audit.rules.first?.background else {
      Issue.record("expected a background per mode")
      return
    }
    #expect(colors["dark"]?.text == "#1E1E1E")
    #expect(colors["light"]?.color.hex == "#FFFFFF")
  }
}
