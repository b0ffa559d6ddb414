import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensSupport

/// How token and group names become Swift and Kotlin identifiers and CSS property names, and
/// the errors for names that cannot.
@Suite struct EmitNamingTests {
  /// Renders the tokens in `yaml` (file `tokens.yaml`) as one output of `kind`, with the defaults.
  private func render(_ kind: Configuration.Output.Kind, _ yaml: String, options: String = "") throws
    -> GeneratedOutput
  {
    let tokens = try loadTokens(["tokens.yaml": yaml])
    let configuration = try ConfigurationLoader().load(
      yaml:
        "outputs:\n  - kind: \(kind.rawValue)\n    destination: out\(kind == .css ? "/tokens.css" : "")\n"
        + options,
      path: "ebtokens.yml")
    return try OutputRenderer(configuration: configuration).render(tokens)[0]
  }

  private func errors(_ kind: Configuration.Output.Kind, _ yaml: String, options: String = "") -> [String] {
    diagnostics { _ = try render(kind, yaml, options: options) }
  }

  // MARK: Words and camel case

  @Test(arguments: [
    ("label-title", "labelTitle", "LabelTitle"),
    ("label_title", "labelTitle", "LabelTitle"),
    ("label title", "labelTitle", "LabelTitle"),
    ("labelTitle", "labelTitle", "LabelTitle"),
    ("URL-path", "urlPath", "URLPath"),
    ("URLPath", "urlPath", "URLPath"),
    ("Label", "label", "Label"),
    ("2xl", "_2xl", "_2xl"),
    ("space-2", "space2", "Space2"),
    ("x-2-y", "x2Y", "X2Y"),
    ("a/b+c", "aBC", "ABC"),
    ("größe-klein", "größeKlein", "GrößeKlein"),
  ])
  func namesBecomeCamelCase(name: String, lower: String, upper: String) {
    let words = IdentifierWords.split(name)
    #expect(IdentifierWords.lowerCamel(words) == lower)
    #expect(IdentifierWords.upperCamel(words) == upper)
  }

  @Test func swiftEscapesKeywordsAndRenamesMetatypeNames() {
    let swift = SwiftLanguage()
    #expect(swift.memberIdentifier(["default"]) == "`default`")
    #expect(swift.memberIdentifier(["class"]) == "`class`")
    #expect(swift.memberIdentifier(["self"]) == "`self`")
    #expect(swift.memberIdentifier(["label", "title"]) == "labelTitle")
    #expect(swift.namespaceIdentifier(["type"]) == "Type_")
    #expect(swift.namespaceIdentifier(["protocol"]) == "Protocol_")
    #expect(swift.namespaceIdentifier(["self"]) == "`Self`")
    #expect(swift.namespaceIdentifier(["color"]) == "Color")
  }

  @Test func kotlinEscapesHardKeywordsOnly() {
    let kotlin = KotlinLanguage()
    #expect(kotlin.memberIdentifier(["class"]) == "`class`")
    #expect(kotlin.memberIdentifier(["object"]) == "`object`")
    #expect(kotlin.memberIdentifier(["default"]) == "default")
    #expect(kotlin.namespaceIdentifier(["type"]) == "Type")
  }

  @Test func aKotlinPackageSegmentThatIsAKeywordIsEscaped() throws {
    let output = try render(
      .kotlin, "x:\n  $type: number\n  y: 1\n", options: "    options:\n      package: com.example.in\n")
    #expect(output.files.map(\.path) == ["com/example/in/EBTokens.kt", "com/example/in/EBTokens_X.kt"])
    #expect(output.files.allSatisfy { $0.contents.contains("package com.example.`in`\n") })
  }

  @Test func cssPropertiesAreThePathJoinedWithDashes() throws {
    let css = try render(.css, "main:\n  $type: color\n  label-title: \"#072592\"\n  2xl: \"#000000\"\n")
      .files[0].contents
    #expect(css.contains("  --main-2xl: #000000;\n"))
    #expect(css.contains("  --main-label-title: #072592;\n"))
  }

  // MARK: Collisions

