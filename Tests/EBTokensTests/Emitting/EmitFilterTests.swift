import Foundation
import TestSupport
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensEmitting
@testable import EBTokensModel
@testable import EBTokensResolution
@testable import EBTokensSupport

extension ProjectFixture {
  /// `Fixtures/emitting-filtered`: a palette and the semantic tokens that alias it, in light and
  /// dark, built into a Swift package without the palette, Compose colors without the deprecated
  /// one, and CSS without the palette.
  static let filtered = ProjectFixture("emitting-filtered")
}

extension ToolchainFixture {
  /// `Fixtures/emitting-filtered`: the apps read the aliases of the palette their outputs leave out.
  static let filtered = ToolchainFixture(
    name: "filtered", write: { try ProjectFixture.filtered.build(in: $0) },
    folder: ProjectFixture.filtered.directory,
    swiftOutput: [
      "light.title #072592",
      "dark.title #E8EEF7",
      "dark.body #E8EEF7CC",
      "link #005CE5",
      "dark.bg #121212",
      "outline.focus.width 2.0",
      "radius 4.0",
    ],
    kotlinOutput: [
      "light.title ff072592",
      "dark.title ffe8eef7",
      "dark.body cce8eef7",
      "link ff005ce5",
      "dark.bg ff121212",
    ])
}

@Suite struct EmitFilterTests {
  // MARK: Patterns and filters

  static func token(
    _ name: String, _ type: TokenType = .color, value: TokenValue = .color(Color(red: 0, green: 0, blue: 0)),
    deprecated: Bool = false, reference: String? = nil, componentReference: String? = nil
  ) -> Token {
    let location = SourceLocation(file: "tokens.yaml", line: 1, column: 1)
    return Token(
      path: Self.path(name), type: type, value: value, deprecation: deprecated ? .deprecated : nil,
      location: location, valueLocation: location,
      reference: reference.map { TokenReference(target: Self.path($0), alphaFactor: nil) },
      componentReferences: componentReference.map {
        [
          ComponentReference(
            path: ["color"], reference: TokenReference(target: Self.path($0), alphaFactor: nil))
        ]
      } ?? [])
  }

  static func path(_ name: String) -> TokenPath {
    TokenPath(name.split(separator: ".").map(String.init))
  }

  static func patterns(_ texts: String...) -> [TokenFilter.Pattern] {
    texts.map { TokenFilter.Pattern(TokenPattern($0)) }
  }

  @Test func aPatternHoldsTheTokenItNamesAndEveryTokenOfTheGroupItNames() {
    #expect(TokenPattern("palette").holds(Self.path("palette.blue.500")))
    #expect(TokenPattern("palette.*").holds(Self.path("palette.blue.500")))
    #expect(TokenPattern("palette.*.500").holds(Self.path("palette.blue.500")))
    #expect(TokenPattern("palette.blue.500").holds(Self.path("palette.blue.500")))
    #expect(!TokenPattern("palette.*.500").holds(Self.path("palette.blue.900")))
    #expect(!TokenPattern("palette.blue.500.x").holds(Self.path("palette.blue.500")))
    // A segment is a whole name: `pal` is not a prefix of `palette`.
    #expect(!TokenPattern("pal").holds(Self.path("palette.blue.500")))
    #expect(!TokenPattern("*.blue").holds(Self.path("color.text")))
  }

  @Test func aTokenIsKeptWhenEveryCriterionKeepsIt() {
    let brand = Self.token("color.brand")
    let old = Self.token("color.old", deprecated: true)
    let radius = Self.token("size.radius", .dimension, value: .dimension(Dimension(4, .px)))
    let palette = Self.token("palette.blue.500")
    #expect([brand, old, radius, palette].allSatisfy(TokenFilter().keeps))
    #expect(TokenFilter().keepsEverything)

    let included = TokenFilter(include: Self.patterns("color", "size.*"))
    #expect([brand, old, radius].allSatisfy(included.keeps))
    #expect(!included.keeps(palette))

    let excluded = TokenFilter(exclude: Self.patterns("palette"))
    #expect([brand, old, radius].allSatisfy(excluded.keeps))
    #expect(!excluded.keeps(palette))

    // Include and exclude together: the exclusion wins inside the included group.
    let both = TokenFilter(include: Self.patterns("color"), exclude: Self.patterns("color.old"))
    #expect(both.keeps(brand))
    #expect(!both.keeps(old))
    #expect(!both.keeps(radius))

    let types = TokenFilter(types: [.dimension])
    #expect(types.keeps(radius))
    #expect(!types.keeps(brand))

    let current = TokenFilter(keepsDeprecated: false)
    #expect(current.keeps(brand))
    #expect(!current.keeps(old))
    #expect(!current.keepsEverything)
  }

