import Foundation
import Testing

@testable import EBTokensBuild
@testable import EBTokensConfig
@testable import EBTokensParsing
@testable import EBTokensResolution
@testable import EBTokensSupport
@testable import EBTokensSyntax

/// DTCG 2025.10 resolver documents: Terrazzo's own, read into sets, modifiers, contexts and order,
/// and compiled into modes; and the config's choice of contexts.
@Suite struct ResolverDocumentTests {
  static let terrazzo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures/realworld/terrazzo-ds")
  static let baseFiles = [
    "animation.tokens.yml", "layer.tokens.yml", "palette.tokens.yml", "radius.tokens.yml", "space.tokens.yml",
    "typography.tokens.yml",
  ]

  static func document(_ path: String) throws -> ResolverDocument {
    let result = YAMLReader().read(path: path, displayPath: path)
    let syntax = try #require(result.document)
    let (document, errors) = ResolverDocument.parse(syntax, format: .yaml)
    #expect(errors.map(\.diagnostic.message) == [])
    return try #require(document)
  }

  /// The file a source names, or `nil` for tokens written inline.
  static func file(_ source: ResolverDocument.Source) -> String? {
    guard case .file(let path, let pointer, _) = source else { return nil }
    return pointer.isEmpty ? path : path + ResolverDocument.pointerText(pointer)
  }