  @Test(arguments: [Configuration.Output.Kind.swift, .kotlin])
  func twoTokensWithTheSameIdentifierAreAnErrorNamingBoth(kind: Configuration.Output.Kind) throws {
    let yaml = "space:\n  $type: dimension\n  space-12: 12px\n  space-1-2: 12px\n"
    let language = kind == .swift ? "Swift" : "Kotlin"
    #expect(
      errors(kind, yaml) == [
        "tokens.yaml:3:3: error: token 'space.space-1-2' and token 'space.space-12' both become 'space12' in "
          + "EBTokens.Space in the \(language) output; rename one"
      ])
    do {
      _ = try render(kind, yaml)
    } catch let error as DiagnosticsError {
      #expect(
        error.diagnostics.first?.notes.first?.location
          == SourceLocation(file: "tokens.yaml", line: 4, column: 3))
    }
  }

  @Test(arguments: [Configuration.Output.Kind.swift, .kotlin])
  func aGroupAndATokenWithTheSameIdentifierAreAnError(kind: Configuration.Output.Kind) {
    // Token `2` and group `2_` both become `_2`.
    let yaml = "size:\n  $type: dimension\n  \"2\": 2px\n  2_:\n    x: 1px\n"
    let language = kind == .swift ? "Swift" : "Kotlin"
    #expect(
      errors(kind, yaml) == [
        "tokens.yaml:5:5: error: token 'size.2' and group 'size.2_' both become '_2' in EBTokens.Size in the "
          + "\(language) output; rename one"
      ])
  }

  @Test func pathsThatJoinToTheSameCSSNameAreAnError() {
    let yaml = "a:\n  $type: number\n  b-c: 1\na-b:\n  $type: number\n  c: 2\n"
    #expect(
      errors(.css, yaml) == [
        "tokens.yaml:6:3: error: token 'a.b-c' and token 'a-b.c' both become '--a-b-c' in :root in the CSS "
          + "output; "
          + "rename one"
      ])
    #expect(errors(.swift, yaml).isEmpty)
  }

  @Test func namesTheGeneratedCodeUsesAreReserved() {
    #expect(
      errors(.swift, "e-b-color:\n  x:\n    $type: number\n    $value: 1\n") == [
        "tokens.yaml:2:3: error: group 'e-b-color' becomes 'EBColor', a name the generated Swift code uses "
          + "itself; rename it"
      ])
    #expect(
      errors(.kotlin, "compose-color:\n  x:\n    $type: number\n    $value: 1\n") == [
        "tokens.yaml:2:3: error: group 'compose-color' becomes 'ComposeColor', a name the generated Kotlin "
          + "code uses itself; rename it"
      ])
    #expect(
      errors(.kotlin, "x:\n  $type: number\n  list-of: 1\n") == [
        "tokens.yaml:3:3: error: token 'x.list-of' becomes 'listOf', a name the generated Kotlin code uses "
          + "itself; rename it"
      ])
    #expect(
      errors(.swift, "x:\n  $type: number\n  y: 1\n", options: "    options:\n      module: EBColor\n") == [
        "ebtokens.yml:2:5: error: 'EBColor' cannot name the Swift output: the generated code uses that name "
          + "itself"
      ])
  }

  @Test(arguments: [Configuration.Output.Kind.swift, .kotlin])
  func aNameWithoutLettersOrDigitsIsAnError(kind: Configuration.Output.Kind) {
    let language = kind == .swift ? "Swift" : "Kotlin"
    #expect(
      errors(kind, "x:\n  $type: number\n  \"+++\": 1\n") == [
        "tokens.yaml:3:3: error: token 'x.+++' has no letter or digit to make a \(language) identifier from; "
          + "rename it"
      ])
  }

  @Test func aNameCSSCannotHoldIsAnError() {
    #expect(
      errors(.css, "x:\n  $type: number\n  with+plus: 1\n  a/b:\n    c: 1\n    d: 2\n") == [
        "tokens.yaml:3:3: error: token 'x.with+plus' cannot be part of a CSS custom property name: it "
          + "contains '+'; "
          + "CSS names use letters, digits, '-' and '_'",
        "tokens.yaml:5:5: error: group 'x.a/b' cannot be part of a CSS custom property name: it contains "
          + "'/'; "
          + "CSS names use letters, digits, '-' and '_'",
      ])
  }

  /// Names exported from design tools often have spaces: CSS writes them as `-`, aliases included.
  @Test func spacesInNamesBecomeDashesInCSS() throws {
    let css = try render(
      .css, "color:\n  $type: color\n  acid green: \"#B0FF00\"\n  accent: \"{color.acid green}\"\n"
    )
    .files[0].contents
    #expect(css.contains("  --color-acid-green: #b0ff00;\n"))
    #expect(css.contains("  --color-accent: var(--color-acid-green);\n"))
    #expect(
      errors(.css, "x:\n  $type: number\n  a b: 1\n  a-b: 2\n") == [
        "tokens.yaml:4:3: error: token 'x.a b' and token 'x.a-b' both become '--x-a-b' in :root in the CSS "
          + "output; rename one"
      ])
  }

  // MARK: Values Kotlin cannot hold

  @Test func kotlinRefusesFractionalWeightsAndMilliseconds() {
    let yaml = "w:\n  $type: fontWeight\n  $value: 450.5\nd:\n  $type: duration\n  $value: 0.5ms\n"
    #expect(
      errors(.kotlin, yaml) == [
        "tokens.yaml:3:11: error: 'w' cannot be written in the Kotlin output: a font weight must be a whole "
          + "number "
          + "in Kotlin, not 450.5",
        "tokens.yaml:6:11: error: 'd' cannot be written in the Kotlin output: a duration in milliseconds "
          + "must be a "
          + "whole number in Kotlin, not 0.5",
      ])
    #expect(errors(.swift, yaml).isEmpty)
    #expect(errors(.css, yaml).isEmpty)
  }
}