  @Test func anAliasOfATokenLeftOutKeepsItsValueButNoLongerNamesIt() throws {
    let blue = Color(red: 0, green: 0.36, blue: 0.9)
    let tokens = ModalTokenSet(
      single: TokenSet(tokens: [
        Self.token("palette.blue", value: .color(blue)),
        Self.token("color.link", value: .color(blue), reference: "palette.blue"),
        Self.token("color.visited", value: .color(blue), reference: "color.link"),
        Self.token(
          "outline.focus", .border, value: .color(blue), componentReference: "palette.blue"),
      ]))
    let filtered = TokenFilter(exclude: Self.patterns("palette")).apply(to: tokens)
    #expect(filtered.tokens.map(\.name) == ["color.link", "color.visited", "outline.focus"])
    let link = try #require(filtered.sets[0]["color.link"])
    #expect(link.reference == nil)
    #expect(link.value == .color(blue))
    // An alias of a token kept stays an alias, the very token as loaded.
    let visited = try #require(filtered.sets[0]["color.visited"])
    #expect(visited.reference?.target == Self.path("color.link"))
    #expect(visited === tokens.sets[0]["color.visited"])
    #expect(try #require(filtered.sets[0]["outline.focus"]).componentReferences.isEmpty)
  }

  @Test func everyModeGetsTheSameTokens() throws {
    let configuration = try ProjectFixture.filtered.configuration()
    let tokens = try ModalTokenLoader().load(configuration: configuration).value
    let swift = try #require(configuration.outputs.first { $0.kind == .swift })
    let filtered = swift.filter.apply(to: tokens)
    #expect(filtered.modes == ["light", "dark"])
    #expect(filtered.tokens.count == tokens.tokens.count - 5)
    for set in filtered.sets {
      #expect(set.tokens.map(\.name) == filtered.tokens.map(\.name))
      #expect(!set.tokens.contains { $0.path.segments[0] == "palette" })
      #expect(set["color.text.title"]?.reference == nil)
    }
    // The dark title aliases another palette color: its own value, not the light one's.
    #expect(filtered.sets[1]["color.text.title"]?.value == tokens.sets[1]["color.text.title"]?.value)
    #expect(filtered.sets[1]["color.text.title"]?.value != filtered.sets[0]["color.text.title"]?.value)
  }

  // MARK: Configuration

  @Test func theConfigurationReadsEachOutputsFilter() throws {
    let configuration = try ConfigurationLoader().load(
      yaml: """
        outputs:
          - kind: swift
            destination: swift
            include: [color, size.*]
            exclude: color.legacy
            types: [color, dimension]
            deprecated: false
          - kind: css
            destination: tokens.css
        """, path: "ebtokens.yml")
    let swift = configuration.outputs[0].filter
    #expect(swift.include.map(\.pattern.description) == ["color", "size.*"])
    #expect(swift.include.map { $0.location?.line } == [4, 4])
    #expect(swift.exclude.map(\.pattern.description) == ["color.legacy"])
    #expect(swift.types == [.color, .dimension])
    #expect(!swift.keepsDeprecated)
    #expect(configuration.outputs[1].filter.keepsEverything)
  }

  // MARK: Outputs

  @Test(arguments: ["swift", "kotlin", "css"])
  func filteredOutputMatchesItsGoldenFiles(destination: String) throws {
    let output = try ProjectFixture.filtered.output(destination)
    #expect(!output.files.isEmpty)
    for file in output.files {
      try Golden.expectMatch(file.contents, golden: "emitting-filtered/\(destination)/\(file.path).golden")
    }
  }

  @Test func eachOutputHoldsOnlyWhatItsFilterKeeps() throws {
    let filtered = ProjectFixture.filtered
    let swift = try filtered.text("swift")
    #expect(!swift.contains("Palette") && !swift.contains("palette"))
    #expect(swift.contains("enum Outline") && swift.contains("radius"))
    let kotlin = try filtered.text("kotlin")
    #expect(!kotlin.contains("border") && !kotlin.contains("Outline") && !kotlin.contains("radius"))
    #expect(kotlin.contains("val link"))
    let css = try filtered.text("css")
    #expect(!css.contains("--palette"))
    // An alias of a kept token stays a reference; one of the palette is its value.
    #expect(css.contains("var(--color-text-title)"))
    #expect(css.contains("--color-text-link: #005ce5;"))
  }

  @Test func aBuildWithFiltersThatHoldEveryTokenHasNoWarning() throws {
    try withTemporaryDirectory { directory in
      let warnings = try ProjectFixture.filtered.build(in: directory)
      #expect(warnings == [])
      #expect(
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("swift/Package.swift").path))
    }
  }
}