  @Test func terrazzosDocumentIsOneBaseSetThenATheme() throws {
    let document = try Self.document(Self.terrazzo.appendingPathComponent("terrazzo.resolver.yml").path)
    #expect(document.resolutionOrder.count == 2)
    guard case .set(let base) = document.resolutionOrder.first,
      case .modifier(let theme) = document.resolutionOrder.last
    else {
      Issue.record("expected a set, then a modifier")
      return
    }
    #expect(base.name == "base")
    #expect(base.sources.map(Self.file) == Self.baseFiles)
    #expect(theme.name == "theme")
    #expect(theme.defaultContext == "light")
    #expect(theme.contexts.map(\.name) == ["light", "dark"])
    #expect(
      theme.contexts.map { $0.sources.map(Self.file) } == [
        ["colors-light.tokens.yml"], ["colors-dark.tokens.yml"],
      ])
    #expect(theme.contexts.map(\.location.line) == [21, 23])
  }

  /// Every context of the one modifier is a mode, the default first; each mode's layers are the base
  /// set's six files, then its context's file.
  @Test func terrazzosDocumentCompilesToALightAndADarkMode() throws {
    var configuration = Configuration.defaults(baseDirectory: Self.terrazzo.path)
    configuration.resolver = Configuration.Resolver(path: "terrazzo.resolver.yml")
    let inputs = try ProjectTokens.inputs(configuration)
    #expect(inputs.modes.map(\.name) == ["light", "dark"])
    let layers = inputs.modes.map { mode in
      mode.layers.flatMap { $0.inputs.map { ($0.file.path as NSString).lastPathComponent } }
    }
    #expect(
      layers == [Self.baseFiles + ["colors-light.tokens.yml"], Self.baseFiles + ["colors-dark.tokens.yml"]])
    #expect(inputs.allFiles.first?.path.hasSuffix("terrazzo.resolver.yml") == true)
  }

  @Test func theConfigChoosesContextsPerModifier() throws {
    let configuration = try ConfigurationLoader().load(
      yaml: """
        resolver:
          path: brands.resolver.json
          contexts:
            theme: all
            brand: acme
            density: [compact, comfortable]
        """, path: "ebtokens.yml")
    let resolver = try #require(configuration.resolver)
    #expect(resolver.path == "brands.resolver.json")
    #expect(resolver.choices.map(\.modifier) == ["theme", "brand", "density"])
    #expect(resolver.choices.map(\.contexts) == [nil, ["acme"], ["compact", "comfortable"]])
    #expect(resolver.choices.map { $0.location?.line } == [4, 5, 6])

    let short = try ConfigurationLoader().load(yaml: "resolver: x.resolver.yml\n", path: "ebtokens.yml")
    #expect(short.resolver?.path == "x.resolver.yml")
    #expect(short.resolver?.choices.isEmpty == true)
  }

  @Test func pointersUnescapeTildesAndSlashesAndRoundTrip() throws {
    let yaml = """
      version: "2025.10"
      sets:
        a:
          sources:
            - {$ref: "file.tokens.json#/a~1b/c~0d"}
            - {$ref: "#/$defs/inline"}
      $defs:
        inline:
          x: {$type: number, $value: 1}
      resolutionOrder:
        - {$ref: "#/sets/a"}
      """
    let result = YAMLReader().read(bytes: Array(yaml.utf8), path: "r.yml")
    let (parsed, errors) = ResolverDocument.parse(try #require(result.document), format: .yaml)
    #expect(errors.map(\.diagnostic.message) == [])
    guard case .set(let set)? = parsed?.resolutionOrder.first else {
      Issue.record("no set")
      return
    }
    guard case .file(let path, let pointer, _) = set.sources[0], case .inline(let node) = set.sources[1]
    else {
      Issue.record("expected a file source, then an inline one")
      return
    }
    #expect(path == "file.tokens.json")
    #expect(pointer == ["a/b", "c~d"])
    #expect(ResolverDocument.pointerText(pointer) == "#/a~1b/c~0d")
    // The pointer within the document leads to the `$defs` entry, located where it is written.
    #expect(node.location.line == 9)
  }

  /// Nine modifiers of two contexts make 512 combinations: more modes than a build makes, refused
  /// before anything is read, at the first modifier.
  @Test func tooManyCombinationsAreRefused() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-resolver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let modifiers = (1...9).map { "  - {type: modifier, name: m\($0), contexts: {a: [], b: []}}" }
    let yaml = "version: \"2025.10\"\nresolutionOrder:\n" + modifiers.joined(separator: "\n") + "\n"
    try Data(yaml.utf8).write(to: directory.appendingPathComponent("r.resolver.yml"))
    var configuration = Configuration.defaults(baseDirectory: directory.path)
    configuration.resolver = Configuration.Resolver(path: "r.resolver.yml")
    let error = #expect(throws: DiagnosticsError.self) { try ProjectTokens.inputs(configuration) }
    #expect(
      error?.diagnostics.map(\.message) == [
        ResolverError.tooManyCombinations(limit: 256, at: nil).diagnostic.message
      ])
    #expect(error?.diagnostics.first?.location?.line == 3)
    // Choosing one context of one modifier halves them to 256, which is allowed.
    configuration.resolver?.choices = [Configuration.Resolver.Choice(modifier: "m1", contexts: ["a"])]
    #expect(try ProjectTokens.inputs(configuration).modes.count == 256)
  }

  /// A `$ref` in a context's file, not in the base set's, is followed in each mode the context
  /// makes: the pointers of a mode are looked for in every layer it is made of.
  @Test func aPointerInAContextsFileIsFollowedInItsMode() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ebtokens-resolver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = [
      "base.tokens.json":
        ##"{"color": {"$type": "color", "blue": {"$value": "#0000FF"}, "red": {"$value": "#FF0000"}}}"##,
      "light.tokens.json": ##"{"accent": {"$ref": "#/color/blue"}}"##,
      "dark.tokens.json": ##"{"accent": {"$ref": "#/color/red"}}"##,
      "r.resolver.yml": """
      version: "2025.10"
      resolutionOrder:
        - {type: set, name: base, sources: [{$ref: base.tokens.json}]}
        - type: modifier
          name: theme
          contexts: {light: [{$ref: light.tokens.json}], dark: [{$ref: dark.tokens.json}]}
      """,
    ]
    for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
    var configuration = Configuration.defaults(baseDirectory: directory.path)
    configuration.resolver = Configuration.Resolver(path: "r.resolver.yml")
    let tokens = try ProjectTokens.load(configuration).value
    #expect(tokens.modes == ["light", "dark"])
    #expect(tokens.sets.map { $0["accent"]?.value.displayString } == ["#0000FF", "#FF0000"])
    #expect(tokens.sets.map { $0["accent"]?.reference?.target.name } == ["color.blue", "color.red"])
  }
}
